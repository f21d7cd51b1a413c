/**
 * The Impressum settings at start-up (§ 5 DDG): a site without them may run for a first try-out (it
 * shows example values), but not go live. Missing settings give one warning naming them all; in
 * production over https, where the site is public, the start is refused until they are set.
 */
import { ConfigError, type Config } from '../config';
import type { Logger } from '../lib/logger';

export type LegalStartupVerdict = { kind: 'complete' } | { kind: 'warn'; missing: string[] } | { kind: 'refuse'; missing: string[] };

/** What the start does about the legal settings; decided from the configuration alone. */
export function legalStartupVerdict(config: Pick<Config, 'legal' | 'isProduction' | 'isHttps'>): LegalStartupVerdict {
  const missing = [...config.legal.missing];
  if (missing.length === 0) return { kind: 'complete' };
  return config.isProduction && config.isHttps ? { kind: 'refuse', missing } : { kind: 'warn', missing };
}

/**
 * Logs the warning, or throws ConfigError (the start stops with its message and exit code 1, as for
 * any invalid setting). Called by main.ts and dev.ts before anything else starts.
 */
export function checkLegalSettings(config: Pick<Config, 'legal' | 'isProduction' | 'isHttps'>, logger: Logger): void {
  const verdict = legalStartupVerdict(config);
  if (verdict.kind === 'complete') return;
  const names = verdict.missing.join(', ');
  if (verdict.kind === 'refuse') {
    throw new ConfigError(
      `Refusing to start: the site is public (NODE_ENV=production, https PUBLIC_URL) but its Impressum is incomplete.\n` +
        `Set these variables (README, "Before going live"): ${names}`,
    );
  }
  logger.warn(`Impressum incomplete: ${names} not set; the legal pages show example values. Set them before going live.`, {
    missing: verdict.missing,
  });
}
