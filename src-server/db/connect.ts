import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type Db = Kysely<Database>;
export type DbDialect = 'sqlite' | 'postgres';

/**
 * Opens the database named by DATABASE_URL: `sqlite:<file>` (the default, embedded) or
 * `postgres://…` (for several processes behind a load balancer).
 */
export function connectDatabase(databaseUrl: string): { db: Db; dialect: DbDialect } {
  if (databaseUrl.startsWith('postgres')) {
    // INT8 (count(*), bigint) arrives as text by default; our counts fit in a JS number.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  const file = databaseUrl.replace(/^sqlite:/, '');
  if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers run while one writer writes; the busy timeout makes a second writer wait
  // instead of failing at once; SQLite leaves foreign keys off unless asked.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }), dialect: 'sqlite' };
}
