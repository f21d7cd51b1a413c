import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Db } from '@server/db/connect';
import pg from 'pg';
import { inject } from 'vitest';

export type TestDatabase = { url: string; dialect: 'sqlite' | 'postgres'; drop(): Promise<void> };

/**
 * A fresh database for one test: a SQLite file in the given folder, or, when TEST_DATABASE_URL names a
 * PostgreSQL server, a schema of its own there (dropped afterwards).
 */
export async function testDatabase(dir: string): Promise<TestDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base?.startsWith('postgres')) return { url: `sqlite:${join(dir, 'app.db')}`, dialect: 'sqlite', drop: async () => undefined };
  const schema = `test_${randomUUID().replace(/-/g, '')}`;
  await onServer(base, (client) => client.query(`CREATE SCHEMA ${schema}`));
  return { url: schemaUrl(base, schema), dialect: 'postgres', drop: () => dropSchema(base, schema) };
}

/**
 * The database of a test app (tests/support/test-runtime.ts): as fresh as testDatabase's, but on
 * PostgreSQL a schema that an earlier test app of this worker gave back, emptied, when there is one.
 * Migrating a new schema was most of a test app's start on PostgreSQL (about 150 of 190 ms, a thousand
 * times a run), and every schema made and dropped leaves dead rows in a catalog that a server without
 * autovacuum never cleans. A schema goes back only as the migrations left it (a test may drop a table
 * to make writes fail); its rows are deleted, the migrator's own two tables kept. The run's global setup
 * (postgres-schemas.global.ts) drops what is left at its end, whatever a test forgot to close.
 */
export async function reusableTestDatabase(dir: string): Promise<TestDatabase & { migrated(): Promise<void>; release(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base?.startsWith('postgres')) {
    const database = await testDatabase(dir);
    return { ...database, migrated: async () => undefined, release: database.drop };
  }
  const schema = idleSchemas.pop() ?? (await createPooledSchema(base));
  return {
    url: schemaUrl(base, schema),
    dialect: 'postgres',
    async migrated() {
      migratedShape ??= await tableShape(base, schema);
    },
    /** Dropped, not given back: for an app that did not close cleanly (something may still write to it). */
    drop: () => dropSchema(base, schema),
    /** Given back emptied when it is as the migrations left it; dropped otherwise. */
    async release() {
      const shape = await tableShape(base, schema);
      if (migratedShape === undefined || shape.signature !== migratedShape.signature) return dropSchema(base, schema);
      try {
        await emptyTables(base, schema, shape.tables);
      } catch {
        // session_replication_role needs a superuser (the default postgres://postgres@…): with an ordinary
        // role every schema is dropped, as before the pool.
        return dropSchema(base, schema);
      }
      idleSchemas.push(schema);
    },
  };
}

/** True when the tests run on PostgreSQL (TEST_DATABASE_URL), for the few that are about SQLite itself. */
export const onPostgres = (process.env.TEST_DATABASE_URL ?? '').startsWith('postgres');

/**
 * The tables of the test's own database, each with its columns in order: on PostgreSQL only the
 * connection's schema. Not Kysely's introspector there: it reads every schema of the server and names
 * each table by its schema (pg_get_serial_sequence), so another test dropping its schema at that moment
 * failed the read with "schema … does not exist".
 */
export async function ownTables(db: Db): Promise<Array<{ name: string; columns: Array<{ name: string }> }>> {
  if (!onPostgres) return db.introspection.getTables();
  const { rows } = await sql<{ table: string; column: string }>`select c.table_name as table, c.column_name as column
    from information_schema.columns c join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' order by c.table_name, c.ordinal_position`.execute(db);
  const tables = new Map<string, Array<{ name: string }>>();
  for (const row of rows) tables.set(row.table, [...(tables.get(row.table) ?? []), { name: row.column }]);
  return [...tables].map(([name, columns]) => ({ name, columns }));
}

/** Emptied, migrated schemas of this worker (module state: with isolate: false it outlives a test file). */
const idleSchemas: string[] = [];
/** What the migrations make, read off the first migrated schema of this worker. */
let migratedShape: TableShape | undefined;

type TableShape = { signature: string; tables: string[] };

/** The migrator's own tables: their rows say the schema is migrated, so they stay. */
const MIGRATOR_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

async function createPooledSchema(base: string): Promise<string> {
  const schema = `${inject('pooledSchemaPrefix')}${randomUUID().replace(/-/g, '')}`;
  await onServer(base, (client) => client.query(`CREATE SCHEMA ${schema}`));
  return schema;
}

/** Every relation of the schema (tables, indexes) with its kind and column count, as one comparable string. */
async function tableShape(base: string, schema: string): Promise<TableShape> {
  const { rows } = await onServer(base, (client) =>
    client.query<{ name: string; kind: string; columns: number }>(
      `select c.relname as name, c.relkind as kind, c.relnatts as columns from pg_class c
       where c.relnamespace = (select oid from pg_namespace where nspname = $1) order by c.relname`,
      [schema],
    ),
  );
  return {
    signature: rows.map((row) => `${row.name}:${row.kind}:${row.columns}`).join(','),
    tables: rows.filter((row) => row.kind === 'r' && !MIGRATOR_TABLES.has(row.name)).map((row) => row.name),
  };
}

/** Deletes every row; with the foreign keys' triggers off for the transaction, in any order. */
async function emptyTables(base: string, schema: string, tables: string[]): Promise<void> {
  const deletes = tables.map((table) => `DELETE FROM ${schema}."${table}";`).join('\n');
  await onServer(base, (client) => client.query(`BEGIN; SET LOCAL session_replication_role = replica;\n${deletes}\nCOMMIT;`));
}

function dropSchema(base: string, schema: string): Promise<void> {
  return onServer(base, async (client) => void (await client.query(`DROP SCHEMA ${schema} CASCADE`)));
}

function schemaUrl(base: string, schema: string): string {
  const separator = base.includes('?') ? '&' : '?';
  return `${base}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}

async function onServer<T>(base: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
