/**
 * The PostgreSQL pool when the database goes away under it (a restart, an administrator ending the
 * connections, a broken network): the process must live on and serve again as soon as the database
 * does. An idle connection that dies is an 'error' event on the pool, which ended the process when
 * nobody listened — every process of a scale-out at once.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectDatabase, type Db } from '@server/db/connect';
import { createLogger } from '@server/lib/logger';
import { makeTempDir } from '../support/temp-dir';
import { onPostgres, testDatabase } from '../support/test-database';

describe.runIf(onPostgres)('a PostgreSQL connection ended while idle', () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger('warn', {}, (line) => lines.push(JSON.parse(line)));

  beforeEach(async () => {
    const temp = makeTempDir();
    const database = await testDatabase(temp.dir);
    db = connectDatabase(database.url, { logger }).db;
    cleanup = async () => {
      await db.destroy();
      await database.drop();
      temp.remove();
    };
  });
  afterEach(() => cleanup());

  it('is logged, and the next query opens a new connection: the process lives on', async () => {
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
    const pid = rows[0]?.pid;
    expect(pid).toBeGreaterThan(0);
    // The pool's only connection is idle now; another session ends it, as a restart of PostgreSQL would.
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    await expect
      .poll(() => lines.map((line) => line.msg), { timeout: 10_000 })
      .toContain('database connection lost while idle; the next query opens a new one');
    const again = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
    expect(again.rows[0]?.pid).not.toBe(pid);
  });
});
