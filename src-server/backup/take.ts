/**
 * Taking a backup (ADR 040): a consistent export of the configured database into one timestamped
 * archive (archive.ts) in a folder, with a `.sha256` file beside it (`sha256sum -c` checks the file as
 * stored). Written under a temporary name and renamed once complete, so a half-written archive never
 * looks like a backup. Audited as `backup.taken`.
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
import { SQLITE_METHOD, exportSqlite } from './export-sqlite';
import { archiveName } from './rotation';
import { APP_VERSION } from './tables';

/** `sha256`: of the archive file, as its `.sha256` file and `sha256sum` give it (the manifest's is of its content). */
export type BackupResult = { file: string; bytes: number; sha256: string; manifest: BackupManifest };

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
  mkdirSync(dir, { recursive: true });
  const file = join(dir, archiveName(options.now));
  const partial = `${file}.partial`;
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
  // The header is written once the export knows the copy's schema version.
  const open = async (schemaVersion: string) => {
    header = identity(schemaVersion);
    writer = new ArchiveWriter(partial);
    await writer.header(header);
    return writer;
  };
  try {
    if (engine === 'sqlite') await exportSqlite(config.databaseUrl, `${file}.copy.db`, open);
    else await exportPostgres(db, config.databaseUrl, { pgDump, dumpPath: `${file}.pg_dump` }, open);
    if (!writer || !header) throw new Error('the export wrote nothing');
    const manifest = await (writer as ArchiveWriter).finish(header);
    renameSync(partial, file);
    const sha256 = await sha256OfFile(file);
    writeFileSync(`${file}.sha256`, `${sha256}  ${basename(file)}\n`);
    const bytes = statSync(file).size;
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
    rmSync(partial, { force: true });
    throw error;
  }
}
