/**
 * What a backup holds, read from the database itself rather than from a list kept by hand: every table
 * of the app (a new migration's table is backed up without a change here), in foreign-key order
 * (parents before the rows that point at them), and the schema version (the newest migration applied).
 */
import { sql, type Kysely } from 'kysely';
import { version } from '../../package.json';
import type { DbDialect } from '../db/connect';

/** Kysely's bookkeeping of the migrations: the target's own, never restored over. */
export const MIGRATION_TABLES: readonly string[] = ['kysely_migration', 'kysely_migration_lock'];
/**
 * Process bookkeeping (content version, job claims, the form secret): restored with the rest, but rows
 * here do not make a database "non-empty" (a freshly started server writes some).
 */
export const BOOKKEEPING_TABLE = 'app_state';

export const APP_VERSION: string = version;

/**
 * The schema the backup sees: tables named at run time, read from the database itself, so no typed
 * schema applies (a new migration's table is backed up too). The one untyped type of the backup.
 */
// biome-ignore lint/suspicious/noExplicitAny: the tables are named at run time (above)
export type AnyTables = any;

/** Orders tables so that every table comes after those its foreign keys point to. */
export function foreignKeyOrder(tables: readonly string[], references: ReadonlyArray<{ from: string; to: string }>): string[] {
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const placed = new Set<string>();
  const visit = (table: string) => {
    if (placed.has(table) || visiting.has(table)) return; // a cycle (or a self-reference): keep the order found
    visiting.add(table);
    for (const reference of references)
      if (reference.from === table && reference.to !== table && tables.includes(reference.to)) visit(reference.to);
    visiting.delete(table);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of [...tables].sort()) visit(table);
  return ordered;
}

/** The app's tables (not the migration bookkeeping), parents first. */
export async function appTables(db: Kysely<AnyTables>, dialect: DbDialect): Promise<string[]> {
  if (dialect === 'sqlite') {
    const { rows: tables } = await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
    const { rows: references } = await sql<{ from: string; to: string }>`
      select m.name as "from", f."table" as "to" from sqlite_master m join pragma_foreign_key_list(m.name) f
      where m.type = 'table'`.execute(db);
    return foreignKeyOrder(
      tables.map((row) => row.name).filter((name) => !MIGRATION_TABLES.includes(name)),
      references,
    );
  }
  const { rows: tables } = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(
    db,
  );
  const { rows: references } = await sql<{ from: string; to: string }>`
    select c.relname as "from", p.relname as "to" from pg_constraint k
    join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
    where k.contype = 'f' and k.connamespace = current_schema()::regnamespace`.execute(db);
  return foreignKeyOrder(
    tables.map((row) => row.name).filter((name) => !MIGRATION_TABLES.includes(name)),
    references,
  );
}

/** A table's columns in their declared order (PostgreSQL; on SQLite the statement tells). */
export async function postgresColumns(db: Kysely<AnyTables>, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select column_name as name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(db);
  return rows.map((row) => row.name);
}

/** The newest migration applied: the schema version a backup records and a restore compares. */
export async function schemaVersion(db: Kysely<AnyTables>): Promise<string> {
  const row = await db.selectFrom('kysely_migration').select('name').orderBy('name', 'desc').limit(1).executeTakeFirst();
  return (row?.name as string | undefined) ?? '';
}
