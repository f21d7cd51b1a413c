import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Logger } from '../lib/logger';
import type { Database } from './schema';
import { AppSqliteDialect } from './sqlite-dialect';

export type Db = Kysely<Database>;
export type DbDialect = 'sqlite' | 'postgres';

/** Which engine DATABASE_URL names. */
export function databaseDialect(databaseUrl: string): DbDialect {
  return databaseUrl.startsWith('postgres') ? 'postgres' : 'sqlite';
}

/**
 * The folder the SQLite database of `databaseUrl` lives in, whose disk fills as the site grows (/healthz
 * watches it); null for PostgreSQL (its disk is the database server's) and an in-memory database.
 */
export function sqliteDataDir(databaseUrl: string): string | null {
  if (databaseDialect(databaseUrl) !== 'sqlite') return null;
  const file = databaseUrl.replace(/^sqlite:/, '');
  return file === ':memory:' ? null : dirname(resolve(file));
}

/**
 * PostgreSQL's limits for the site's own queries. Without them a request waits for good when the database
 * is unreachable in a way that sends nothing back (a network that drops packets, a proxy that hangs): the
 * pool's ten connections wait, every request behind them waits, and the process looks dead instead of
 * answering with an error. A statement running 15 s is cancelled by the server (statement_timeout); one
 * whose answer does not come back within 30 s is given up by the client (the network case, where the
 * server's cancel cannot reach us); a connection, or a free place in the pool, not had within 10 s fails.
 * 15 s is far above any query of the site. Migrations connect without limits (`limits: false`): a step
 * may rebuild a large table, and a process waits on the migration lock while another migrates.
 */
export const PG_STATEMENT_TIMEOUT_MS = 15_000;
export const PG_ANSWER_TIMEOUT_MS = 30_000;
export const PG_CONNECT_TIMEOUT_MS = 10_000;

/**
 * Opens the database named by DATABASE_URL: `sqlite:<file>` (the default, embedded) or
 * `postgres://…` (for several processes behind a load balancer). `logger` hears of a PostgreSQL
 * connection lost; `limits: false` for the migrations (above).
 */
export function connectDatabase(databaseUrl: string, options: { logger?: Logger; limits?: boolean } = {}): { db: Db; dialect: DbDialect } {
  if (databaseDialect(databaseUrl) === 'postgres') {
    // INT8 (count(*), bigint) arrives as text by default; our counts fit in a JS number.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
    const limits =
      options.limits === false
        ? {}
        : {
            connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
            statement_timeout: PG_STATEMENT_TIMEOUT_MS,
            query_timeout: PG_ANSWER_TIMEOUT_MS,
          };
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 10,
      ...limits,
      // A connection a firewall or NAT silently dropped is found out instead of hanging the next query.
      keepAlive: true,
    });
    // A connection that dies (PostgreSQL restarted, an administrator ended it, the network broke) is an
    // 'error' event: on the pool while the connection is idle, on the connection itself while a query
    // runs on it (the query fails as well, and its request answers with an error). Unheard, either ends
    // the process — every process of a scale-out at the same moment. The pool drops the broken
    // connection and opens a new one for the next query, so the site comes back with the database.
    const lost = (error: Error) =>
      options.logger?.warn('database connection lost; the next query opens a new one', { error: error.message });
    pool.on('error', lost);
    pool.on('connect', (client) => {
      // While idle the pool's own listener reports it (above): once is enough.
      client.on('error', () => undefined);
    });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  const file = databaseUrl.replace(/^sqlite:/, '');
  const dataDir = sqliteDataDir(databaseUrl);
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers run while one writer writes; the busy timeout makes a second writer wait
  // instead of failing at once (with BEGIN IMMEDIATE, see sqlite-dialect.ts); SQLite leaves foreign
  // keys off unless asked.
  // (exec rather than pragma(): it makes no statement object for the garbage collector, see sqlite-dialect.ts)
  sqlite.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL;');
  return { db: new Kysely<Database>({ dialect: new AppSqliteDialect(sqlite) }), dialect: 'sqlite' };
}
