/**
 * The daily backup (BACKUP_DIR set): every process checks hourly, and once at start, whether a day has
 * passed since the last run; the run is claimed in app_state (`backup:last_run`, lib/daily-claim.ts), so
 * of several PostgreSQL-backed processes only one takes it. A run writes an archive into BACKUP_DIR,
 * keeps the newest BACKUP_KEEP, logs the file and its size, and records the outcome (status.ts): a
 * failure is logged as an error, shown in the admin banner, and retried at the next hourly check.
 */
import { SYSTEM_ACTOR } from '../audit/record';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { Clock } from '../lib/clock';
import { claimDailyRun, releaseDailyRun } from '../lib/daily-claim';
import type { Logger } from '../lib/logger';
import { createPollingWorker, type PollingWorker } from '../lib/polling-worker';
import { rotateArchives } from './rotation';
import { recordBackupFailure, recordBackupSuccess } from './status';
import { takeBackup, type BackupResult } from './take';

export const BACKUP_LAST_RUN_KEY = 'backup:last_run';
export const BACKUP_EVERY_MS = 24 * 60 * 60_000;
export const BACKUP_CHECK_EVERY_MS = 60 * 60_000;

export type BackupJob = PollingWorker & {
  /** Backs up when a day has passed since the last run (of any process): the result, null when not due; a failure throws. */
  runIfDue(): Promise<BackupResult | null>;
};

export function createBackupJob(deps: { db: Db; config: Config; logger: Logger; clock: Clock; dir: string }): BackupJob {
  const { db, config, logger, clock, dir } = deps;

  async function runIfDue(): Promise<BackupResult | null> {
    const now = clock.now();
    const previous = await claimDailyRun(db, BACKUP_LAST_RUN_KEY, now, BACKUP_EVERY_MS);
    if (previous === undefined) return null;
    try {
      const result = await takeBackup({ db, config }, { dir, now, actor: SYSTEM_ACTOR });
      const removed = rotateArchives(dir, config.backup.keep);
      await recordBackupSuccess(db, now);
      logger.info('backup taken', { file: result.file, bytes: result.bytes, method: result.manifest.method, rotatedOut: removed.length });
      return result;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await recordBackupFailure(db, now, message).catch(() => undefined);
      // The next hourly check tries again, rather than tomorrow.
      await releaseDailyRun(db, BACKUP_LAST_RUN_KEY, now, previous).catch(() => undefined);
      throw error;
    }
  }

  const worker = createPollingWorker({
    name: 'backup',
    pollMs: BACKUP_CHECK_EVERY_MS,
    logger,
    // A failure goes on to the worker, which logs it ("backup run failed") and tells /metrics
    // (schoolbox_worker_last_run_ok), as every worker's does.
    run: async () => ((await runIfDue()) ? 1 : 0),
  });
  return { ...worker, runIfDue };
}
