/**
 * Restoring an archive into the configured database, whichever engine wrote it (ADR 040): the archive
 * is checked (format, schema version; checksum and row counts as it is read), the target must be empty
 * unless forced, and everything happens in one transaction, table by table in the archive's foreign-key
 * order, in multi-row batches. The transaction commits only after the checksum matched at the archive's
 * end: a damaged archive leaves the database as it was. The `backup.restored` entry is written into
 * the restored database, in the same transaction, so it survives the restore.
 *
 * An archive from an older schema (taken before an upgrade of the app) is restored into an empty
 * database only: its schema is set back to the archive's, the rows go in, and the newer migrations then
 * run on them as they would on a site being upgraded; all of it in the same one transaction (both engines'
 * DDL is transactional), so that a failure at any step leaves the database as it was.
 */
import { basename } from 'node:path';
import { sql, type Kysely, type Transaction } from 'kysely';
import { migrations } from '../../migrations/index';
import { recordAudit, type AuditActor } from '../audit/record';
import type { Config } from '../config';
import { databaseDialect, type Db, type DbDialect } from '../db/connect';
import { migrateInTransaction } from '../db/migrate';
import type { Logger } from '../lib/logger';
import { ArchiveError, openArchive, type BackupManifest, type Cell } from './archive';
import { type AnyTables, BOOKKEEPING_TABLE, MIGRATION_TABLES, appTables, schemaVersion } from './tables';
import { reasonOf } from './take';

/** Rows per INSERT: below every engine's limit of bound parameters, and a few MB of picture bytes at most. */
const MAX_PARAMETERS = 10_000;
const MAX_BATCH_ROWS = 500;
const MAX_BATCH_BYTES = 4 * 1024 * 1024;

/**
 * The database refused the restore partway (a full disk, a row it would not take): "Restore failed: could
 * not <step>: <reason>; <what the database holds now>", in one line for the operator. `cause` is the original.
 */
export class RestoreError extends Error {
  override name = 'RestoreError';
}

export type RestoreResult = {
  manifest: BackupManifest;
  engine: 'sqlite' | 'postgres';
  replaced: boolean;
  /** The migrations applied after the rows of an archive from an older schema were restored. */
  migrated: string[];
};

/** The target holds data of its own (rows besides the bookkeeping): the tables that do. */
export async function nonEmptyTables(db: Kysely<AnyTables>, tables: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of tables) {
    if (table === BOOKKEEPING_TABLE) continue;
    const row = await db.selectFrom(table).select(sql`1`.as('one')).limit(1).executeTakeFirst();
    if (row) found.push(table);
  }
  return found;
}

function cellBytes(value: Cell): number {
  if (value === null) return 1;
  if (Buffer.isBuffer(value)) return value.length;
  return typeof value === 'string' ? value.length : 8;
}

export async function restoreBackup(
  deps: { db: Db; config: Config; logger: Logger },
  file: string,
  options: { force: boolean; now: Date; actor: AuditActor },
): Promise<RestoreResult> {
  const { db, config, logger } = deps;
  const engine = databaseDialect(config.databaseUrl);
  const { identity, events } = await openArchive(file);
  const current = await schemaVersion(db);
  if (!(identity.schemaVersion in migrations)) {
    throw new ArchiveError(
      `The archive is from a newer version of the app (schema ${identity.schemaVersion}, app ${identity.appVersion}); this app knows schemas up to ${current}. Upgrade the app, then restore.`,
    );
  }
  const older = identity.schemaVersion !== current;
  const occupied = await nonEmptyTables(db, await appTables(db, engine));
  if (occupied.length > 0 && older) {
    throw new ArchiveError(
      `The archive is from an older schema (${identity.schemaVersion}, app ${identity.appVersion}) than this database (${current}). Such an archive is restored only into an empty database (rows in ${occupied.join(', ')}): point DATABASE_URL at a new, empty one and restore again.`,
    );
  }
  if (occupied.length > 0 && !options.force) {
    throw new ArchiveError(
      `The database is not empty (rows in ${occupied.join(', ')}); restore refuses to overwrite it. Use --force to replace everything in it.`,
    );
  }
  const audit = { objectId: basename(file), replaced: occupied.length > 0 };
  // What the restore is doing: a failure names it (the table being written, or the commit after the last).
  const progress: RestoreProgress = { step: 'empty the database for the restore' };
  let manifest: BackupManifest;
  try {
    // One transaction for everything the restore changes, the schema included: it commits only once the
    // archive's end checked out (and, for an older archive, its rows were migrated), so a damaged archive,
    // a refused row or a failed migration leaves the database as it was.
    manifest = await db.transaction().execute(async (trx: Transaction<AnyTables>) => {
      // SQLite checks foreign keys at the commit; PostgreSQL row by row, which the archive's order satisfies.
      // (Deferring them is allowed inside a transaction, unlike switching them off.)
      if (engine === 'sqlite') await sql`pragma defer_foreign_keys = on`.execute(trx);
      // An older archive goes into the schema it was taken from, and the rows are then migrated as an
      // upgraded site's would be. The database is empty but for its bookkeeping, which the rollback of a
      // failed restore keeps, so setting its schema back loses nothing.
      if (older) {
        progress.step = `set the database back to the archive's schema ${identity.schemaVersion}`;
        await setSchemaBackTo(trx, engine, identity.schemaVersion, logger);
      }
      const tables = await appTables(trx, engine);
      const restored = await restoreRows(trx, tables, events, progress, {
        ...options,
        // The audit trail's table is newer than some archives: their entry is written after the migrations.
        audit: !older ? audit : null,
      });
      if (older) {
        progress.step = `migrate the restored rows from ${identity.schemaVersion} to this version`;
        await migrateInTransaction(trx, logger);
        await recordRestore(trx, options.actor, audit, restored, options.now);
      }
      // SQLite writes most of a transaction's pages at its commit (a full disk shows there), and checks the
      // deferred foreign keys there.
      progress.step = 'commit the restored rows';
      return restored;
    });
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    const message = `Restore failed: could not ${progress.step}: ${reasonOf(error)}; nothing was restored, the database is as it was`;
    throw new RestoreError(message, { cause: error });
  }
  const migrated = older ? Object.keys(migrations).filter((name) => name > identity.schemaVersion) : [];
  return { manifest, engine, replaced: audit.replaced, migrated };
}

