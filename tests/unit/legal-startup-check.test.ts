import { describe, expect, it } from 'vitest';
import { ConfigError, LEGAL_REQUIRED_SETTINGS, parseConfig } from '@server/config';
import { checkLegalSettings, legalStartupVerdict } from '@server/legal/startup-check';
import { createLogger } from '@server/lib/logger';

/** Every required legal setting with a value of its own. */
const COMPLETE: Record<string, string> = {
  ORG_NAME: 'Testverein e. V.',
  ORG_LEGAL_FORM: 'eingetragener Verein',
  ORG_STREET: 'Teststraße 1',
  ORG_POSTCODE: '50667',
  ORG_CITY: 'Köln',
  ORG_BOARD: 'Erika Test (Vorsitzende); Max Test (Kassenwart)',
  ORG_REGISTER_COURT: 'Amtsgericht Köln',
  ORG_REGISTER_NUMBER: 'VR 99999',
  SITE_EMAIL: 'info@testverein.example',
  SITE_PHONE: '+49 221 000000',
  EDITOR_NAME: 'Erika Test',
  EDITOR_ADDRESS: 'Teststraße 1, 50667 Köln',
};

/** A real logger whose lines are kept, parsed. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger('debug', {}, (line) => lines.push(JSON.parse(line) as Record<string, unknown>));
  return { logger, lines };
}

const config = (env: Record<string, string>) => parseConfig({ DATABASE_URL: 'sqlite::memory:', ...env });

describe('the legal start-up check', () => {
  it('stays silent when every required setting is set', () => {
    const { logger, lines } = capturedLogger();
    const complete = config({ ...COMPLETE, NODE_ENV: 'production', PUBLIC_URL: 'https://schoolbox.example' });
    expect(legalStartupVerdict(complete)).toEqual({ kind: 'complete' });
    checkLegalSettings(complete, logger);
    expect(lines).toEqual([]);
  });

  it('warns once, naming every missing variable, and lets a try-out start', () => {
    const { ORG_NAME: _name, ORG_BOARD: _board, EDITOR_ADDRESS: _editor, ...partial } = COMPLETE;
    const { logger, lines } = capturedLogger();
    // Production over plain http (a try-out on a laptop) and development over https both only warn.
    for (const env of [
      { ...partial, NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' },
      { ...partial, NODE_ENV: 'development', PUBLIC_URL: 'https://schoolbox.example' },
    ]) {
      expect(() => checkLegalSettings(config(env), logger)).not.toThrow();
    }
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line.level).toBe('warn');
      expect(line.missing).toEqual(['ORG_NAME', 'ORG_BOARD', 'EDITOR_ADDRESS']);
      expect(line.msg).toContain('ORG_NAME, ORG_BOARD, EDITOR_ADDRESS');
    }
  });

  it('lists all required settings when none is set (an empty value counts as missing)', () => {
    const { logger, lines } = capturedLogger();
    checkLegalSettings(config({ NODE_ENV: 'test', ORG_NAME: '  ' }), logger);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.missing).toEqual([...LEGAL_REQUIRED_SETTINGS]);
  });

  it('refuses to start in production over https, with a message naming them, and logs nothing else', () => {
    const { SITE_PHONE: _phone, ORG_REGISTER_NUMBER: _number, ...partial } = COMPLETE;
    const { logger, lines } = capturedLogger();
    const live = config({ ...partial, NODE_ENV: 'production', PUBLIC_URL: 'https://schoolbox.example' });
    expect(legalStartupVerdict(live)).toEqual({ kind: 'refuse', missing: ['ORG_REGISTER_NUMBER', 'SITE_PHONE'] });
    let thrown: unknown;
    try {
      checkLegalSettings(live, logger);
    } catch (error) {
      thrown = error;
    }
    // A ConfigError: main.ts prints its message and exits with 1, as for any invalid setting.
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as Error).message).toContain('ORG_REGISTER_NUMBER, SITE_PHONE');
    expect((thrown as Error).message).toContain('Refusing to start');
    expect(lines).toEqual([]);
  });
});
