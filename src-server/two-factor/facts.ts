import type { Db } from '../db/connect';
import { countUnusedRecoveryCodes } from './recovery-codes';
import { findTwoFactorSecret } from './secrets';

/** What may be said of a user's two-factor sign-in: never the secret or the codes' hashes. */
export type TwoFactorFacts = { enabled: boolean; enabledAt: string | null; recoveryCodesLeft: number };

/**
 * Whether two-factor sign-in is on (a setup waiting for its first code is not), since when, and how many
 * recovery codes are unused. Shown at /account and written into the data export.
 */
export async function twoFactorFacts(db: Db, userId: string): Promise<TwoFactorFacts> {
  const secret = await findTwoFactorSecret(db, userId);
  const enabled = Boolean(secret?.enabled_at);
  return {
    enabled,
    enabledAt: secret?.enabled_at ?? null,
    recoveryCodesLeft: enabled ? await countUnusedRecoveryCodes(db, userId) : 0,
  };
}
