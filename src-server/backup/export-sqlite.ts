/**
 * The consistent copy of a SQLite database: SQLite's online backup API copies the live file (in one
 * step, under one read lock: with WAL the app's writers go on meanwhile, and the copy is the database as
 * of one moment) into a temporary file beside the archive; the rows are then read from that copy, so
 * the export never holds up the app's own connection.
 */
import { rmSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { Kysely } from 'kysely';
import { AppSqliteDialect, keepForTheProcess } from '../db/sqlite-dialect';
import type { ArchiveWriter } from './archive';
import { appTables, schemaVersion } from './tables';

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
  // Every better-sqlite3 object here stays referenced: on Node 24 one freed by the garbage collector at
  // exit aborts the process (db/sqlite-dialect.ts; a row iterator of this export did so in CI).
  const source = keepForTheProcess(new SQLite(sqliteFile(databaseUrl), { readonly: true, fileMustExist: true }));
  try {
    source.exec('PRAGMA busy_timeout = 5000');
    // Every page in one step (after the first, empty one that sizes it): no writer can change the source
    // halfway, which would restart the copy.
    await source.backup(copyPath, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  const copy = keepForTheProcess(new SQLite(copyPath, { readonly: true }));
  // The app's dialect: it keeps its statements referenced too.
  const db = new Kysely<any>({ dialect: new AppSqliteDialect(copy) });
  try {
    const archive = await write(await schemaVersion(db));
    for (const table of await appTables(db, 'sqlite')) {
      const statement = keepForTheProcess(copy.prepare(`select * from "${table.replace(/"/g, '""')}"`).raw(true));
      await archive.table(
        table,
        statement.columns().map((column) => column.name),
      );
      for (const row of keepForTheProcess(statement.iterate() as IterableIterator<unknown[]>)) await archive.row(row);
    }
  } finally {
    copy.close();
    rmSync(copyPath, { force: true });
    for (const suffix of ['-wal', '-shm', '-journal']) rmSync(`${copyPath}${suffix}`, { force: true });
  }
}
