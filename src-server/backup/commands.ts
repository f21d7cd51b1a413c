/**
 * The operator's `backup` and `restore` commands (cli.ts holds the table of commands; the work is here).
 * `backup [--to DIR]` writes an archive into DIR (default BACKUP_DIR, else ./data/backups) while the
 * site runs; `restore FILE [--force]` puts one back into the configured database. Problems with the
 * archive or the target (damaged, newer schema, not empty; an older schema into a non-empty database)
 * are refusals: exit status 1.
 */
import { basename } from 'node:path';
import { CLI_ACTOR } from '../audit/record';
import type { AppDeps } from '../trpc';
import { ArchiveError } from './archive';
import { RestoreError, restoreBackup } from './restore';
import { BackupError, takeBackup } from './take';

/** Where `backup` writes without --to and BACKUP_DIR. */
export const DEFAULT_BACKUP_DIR = './data/backups';

type Args = { values: Record<string, string | undefined>; positionals: string[] };
type CommandSpec = {
  usage: string;
  summary: string;
  options?: Record<string, { type: 'string' | 'boolean' }>;
  positionals?: number;
  run(deps: AppDeps, args: Args): Promise<void>;
};

/** "94.2 MiB", or "12 KiB" for an archive under a mebibyte (a new site's), which would read "0.0 MiB". */
const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KiB` : `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;

/** An archive problem as the CLI's refusal (exit status 1, the message without a stack). */
async function refusing<T>(refusal: new (message: string) => Error, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // Both say what failed, where and why in one line.
    if (error instanceof ArchiveError || error instanceof BackupError || error instanceof RestoreError) throw new refusal(error.message);
    // A folder that cannot be written, a file that is not there: the system's message says it all.
    if (error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string' && (error as NodeJS.ErrnoException).syscall)
      throw new refusal(error.message);
    throw error;
  }
}

export function backupCommand(out: (line: string) => void, refusal: new (message: string) => Error): CommandSpec {
  return {
    usage: 'backup [--to DIR]',
    summary: 'write a consistent, compressed archive of the database and its pictures (default: BACKUP_DIR or ./data/backups)',
    options: { to: { type: 'string' } },
    async run({ db, config, clock }, { values }) {
      const dir = values.to ?? config.backup.dir ?? DEFAULT_BACKUP_DIR;
      const started = performance.now();
      const result = await refusing(refusal, () => takeBackup({ db, config }, { dir, now: clock.now(), actor: CLI_ACTOR }));
      const rows = Object.values(result.manifest.counts).reduce((sum, n) => sum + n, 0);
      out(`Backup written: ${result.file} (${size(result.bytes)}, ${rows} rows, ${((performance.now() - started) / 1000).toFixed(1)} s)`);
      out(`Method: ${result.manifest.method}`);
      out(`Schema ${result.manifest.schemaVersion}, app ${result.manifest.appVersion}`);
      // The file's checksum, as in the .sha256 file beside it (`sha256sum -c` checks it); the manifest's
      // own is of the content and is checked by restore.
      out(`SHA-256 ${result.sha256} (as in ${basename(result.file)}.sha256)`);
    },
  };
}

export function restoreCommand(out: (line: string) => void, refusal: new (message: string) => Error): CommandSpec {
  return {
    usage: 'restore FILE [--force]',
    summary: 'restore an archive into the configured database (SQLite or PostgreSQL); --force replaces a non-empty one',
    options: { force: { type: 'boolean' } },
    positionals: 1,
    async run({ db, config, logger, clock }, { values, positionals }) {
      const file = positionals[0] as string;
      const started = performance.now();
      // A boolean option: parseArgs gives true (Args types every value as a string).
      const force = Boolean(values.force);
      const result = await refusing(refusal, () =>
        restoreBackup({ db, config, logger }, file, { force, now: clock.now(), actor: CLI_ACTOR }),
      );
      const { manifest } = result;
      const rows = Object.values(manifest.counts).reduce((sum, n) => sum + n, 0);
      out(
        `Restored ${rows} rows in ${Object.keys(manifest.counts).length} tables from ${file} (${manifest.engine}, ${manifest.createdAt}) into ${result.engine}${result.replaced ? ', replacing what was there' : ''} in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
      );
      if (result.migrated.length > 0)
        out(`The archive's schema was ${manifest.schemaVersion}: its rows were migrated to this version (${result.migrated.join(', ')}).`);
      out('Restart the server (if one runs on this database) so that no cached page outlives the restore.');
    },
  };
}
