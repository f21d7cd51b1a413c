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
 * PostgreSQL's limits for one connection and one query. Without them a request waits for good when the
 * database is unreachable in a way that sends nothing back (a network that drops packets, a proxy that
 * hangs): the pool's ten connections wait, every request behind them waits, and the process looks dead
 * instead of answering with an error. A connection that cannot be made in 5 s, or a query unanswered for
 * 15 s, fails (the page answers 500, /healthz 503) and the next request tries afresh. 15 s is far above
 * any query of this site, and a migration waiting for another process's migration lock waits in a
 * transaction of its own per step, each short.
 */
export const PG_CONNECT_TIMEOUT_MS = 5_000;
export const PG_QUERY_TIMEOUT_MS = 15_000;

/**
 * Opens the database named by DATABASE_URL: `sqlite:<file>` (the default, embedded) or
 * `postgres://…` (for several processes behind a load balancer). `logger` hears of a PostgreSQL
 * connection lost while idle.
 */
export function connectDatabase(databaseUrl: string, options: { logger?: Logger } = {}): { db: Db; dialect: DbDialect } {
  if (databaseDialect(databaseUrl) === 'postgres') {
    // INT8 (count(*), bigint) arrives as text by default; our counts fit in a JS number.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 10,
      connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
      query_timeout: PG_QUERY_TIMEOUT_MS,
      // A connection a firewall or NAT silently dropped is found out instead of hanging the next query.
      keepAlive: true,
    });
    // An idle connection that dies (PostgreSQL restarted, an administrator ended it, the network broke)
    // is an 'error' event on the pool; unhandled, Node ends the process, and with it every process of a
    // scale-out at the same moment. The pool has already dropped that connection and opens a new one for
    // the next query, so the site comes back by itself as soon as the database does.
    pool.on('error', (error) => {
      options.logger?.warn('database connection lost while idle; the next query opens a new one', { error: error.message });
    });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  const file = databaseUrl.replace(/^sqlite:/, '');
  if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers run while one writer writes; the busy timeout makes a second writer wait
  // instead of failing at once (with BEGIN IMMEDIATE, see sqlite-dialect.ts); SQLite leaves foreign
  // keys off unless asked.
  // (exec rather than pragma(): it makes no statement object for the garbage collector, see sqlite-dialect.ts)
  sqlite.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL;');
  return { db: new Kysely<Database>({ dialect: new AppSqliteDialect(sqlite) }), dialect: 'sqlite' };
}
