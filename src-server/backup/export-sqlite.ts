/**
 * The consistent copy of a SQLite database: SQLite's online backup API copies the live file (in one
 * step, under one read lock: with WAL the app's writers go on meanwhile, and the copy is the database as
 * of one moment) into a temporary file beside the archive; the rows are then read from that copy, so
 * the export never holds up the app's own connection.
 */
import { rmSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { Kysely } from 'kysely';
import { AppSqliteDialect } from '../db/sqlite-dialect';
import type { ArchiveWriter } from './archive';
import { appTables, schemaVersion } from './tables';

/**
 * better-sqlite3 handles (databases, statements, row iterators) stay referenced for the life of the
 * process: on Node 24 one freed by the garbage collector at exit aborts it (see db/sqlite-dialect.ts;
 * a row iterator did so in CI).
 */
const keptForTheProcess = new Set<object>();

export function sqliteFile(databaseUrl: string): string {
  const file = databaseUrl.replace(/^sqlite:/, '');
  if (file === ':memory:') throw new Error('An in-memory database cannot be backed up');
  return file;
}

export const SQLITE_METHOD = 'SQLite online backup API (one consistent copy), exported as portable rows';

/** Copies the database named by databaseUrl to `copyPath`, then writes its rows to the archive. Returns the schema version. */
export async function exportSqlite(
  databaseUrl: string,
  copyPath: string,
  write: (schema: string) => Promise<ArchiveWriter>,
): Promise<void> {
  const source = new SQLite(sqliteFile(databaseUrl), { readonly: true, fileMustExist: true });
  keptForTheProcess.add(source);
  try {
    source.exec('PRAGMA busy_timeout = 5000');
    // Every page in one step (after the first, empty one that sizes it): no writer can change the source
    // halfway, which would restart the copy.
    await source.backup(copyPath, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  const copy = new SQLite(copyPath, { readonly: true });
  keptForTheProcess.add(copy);
  // The app's dialect: it keeps its statements referenced too.
  const db = new Kysely<any>({ dialect: new AppSqliteDialect(copy) });
  try {
    const archive = await write(await schemaVersion(db));
    for (const table of await appTables(db, 'sqlite')) {
      const statement = copy.prepare(`select * from "${table.replace(/"/g, '""')}"`).raw(true);
      keptForTheProcess.add(statement);
      await archive.table(
        table,
        statement.columns().map((column) => column.name),
      );
      const rows = statement.iterate() as IterableIterator<unknown[]>;
      keptForTheProcess.add(rows);
      for (const row of rows) await archive.row(row);
    }
  } finally {
    copy.close();
    rmSync(copyPath, { force: true });
    for (const suffix of ['-wal', '-shm', '-journal']) rmSync(`${copyPath}${suffix}`, { force: true });
  }
}
