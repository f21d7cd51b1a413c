/**
 * A once-a-day job's claim (retention, backup): of several processes (PostgreSQL behind a load
 * balancer) only the one whose conditional write on the job's app_state row changed it runs the job.
 * The row holds the last run's time, so a restart neither skips a day nor runs the job twice in one.
 */
import { getAppState } from '../db/app-state';
import type { Db } from '../db/connect';

/**
 * Claims a run: writes `now` under `key` when there is no run yet, or when the stored one is `everyMs`
 * old. One statement each, so two processes cannot both succeed: the row's lock makes the second see
 * the first's new value, which is no longer old enough. Returns the previous value (null on the first
 * run ever) when claimed, undefined when another process ran the job less than `everyMs` ago.
 */
export async function claimDailyRun(db: Db, key: string, now: Date, everyMs: number): Promise<string | null | undefined> {
  const nowIso = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const previous = await getAppState(trx, key);
    if (previous === null) {
      const inserted = await trx
        .insertInto('app_state')
        .values({ key, value: nowIso })
        .onConflict((oc) => oc.column('key').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0 ? null : undefined;
    }
    const cutoff = new Date(now.getTime() - everyMs).toISOString();
    const updated = await trx
      .updateTable('app_state')
      .set({ value: nowIso })
      .where('key', '=', key)
      .where('value', '<=', cutoff)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0 ? previous : undefined;
  });
}

/** Gives a claim back after a failed run, so the next check tries again rather than the next day. */
export async function releaseDailyRun(db: Db, key: string, claimedAt: Date, previous: string | null): Promise<void> {
  const claimed = claimedAt.toISOString();
  if (previous === null) await db.deleteFrom('app_state').where('key', '=', key).where('value', '=', claimed).execute();
  else await db.updateTable('app_state').set({ value: previous }).where('key', '=', key).where('value', '=', claimed).execute();
}
