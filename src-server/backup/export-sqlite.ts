/**
 * The consistent copy of a SQLite database: `VACUUM INTO` writes the live database (in one statement,
 * one read transaction: with WAL the app's writers go on meanwhile, and the copy is the database as of
 * one moment) into a temporary file beside the archive; the rows are then read from that copy, so the
 * export never holds up the app's own connection.
 *
 * Not the online backup API (better-sqlite3's `backup()`): its Backup object is made and dropped inside
 * the library, where nothing of ours can keep it referenced, and on Node 24 the garbage collector freeing
 * it at exit aborts the process (`Backup::~Backup`, `Assertion failed: (env) != nullptr`; CI, ADR 040).
 * `VACUUM INTO` is the alternative SQLite documents for backing up a live database, and it makes no
 * object at all when run with exec().
 */
import { rmSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { Kysely } from 'kysely';
import { AppSqliteDialect, keepForTheProcess } from '../db/sqlite-dialect';
import type { ArchiveWriter } from './archive';
import { type AnyTables, appTables, schemaVersion } from './tables';

export function sqliteFile(databaseUrl: string): string {
  const file = databaseUrl.replace(/^sqlite:/, '');
  if (file === ':memory:') throw new Error('An in-memory database cannot be backed up');
  return file;
}

export const SQLITE_METHOD = 'SQLite VACUUM INTO (one consistent copy), exported as portable rows';

/** A text as an SQL string literal. */
const sqlText = (text: string) => `'${text.replace(/'/g, "''")}'`;

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
    // The target must not exist: a copy left by a backup that was killed halfway goes first.
    removeCopy(copyPath);
    source.exec(`VACUUM INTO ${sqlText(copyPath)}`);
  } finally {
    source.close();
  }
  const copy = keepForTheProcess(new SQLite(copyPath, { readonly: true }));
  // The app's dialect: it keeps its statements referenced too.
  const db = new Kysely<AnyTables>({ dialect: new AppSqliteDialect(copy) });
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
    removeCopy(copyPath);
  }
}

/** The copy and the files SQLite may write beside it. */
export function sqliteCopyFiles(copyPath: string): string[] {
  return ['', '-wal', '-shm', '-journal'].map((suffix) => `${copyPath}${suffix}`);
}

function removeCopy(copyPath: string): void {
  for (const file of sqliteCopyFiles(copyPath)) rmSync(file, { force: true });
}
