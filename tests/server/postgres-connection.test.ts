/**
 * The PostgreSQL pool when the database goes away under it (a restart, an administrator ending the
 * connections, a broken network): the process must live on and serve again as soon as the database
 * does. An idle connection that dies is an 'error' event on the pool, which ended the process when
 * nobody listened — every process of a scale-out at once.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectDatabase, PG_STATEMENT_TIMEOUT_MS, type Db } from '@server/db/connect';
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
      .toContain('database connection lost; the next query opens a new one');
    const again = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
    expect(again.rows[0]?.pid).not.toBe(pid);
  });

  /**
   * Whether the pool answers again: a broken connection handed back after its failed query may serve one
   * more query (which fails) before the pool drops it, so this asks until it works — the site comes back.
   */
  const answersAgain = () =>
    expect
      .poll(
        async () => {
          try {
            return (await sql<{ one: number }>`select 1 as one`.execute(db)).rows[0]?.one;
          } catch {
            return null;
          }
        },
        { timeout: 10_000 },
      )
      .toBe(1);

  it('ended under a running query: the query fails, the process lives on, and the pool answers again', async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    let failure: unknown;
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
      const pid = rows[0]?.pid;
      // The pool has one connection: the sleep runs on it. Caught at once: it fails while we wait below.
      const sleeping = sql`select pg_sleep(30)`.execute(db).then(
        () => null,
        (error: unknown) => error,
      );
      await expect
        .poll(async () => (await admin.query('select state from pg_stat_activity where pid = $1', [pid])).rows[0]?.state)
        .toBe('active');
      // Ended while the statement runs on it, as a restart of PostgreSQL would.
      await admin.query('select pg_terminate_backend($1)', [pid]);
      failure = await sleeping;
    } finally {
      await admin.end();
    }
    expect(String(failure)).toMatch(/terminat/);
    await answersAgain();
  });

  it('ended inside a transaction between two statements: the transaction fails, the process lives on', async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const inTransaction = db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        // The connection is taken out of the pool for the transaction, and idle between statements.
        await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
        await expect
          .poll(async () => (await admin.query('select 1 from pg_stat_activity where pid = $1', [rows[0]?.pid])).rowCount)
          .toBe(0);
        await new Promise((resolve) => setTimeout(resolve, 100));
        await sql`select 1`.execute(trx);
      });
      await expect(inTransaction).rejects.toThrow();
    } finally {
      await admin.end();
    }
    await answersAgain();
  });

  it('has the server cancel a statement after the limit (statement_timeout on every connection)', async () => {
    const { rows } = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(db);
    expect(rows[0]?.statement_timeout).toBe(`${PG_STATEMENT_TIMEOUT_MS / 1000}s`);
  });
});
