import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { AppSqliteDialect } from './sqlite-dialect';

export type Db = Kysely<Database>;
export type DbDialect = 'sqlite' | 'postgres';

/** Which engine DATABASE_URL names. */
export function databaseDialect(databaseUrl: string): DbDialect {
  return databaseUrl.startsWith('postgres') ? 'postgres' : 'sqlite';
}

/**
 * Opens the database named by DATABASE_URL: `sqlite:<file>` (the default, embedded) or
 * `postgres://…` (for several processes behind a load balancer).
 */
export function connectDatabase(databaseUrl: string): { db: Db; dialect: DbDialect } {
  if (databaseDialect(databaseUrl) === 'postgres') {
    // INT8 (count(*), bigint) arrives as text by default; our counts fit in a JS number.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
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