type RestoreProgress = { step: string };

/**
 * Drops every table of an empty database, the migrations' bookkeeping included, and migrates it up to
 * `version` only (children dropped before the tables they point to), in the restore's transaction.
 */
async function setSchemaBackTo(trx: Transaction<AnyTables>, engine: DbDialect, version: string, logger: Logger): Promise<void> {
  const tables = [...(await appTables(trx, engine))].reverse();
  for (const table of [...tables, ...MIGRATION_TABLES]) {
    const drop = trx.schema.dropTable(table).ifExists();
    await (engine === 'postgres' ? drop.cascade() : drop).execute();
  }
  await migrateInTransaction(trx, logger, Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= version)));
}

type RestoreAudit = { objectId: string; replaced: boolean };

function recordRestore(db: Parameters<typeof recordAudit>[0], actor: AuditActor, audit: RestoreAudit, manifest: BackupManifest, now: Date) {
  return recordAudit(
    db,
    actor,
    {
      action: 'backup.restored',
      objectType: 'backup',
      objectId: audit.objectId,
      detail: { createdAt: manifest.createdAt, engine: manifest.engine, replaced: audit.replaced },
    },
    now,
  );
}

/** The archive's rows, in the restore's transaction; the archive's manifest once its end checked out. */
async function restoreRows(
  trx: Transaction<AnyTables>,
  tables: readonly string[],
  events: Awaited<ReturnType<typeof openArchive>>['events'],
  progress: RestoreProgress,
  options: { force: boolean; now: Date; actor: AuditActor; audit: RestoreAudit | null },
): Promise<BackupManifest> {
  progress.step = 'empty the database for the restore';
  // Children first; without --force only the bookkeeping (a started server's own rows) is there to go.
  for (const table of [...tables].reverse()) {
    if (options.force || table === BOOKKEEPING_TABLE) await trx.deleteFrom(table).execute();
  }
  let table: string | null = null;
  let columns: string[] = [];
  let batch: Array<Record<string, Cell>> = [];
  let batchBytes = 0;
  let batchRows = MAX_BATCH_ROWS;
  const flush = async () => {
    if (table && batch.length > 0) await trx.insertInto(table).values(batch).execute();
    batch = [];
    batchBytes = 0;
  };
  for await (const event of events()) {
    if (event.kind === 'table') {
      await flush();
      if (!tables.includes(event.name)) throw new ArchiveError(`The archive holds a table this database does not have: ${event.name}`);
      table = event.name;
      progress.step = `write the rows of ${table} into the database`;
      columns = event.columns;
      batchRows = Math.max(1, Math.min(MAX_BATCH_ROWS, Math.floor(MAX_PARAMETERS / Math.max(1, columns.length))));
    } else if (event.kind === 'row') {
      const row: Record<string, Cell> = {};
      columns.forEach((column, i) => {
        const value = event.values[i] ?? null;
        row[column] = value;
        batchBytes += cellBytes(value);
      });
      batch.push(row);
      if (batch.length >= batchRows || batchBytes >= MAX_BATCH_BYTES) await flush();
    } else {
      await flush();
      // Written into the restored database, in the same transaction, so it survives the restore.
      if (options.audit) await recordRestore(trx, options.actor, options.audit, event.manifest, options.now);
      return event.manifest;
    }
  }
  throw new ArchiveError('The archive has no manifest; nothing was restored');
}

/** How many rows the database holds per table (the CLI's summary, the tests' comparison). */
export async function rowCounts(db: Kysely<AnyTables>, tables: readonly string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}
