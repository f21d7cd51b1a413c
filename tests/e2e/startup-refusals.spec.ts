import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';

// The compiled server, started as an operator starts it, with a setting that cannot work: it must say
// which setting and why, in one line without a stack trace, and exit 1 (README "Configuration").
// No browser: tagged to run once.

type Outcome = { code: number | null; stderr: string };

async function startServer(env: Record<string, string>): Promise<Outcome> {
  const dataDir = mkdtempSync(join(tmpdir(), 'schoolbox-startup-'));
  try {
    await promisify(execFile)(process.execPath, ['dist/server/main.js'], {
      env: {
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${join(dataDir, 'app.db')}`,
        LOG_LEVEL: 'warn',
        ...env,
      },
      timeout: 60_000,
    });
    return { code: 0, stderr: '' };
  } catch (error) {
    const failed = error as { code: number | null; stderr: string };
    return { code: failed.code, stderr: failed.stderr };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

test('a port in use is named, without a stack trace @desktop-only', async ({ baseURL }) => {
  const port = new URL(baseURL ?? '').port;
  const { code, stderr } = await startServer({ PORT: port });
  expect(code).toBe(1);
  expect(stderr).toContain(`Start-up failed: PORT ${port} on 127.0.0.1 is in use by another process: stop it, or set PORT to a free port`);
  expect(stderr).not.toMatch(/^\s+at /m);
});

test('a database that cannot be reached is named, its password left out @desktop-only', async () => {
  const { code, stderr } = await startServer({ PORT: '0', DATABASE_URL: 'postgres://site:hunter2-secret@127.0.0.1:1/schoolbox' });
  expect(code).toBe(1);
  expect(stderr).toContain(
    'Start-up failed: the database in DATABASE_URL (postgres://site:***@127.0.0.1:1/schoolbox) could not be opened or migrated:',
  );
  expect(stderr).not.toContain('hunter2-secret');
  expect(stderr).not.toMatch(/^\s+at /m);
});

test('a SQLite file that cannot be made is named as DATABASE_URL @desktop-only', async () => {
  const { code, stderr } = await startServer({ PORT: '0', DATABASE_URL: 'sqlite:/etc/passwd/app.db' });
  expect(code).toBe(1);
  expect(stderr).toContain('Start-up failed: the database in DATABASE_URL (sqlite:/etc/passwd/app.db) could not be opened or migrated:');
  expect(stderr).not.toMatch(/^\s+at /m);
});
