/**
 * `npm run cli -- admin:reset-2fa E` as the operator runs it (the compiled bundle, like cli.test.ts): a
 * lost second factor and its recovery codes go, and the audit trail says the CLI did it (ADR 041).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@server/auth/password';
import { grantAdmin } from '@server/auth/roles';
import { insertUser } from '@server/auth/users';
import { connectDatabase, type Db } from '@server/db/connect';
import { hasTwoFactor } from '@server/two-factor/secrets';
import { replaceRecoveryCodes } from '@server/two-factor/recovery-codes';
import { enableSecret, savePendingSecret } from '@server/two-factor/secrets';
import { newTotpSecret } from '@server/two-factor/totp';
import { makeTempDir } from '../support/temp-dir';
import { testDatabase } from '../support/test-database';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../../dist/server/cli.js', import.meta.url));
let temp: ReturnType<typeof makeTempDir>;
let database: Awaited<ReturnType<typeof testDatabase>>;
let db: Db;

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], {
      cwd: temp.dir,
      env: { ...process.env, DATABASE_URL: database.url },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

beforeAll(async () => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: these tests need the production build (npm run build)`);
  temp = makeTempDir();
  database = await testDatabase(temp.dir);
  db = connectDatabase(database.url).db;
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
  temp?.remove();
});

describe('admin:reset-2fa', () => {
  it('removes the second factor and the recovery codes, audited; refuses an unknown address', async () => {
    // The CLI migrates the database it opens; the first call brings it up to date.
    expect((await cli('admin:reset-2fa', 'nobody@example.org')).code).toBe(1);
    const now = new Date();
    const user = await insertUser(
      db,
      {
        email: 'lost-phone@example.org',
        passwordHash: await hashPassword('secret-1'),
        firstName: 'Ada',
        lastName: 'L',
        locale: 'de',
        verifiedAt: now,
      },
      now,
    );
    await grantAdmin(db, user.id, now);
    await savePendingSecret(db, user.id, newTotpSecret(), now);
    await enableSecret(db, user.id, now);
    await replaceRecoveryCodes(db, user.id, now);
    expect(await hasTwoFactor(db, user.id)).toBe(true);

    const reset = await cli('admin:reset-2fa', 'Lost-Phone@example.org');
    expect(reset.code).toBe(0);
    expect(reset.stdout).toContain('lost-phone@example.org signs in with the password alone now');
    expect(await hasTwoFactor(db, user.id)).toBe(false);
    expect(await db.selectFrom('two_factor_recovery_codes').selectAll().where('user_id', '=', user.id).execute()).toEqual([]);
    const audit = await db.selectFrom('audit_log').selectAll().where('action', '=', 'twofactor.reset').execute();
    expect(audit).toMatchObject([{ actor_email: 'cli', actor_id: null, object_id: user.id }]);

    const again = await cli('admin:reset-2fa', 'lost-phone@example.org');
    expect(again).toMatchObject({ code: 0, stdout: 'lost-phone@example.org had no two-factor sign-in.\n' });
  });
});
