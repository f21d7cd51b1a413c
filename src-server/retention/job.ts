/**
 * The daily retention job (ADR 029): deletes what the privacy page says is deleted, when it says so
 * (delete.ts). Every process checks hourly, and once at start, whether a day has passed since the last
 * run; the last run's time lives in app_state (`retention:last_run`), so a restart neither skips a day
 * nor runs it again the same day. The run is claimed by a conditional write on that row: of several
 * processes (PostgreSQL behind a load balancer) only the one whose write changed the row runs.
 */
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { Clock } from '../lib/clock';
import { claimDailyRun, releaseDailyRun } from '../lib/daily-claim';
import type { Logger } from '../lib/logger';
import { createPollingWorker, type PollingWorker } from '../lib/polling-worker';
import { applyRetention, type RetentionCounts } from './delete';

export const RETENTION_LAST_RUN_KEY = 'retention:last_run';
export const RETENTION_EVERY_MS = 24 * 60 * 60_000;
/** How often a process asks whether the day is over: a run is at most this late. */
export const RETENTION_CHECK_EVERY_MS = 60 * 60_000;

export type RetentionJob = PollingWorker & {
  /** Runs when a day has passed since the last run (of any process); the counts, or null when not due. */
  runIfDue(): Promise<RetentionCounts | null>;
};

/** Claims today's run (lib/daily-claim.ts): the previous run's time when claimed, undefined when another process has it. */
export function claimRetentionRun(db: Db, now: Date): Promise<string | null | undefined> {
  return claimDailyRun(db, RETENTION_LAST_RUN_KEY, now, RETENTION_EVERY_MS);
}

export function createRetentionJob(deps: { db: Db; config: Config; logger: Logger; clock: Clock }): RetentionJob {
  const { db, config, logger, clock } = deps;

  async function runIfDue(): Promise<RetentionCounts | null> {
    const now = clock.now();
    const previous = await claimRetentionRun(db, now);
    if (previous === undefined) return null;
    try {
      const counts = await applyRetention(db, now, config.retention);
      logger.info('retention run', { removed: counts });
      return counts;
    } catch (error) {
      await releaseDailyRun(db, RETENTION_LAST_RUN_KEY, now, previous).catch(() => undefined);
      throw error;
    }
  }

  const worker = createPollingWorker({
    name: 'retention',
    pollMs: RETENTION_CHECK_EVERY_MS,
    logger,
    run: async () => {
      const counts = await runIfDue();
      return counts ? Object.values(counts).reduce((sum, n) => sum + n, 0) : 0;
    },
  });
  return { ...worker, runIfDue };
}
