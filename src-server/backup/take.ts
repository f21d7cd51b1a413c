/**
 * Taking a backup (ADR 040): a consistent export of the configured database into one timestamped
 * archive (archive.ts) in a folder, with a `.sha256` file beside it (`sha256sum -c` checks the file as
 * stored). Written under a temporary name and renamed once complete, so a half-written archive never
 * looks like a backup. Audited as `backup.taken`. A run that fails (a folder that cannot be written, a
 * full disk) leaves none of its temporary files behind and throws a BackupError that says what failed,
 * where and why in one line: the CLI prints it, the daily backup records it (job.ts).
 */
import { createHash } from 'node:crypto';
import { createReadStream, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { AuditActor } from '../audit/record';
import { recordAudit } from '../audit/record';
import type { Config } from '../config';
import { databaseDialect, type Db } from '../db/connect';
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, ArchiveWriter, type BackupIdentity, type BackupManifest } from './archive';
import { exportPostgres, findPgDump, postgresMethod } from './export-postgres';
import { SQLITE_METHOD, exportSqlite, sqliteCopyFiles } from './export-sqlite';
import { archiveName } from './rotation';
import { APP_VERSION } from './tables';

/** `sha256`: of the archive file, as its `.sha256` file and `sha256sum` give it (the manifest's is of its content). */
export type BackupResult = { file: string; bytes: number; sha256: string; manifest: BackupManifest };

/** A backup that could not be taken: "Backup failed: could not <step>: <reason>"; `cause` is the original error. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/**
 * The error's own words on one line (pg_dump's may take several), with its code when they lack it
 * (SQLite's do: "database or disk is full").
 */
export function reasonOf(error: unknown): string {
  const message = (error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ');
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && !message.includes(code) ? `${message} (${code})` : message;
}

async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function takeBackup(
  deps: { db: Db; config: Config },
  options: { dir: string; now: Date; actor: AuditActor },
): Promise<BackupResult> {
  const { db, config } = deps;
  const dir = resolve(options.dir);
  const file = join(dir, archiveName(options.now));
  const partial = `${file}.partial`;
  const copyPath = `${file}.copy.db`;
  const dumpPath = `${file}.pg_dump`;
  const engine = databaseDialect(config.databaseUrl);
  const pgDump = engine === 'postgres' ? findPgDump() : null;
  const identity = (schemaVersion: string): BackupIdentity => ({
    format: ARCHIVE_FORMAT,
    formatVersion: ARCHIVE_FORMAT_VERSION,
    schemaVersion,
    appVersion: APP_VERSION,
    createdAt: options.now.toISOString(),
    engine,
    method: engine === 'sqlite' ? SQLITE_METHOD : postgresMethod(pgDump !== null),
  });
  let writer: ArchiveWriter | null = null;
  let header: BackupIdentity | null = null;
  // What the run is doing, and where: a failure names it.
  let step = `create the folder ${dir}`;
  // The header is written once the export knows the copy's schema version.
  const open = async (schemaVersion: string) => {
    step = `write the archive ${partial}`;
    header = identity(schemaVersion);
    writer = new ArchiveWriter(partial);
    await writer.header(header);
    return writer;
  };
  try {
    mkdirSync(dir, { recursive: true });
    if (engine === 'sqlite') {
      step = `copy the database to ${copyPath}`;
      await exportSqlite(config.databaseUrl, copyPath, open);
    } else {
      step = pgDump ? `read the database and dump it with pg_dump to ${dumpPath}` : 'read the database';
      await exportPostgres(db, config.databaseUrl, { pgDump, dumpPath }, open);
    }
    if (!writer || !header) throw new Error('the export wrote nothing');
    const manifest = await (writer as ArchiveWriter).finish(header);
    step = `rename ${partial} to ${basename(file)}`;
    renameSync(partial, file);
    step = `write ${file}.sha256`;
    const sha256 = await sha256OfFile(file);
    writeFileSync(`${file}.sha256`, `${sha256}  ${basename(file)}\n`);
    const bytes = statSync(file).size;
    step = 'record the backup in the audit log';
    await recordAudit(
      db,
      options.actor,
      {
        action: 'backup.taken',
        objectType: 'backup',
        objectId: basename(file),
        detail: { bytes, method: manifest.method, schema: manifest.schemaVersion },
      },
      options.now,
    );
    return { file, bytes, sha256, manifest };
  } catch (error) {
    await (writer as ArchiveWriter | null)?.abort();
    // What the run writes beside the archive before it is complete: the partial archive, the SQLite copy, pg_dump's dump.
    for (const temporary of [partial, ...sqliteCopyFiles(copyPath), dumpPath]) {
      try {
        rmSync(temporary, { force: true });
      } catch {
        // Nothing there to remove (the folder is a file, or gone): the first error is the one to tell.
      }
    }
    throw new BackupError(`Backup failed: could not ${step}: ${reasonOf(error)}`, { cause: error });
  }
}
