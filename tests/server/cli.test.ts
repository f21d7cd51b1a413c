import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Db } from '@server/db/connect';
import { makeTempDir } from '../support/temp-dir';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
let temp: ReturnType<typeof makeTempDir>;
let databaseUrl: string;

/** Runs the operator CLI from source (tsx), as `npm run cli` runs its compiled twin. */
async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', join(root, 'src-server/cli.ts'), ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

async function withDb<T>(use: (db: Db) => Promise<T>): Promise<T> {
  const { db } = connectDatabase(databaseUrl);
  try {
    return await use(db);
  } finally {
    await db.destroy();
  }
}

beforeAll(() => {
  temp = makeTempDir();
  databaseUrl = `sqlite:${join(temp.dir, 'cli.db')}`;
});
afterAll(() => temp.remove());

describe('operator CLI', () => {
  it('prints its commands with --help', async () => {
    const { code, stdout } = await cli('--help');
    expect(code).toBe(0);
    for (const command of ['admin:create', 'admin:grant', 'admin:revoke', 'users:list', 'seed']) expect(stdout).toContain(command);
  });

  it('creates a verified admin, lists it, revokes and grants the role', async () => {
    const created = await cli('admin:create', '--email', ' Boss@Example.org ', '--password', 'secret-1', '--first-name', 'Rosa', '--last-name', 'Chef');
    expect(created.code).toBe(0);
    const user = await withDb((db) => db.selectFrom('users').selectAll().where('email', '=', 'boss@example.org').executeTakeFirstOrThrow());
    expect(user.email_verified_at).not.toBeNull();
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect((await cli('users:list')).stdout).toMatch(/boss@example\.org\s+Rosa Chef\s+verified\s+admin/);

    expect((await cli('admin:revoke', 'boss@example.org')).stdout).toContain('no longer an admin');
    expect((await cli('users:list')).stdout).not.toMatch(/boss@example\.org.*admin$/m);
    expect((await cli('admin:grant', 'BOSS@example.org')).code).toBe(0);
    expect(await withDb((db) => db.selectFrom('user_roles').select('role').where('user_id', '=', user.id).execute())).toEqual([{ role: 'admin' }]);
  });

  it.each([
    [['admin:grant', 'nobody@example.org'], /No user with the e-mail address nobody@example\.org/],
    [['admin:revoke', 'not-an-address'], /is not a valid e-mail address/],
    [['admin:create', '--email', 'x@example.org', '--password', '123'], /--password must be 6 to 128 characters/],
    [['admin:create', '--email', 'x@example.org', '--password'], /--password needs a value/],
    [['frobnicate'], /Unknown command "frobnicate"/],
  ])('refuses %j with a clear message and exit status 1', async (args, message) => {
    const { code, stderr } = await cli(...(args as string[]));
    expect(code).toBe(1);
    expect(stderr).toMatch(message);
  });

  it('seed adds the demo posts once', async () => {
    expect((await cli('seed')).stdout).toMatch(/Added \d+ demo posts/);
    expect((await cli('seed')).stdout).toContain('all there already');
  });
});
