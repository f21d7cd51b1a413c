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

/**
 * Claims today's run: writes `now` as the last run when there is none yet, or when the stored one is
 * a day old. One statement each, so two processes cannot both succeed: the row's lock makes the second
 * see the first's new value, which is no longer a day old. Returns the previous value (null on the
 * first run ever) when claimed, undefined when another process ran the job less than a day ago.
 */
export async function claimRetentionRun(db: Db, now: Date): Promise<string | null | undefined> {
  const nowIso = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const previous = await trx.selectFrom('app_state').select('value').where('key', '=', RETENTION_LAST_RUN_KEY).executeTakeFirst();
    if (!previous) {
      const inserted = await trx
        .insertInto('app_state')
        .values({ key: RETENTION_LAST_RUN_KEY, value: nowIso })
        .onConflict((oc) => oc.column('key').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0 ? null : undefined;
    }
    const dayAgo = new Date(now.getTime() - RETENTION_EVERY_MS).toISOString();
    const updated = await trx
      .updateTable('app_state')
      .set({ value: nowIso })
      .where('key', '=', RETENTION_LAST_RUN_KEY)
      .where('value', '<=', dayAgo)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0 ? previous.value : undefined;
  });
}

/** Gives a claim back after a failed run, so the next hourly check tries again rather than tomorrow. */
async function releaseRetentionRun(db: Db, claimedAt: Date, previous: string | null): Promise<void> {
  const claimed = db.updateTable('app_state').where('key', '=', RETENTION_LAST_RUN_KEY).where('value', '=', claimedAt.toISOString());
  if (previous === null)
    await db.deleteFrom('app_state').where('key', '=', RETENTION_LAST_RUN_KEY).where('value', '=', claimedAt.toISOString()).execute();
  else await claimed.set({ value: previous }).execute();
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
      await releaseRetentionRun(db, now, previous).catch(() => undefined);
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
