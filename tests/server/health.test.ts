import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { recordBackupFailure, recordBackupSuccess } from '@server/backup/status';
import { enqueueMail } from '@server/mail/outbox';
import { DISK_LOW_BELOW_BYTES } from '@server/http/health';
import { startTestApp, type TestApp } from '../support/test-app';
import { onPostgres } from '../support/test-database';

let app: TestApp;
afterEach(() => app.close());

const MAIL = { subject: 'Hallo', text: 'Hallo', html: '<p>Hallo</p>' };
/**
 * The free space of the folders the process fills: where the SQLite file lives, and BACKUP_DIR; on
 * PostgreSQL without BACKUP_DIR none (the database's disk is the database server's).
 */
const DISK = onPostgres ? 'off' : 'ok';
/** Longer than /healthz reuses its checks. */
const PAST_REUSE_MS = 6000;

async function health(): Promise<{ status: number; body: unknown }> {
  const response = await app.request('/healthz');
  expect(response.headers.get('cache-control')).toBe('no-store');
  return { status: response.status, body: await response.json() };
}

describe('GET /healthz', () => {
  it('answers 200 ok when the database answers and nothing is stuck', async () => {
    app = await startTestApp();
    expect(await health()).toEqual({
      status: 200,
      body: { status: 'ok', checks: { database: 'ok', mail: 'ok', backup: 'off', disk: DISK } },
    });
  });

  it('is degraded (still 200) while a mail has waited more than 15 minutes', async () => {
    app = await startTestApp();
    await enqueueMail(app.db, 'verify_email', 'a@example.org', MAIL, app.clock.now());
    app.clock.advance(14 * 60_000);
    expect((await health()).body).toEqual({ status: 'ok', checks: { database: 'ok', mail: 'ok', backup: 'off', disk: DISK } });
    app.clock.advance(2 * 60_000);
    expect(await health()).toEqual({
      status: 200,
      body: { status: 'degraded', checks: { database: 'ok', mail: 'stuck', backup: 'off', disk: DISK } },
    });

    // Sent: healthy again.
    await app.outbox.runOnce();
    app.clock.advance(PAST_REUSE_MS);
    expect((await health()).body).toMatchObject({ status: 'ok', checks: { mail: 'ok' } });
  });

  it('with BACKUP_DIR, is degraded without a backup of the last 26 hours or after a failed one', async () => {
    app = await startTestApp({ BACKUP_DIR: '/tmp/schoolbox-health-test-backups' });
    // BACKUP_DIR's free space is checked on either engine.
    expect(await health()).toEqual({
      status: 200,
      body: { status: 'degraded', checks: { database: 'ok', mail: 'ok', backup: 'missing', disk: 'ok' } },
    });

    await recordBackupSuccess(app.db, app.clock.now());
    app.clock.advance(PAST_REUSE_MS);
    expect((await health()).body).toEqual({ status: 'ok', checks: { database: 'ok', mail: 'ok', backup: 'ok', disk: 'ok' } });

    app.clock.advance(27 * 3600_000);
    expect((await health()).body).toEqual({ status: 'degraded', checks: { database: 'ok', mail: 'ok', backup: 'too_old', disk: 'ok' } });

    await recordBackupSuccess(app.db, app.clock.now());
    await recordBackupFailure(app.db, app.clock.now(), 'disk full');
    app.clock.advance(PAST_REUSE_MS);
    expect((await health()).body).toMatchObject({ status: 'degraded', checks: { backup: 'failed' } });
  });

  it.skipIf(onPostgres)('is degraded while the data folder has less than 1 GiB free (disk: "low")', async () => {
    let free = DISK_LOW_BELOW_BYTES - 1;
    const folders: string[] = [];
    app = await startTestApp(
      {},
      {
        appOverrides: {
          freeSpace: async (dir) => {
            folders.push(dir);
            return free;
          },
        },
      },
    );
    expect(await health()).toEqual({
      status: 200,
      body: { status: 'degraded', checks: { database: 'ok', mail: 'ok', backup: 'off', disk: 'low' } },
    });
    // The folder of the SQLite database file.
    expect(folders).toEqual([app.dir]);

    free = DISK_LOW_BELOW_BYTES;
    app.clock.advance(PAST_REUSE_MS);
    expect((await health()).body).toEqual({ status: 'ok', checks: { database: 'ok', mail: 'ok', backup: 'off', disk: 'ok' } });
  });

  it('is degraded while BACKUP_DIR has less than 1 GiB free, on either engine (the backups are written there)', async () => {
    const backups = join(tmpdir(), 'schoolbox-health-test-backups');
    let backupFree = DISK_LOW_BELOW_BYTES - 1;
    const folders = new Set<string>();
    app = await startTestApp(
      { BACKUP_DIR: backups },
      {
        appOverrides: {
          freeSpace: async (dir) => {
            folders.add(dir);
            return dir === backups ? backupFree : DISK_LOW_BELOW_BYTES * 10;
          },
        },
      },
    );
    await recordBackupSuccess(app.db, app.clock.now());
    expect(await health()).toEqual({
      status: 200,
      body: { status: 'degraded', checks: { database: 'ok', mail: 'ok', backup: 'ok', disk: 'low' } },
    });
    // The backup folder, and on SQLite the database's folder too.
    expect([...folders].sort()).toEqual(onPostgres ? [backups] : [app.dir, backups].sort());

    backupFree = DISK_LOW_BELOW_BYTES;
    app.clock.advance(PAST_REUSE_MS);
    expect((await health()).body).toEqual({ status: 'ok', checks: { database: 'ok', mail: 'ok', backup: 'ok', disk: 'ok' } });
  });

  it('answers 503 when the database cannot answer', async () => {
    app = await startTestApp();
    await app.db.destroy(); // the connection is gone, as after a crash of the database
    const response = await app.request('/healthz');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'unavailable', checks: { database: 'unreachable' } });
    expect(app.logs.some((line) => line.msg === 'health check failed')).toBe(true);
  });
});
