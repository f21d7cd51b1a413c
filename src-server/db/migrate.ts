import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  Migrator,
  PostgresAdapter,
  sql,
  type DatabaseIntrospector,
  type Kysely,
  type Migration,
  type MigrationProvider,
  type Transaction,
} from 'kysely';
import { migrations } from '../../migrations/index';
import type { Logger } from '../lib/logger';

/**
 * Brings the schema up to date, one migration per transaction (on SQLite too, see sqlite-dialect.ts):
 * a migration that fails or is killed halfway leaves the schema as it was, and the next start tries it
 * again. Logs each migration; throws (and so stops start-up) on failure.
 */
export async function migrateToLatest(db: Kysely<any>, logger: Logger, list: Record<string, Migration> = migrations): Promise<void> {
  const schema = await currentSchema(db);
  await refuseNewerDatabase(schema ? db.withSchema(schema) : db, list);
  await migrateUpEach(
    new Migrator({ db: schema ? withIntrospectionOf(db, schema) : db, provider: providing(list), migrationTableSchema: schema }),
    logger,
  );
}

/**
 * The same inside a transaction the caller holds: a restore sets an empty database's schema back to an
 * archive's, puts the rows in and migrates them up in one transaction (backup/restore.ts), so that a
 * failure at any step leaves the database as it was. No migration commits on its own here. The
 * migrator's lock is taken on the transaction's connection (PostgreSQL's advisory lock, around each
 * migration); on SQLite the transaction holds the write lock from its start. No newer database to refuse:
 * the caller chose the bookkeeping it migrates.
 */
export async function migrateInTransaction(
  trx: Transaction<any>,
  logger: Logger,
  list: Record<string, Migration> = migrations,
): Promise<void> {
  const schema = await currentSchema(trx);
  // Kysely's migrator takes a connection of its database for its lock and its migrations: here that is the
  // transaction itself, which has no connection() of its own to give.
  const inTransaction = withConnectionOf(schema ? withIntrospectionOf(trx, schema) : trx);
  await migrateUpEach(
    new Migrator({ db: inTransaction, provider: providing(list), migrationTableSchema: schema, disableTransactions: true }),
    logger,
  );
}

function providing(list: Record<string, Migration>): MigrationProvider {
  return { getMigrations: async () => list };
}

async function migrateUpEach(migrator: Migrator, logger: Logger): Promise<void> {
  for (;;) {
    // migrateUp() applies the next pending migration (and records it) in one transaction (or the caller's).
    const { error, results = [] } = await migrator.migrateUp();
    for (const result of results) {
      const log = result.status === 'Success' ? logger.info : logger.error;
      log(`migration ${result.migrationName}: ${result.status}`);
    }
    if (error) throw error instanceof Error ? error : new Error(String(error));
    if (results.length === 0) return;
  }
}

/** `trx` as a database whose connection() is the transaction: what the migrator runs on and locks. */
function withConnectionOf(trx: Kysely<any>): Kysely<any> {
  return new Proxy(trx, {
    get(target, property) {
      if (property === 'connection') return () => ({ execute: <T>(callback: (db: Kysely<any>) => Promise<T>) => callback(target) });
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * A database that a newer version of the app migrated (the operator went back to the older version after an
 * upgrade) holds migrations this version does not know. Kysely refuses it as "corrupted migrations"; the
 * operator needs to read what happened and what to do, and no older code may run on a newer schema.
 */
async function refuseNewerDatabase(db: Kysely<any>, list: Record<string, Migration>): Promise<void> {
  let applied: string[];
  try {
    const rows = await db.selectFrom(DEFAULT_MIGRATION_TABLE).select('name').orderBy('name').execute();
    applied = rows.map((row) => String(row.name));
  } catch {
    // No bookkeeping yet (a new database, or a new schema: only the connection's own is read, as below), or
    // no database at all: the migrator says so itself.
    return;
  }
  const unknown = applied.filter((name) => !(name in list));
  if (unknown.length === 0) return;
  const known = Object.keys(list).sort().at(-1) ?? 'none';
  throw new Error(
    `a newer version of the app has migrated this database (its schema is ${applied.at(-1)}; this version knows migrations up to ${known}, not ${unknown.join(', ')}). Run the newer version again, or restore a backup taken before the upgrade into a new, empty database`,
  );
}

/**
 * On PostgreSQL, the schema the connection works in (its search_path); SQLite has none. Kysely's migrator
 * looks for its own tables in every schema of the database unless told which one: with another schema
 * that holds them (a second site in the same database, a test's own schema) it would take them as its
 * own, skip creating them here, and fail.
 */
async function currentSchema(db: Kysely<any>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

/**
 * The database as the migrator sees it, with table introspection limited to `schema`. Kysely's own
 * introspection reads every column of every schema: slow beside many schemas, and it fails with
 * "schema … does not exist" when another one is dropped while it reads (tests drop theirs in parallel).
 * The migrator only asks whether its own two tables exist (twice per migration), so only they are
 * looked up, by name: through pg_class's index on name and schema, where a list of the schema's tables
 * (information_schema.tables, or pg_class by schema) reads the whole catalog, which grows with every
 * table ever dropped until it is vacuumed (110 ms a call on a test server's catalog, 0.1 ms by name).
 */
function withIntrospectionOf(db: Kysely<any>, schema: string): Kysely<any> {
  const introspection: DatabaseIntrospector = {
    getSchemas: () => db.introspection.getSchemas(),
    getTables: async () => {
      const { rows } = await sql<{ name: string }>`select relname as name from pg_catalog.pg_class
        where relname in (${DEFAULT_MIGRATION_TABLE}, ${DEFAULT_MIGRATION_LOCK_TABLE}) and relnamespace = (select oid from pg_catalog.pg_namespace where nspname = ${schema})`.execute(
        db,
      );
      return rows.map((row) => ({ name: row.name, schema, isView: false, columns: [] }));
    },
    getMetadata: async () => ({ tables: await introspection.getTables() }),
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
