import { sql } from 'kysely';
import { getAppState } from '../db/app-state';
import type { Db } from '../db/connect';
import type { Clock } from './clock';

const KEY = 'content_version';
/** The latest scheduled moment (ISO) some process has already moved the version on for. */
const PASSED_KEY = 'content_version_scheduled_passed';
const CHECK_EVERY_MS = 1000;

/**
 * A number that moves on with every write to public content (the blog). Caches of rendered pages, the
 * sitemap and public reads remember the version they were made at and are retired when it moves.
 * The version lives in the database, so every process behind a load balancer sees a write: the
 * writing process at once, the others at their next check (at most CHECK_EVERY_MS later).
 *
 * Content also changes with no write: a scheduled post becomes public when its time comes (ADR 038).
 * Each process knows the next such moment (asked again whenever the version moves, since only a write
 * can change it); the first request after it moves the version on, once for all processes.
 */
export type ContentVersion = {
  current(): Promise<number>;
  /**
   * The version without waiting, when current() would answer it without a read (checked less than a
   * second ago, no scheduled moment due); else null. For checks on every request (ADR 050).
   */
  known(): number | null;
  /** Records that public content changed; call it after the write has been committed. */
  bump(): Promise<void>;
};

export type ContentVersionOptions = {
  /** The first moment after `since` (ISO) at which public content changes by itself (a scheduled post), or null. */
  nextScheduledChange?(since: string): Promise<string | null>;
  /** Hears of a read of the version that failed (the database is down); the last known version is used meanwhile. */
  onReadFailed?(error: unknown): void;
  /**
   * Called at each check of the version (at most once a second while requests come): content that
   * changes elsewhere (the shop's catalog at Printful) looks whether it is due for a refresh, whose
   * change then moves the version on.
   */
  onCheck?(): void;
};

/**
 * How long a request waits for the version when one is known already. The database may be slow or gone
 * (a restart, a network that drops packets): the pages and answers cached at the last known version are
 * then served rather than held until the query's time limit, and the site stays readable. The read goes on
 * behind, and the next request after it asks again.
 */
const KNOWN_VERSION_AFTER_MS = 1000;

/** The content version of one runtime; made once, shared by its app, pages and procedures. */
export function createContentVersion(db: Db, clock: Clock, options: ContentVersionOptions = {}): ContentVersion {
  let known = { version: -1, checkedAt: Number.NEGATIVE_INFINITY };
  let reading: Promise<number> | null = null;
  /** The next scheduled change, as looked up at `version` (`atMs`: the same moment, compared on each request). */
  let scheduled: { version: number; at: string | null; atMs: number } | null = null;

  // The version only grows: a read that started before a write must not take the write back.
  const learn = (version: number) => {
    known = { version: Math.max(known.version, version), checkedAt: clock.now().getTime() };
    return known.version;
  };

  const dueChange = (): string | null => (scheduled?.at && scheduled.atMs <= clock.now().getTime() ? scheduled.at : null);

  async function read(): Promise<number> {
    options.onCheck?.();
    const due = dueChange();
    if (due) await passScheduledChange(due);
    const readAt = clock.now().toISOString();
    const version = learn(Number((await getAppState(db, KEY)) ?? 0));
    if (due || scheduled?.version !== version) await lookUpNextChange(version, readAt);
    return version;
  }

  /**
   * Learns the next scheduled moment after `since`, the time just before `version` was learned: answers
   * made at this version may be older than a moment that passed meanwhile, which is then due at once.
   * Looked up after the version was read, it knows at least the content of that version.
   */
  async function lookUpNextChange(version: number, since: string): Promise<void> {
    if (!options.nextScheduledChange) return;
    const at = await options.nextScheduledChange(since);
    // A lookup for an older version that finishes late must not replace a newer one.
    if (!scheduled || version >= scheduled.version) scheduled = { version, at, atMs: at ? Date.parse(at) : Number.POSITIVE_INFINITY };
  }

  /**
   * Moves the version on for a scheduled moment that has come, unless another process already did: the
   * moment is claimed in the same transaction as the bump, so several processes passing it bump once.
   */
  async function passScheduledChange(at: string): Promise<void> {
    const version = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .insertInto('app_state')
        .values({ key: PASSED_KEY, value: at })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: at }).where('app_state.value', '<', at))
        .returning('value')
        .executeTakeFirst();
      return claimed ? increment(trx) : null;
    });
    if (version !== null) learn(version);
  }

  async function increment(executor: Db): Promise<number> {
    const row = await executor
      .insertInto('app_state')
      .values({ key: KEY, value: '1' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: sql<string>`cast(cast(app_state.value as integer) + 1 as text)` }))
      .returning('value')
      .executeTakeFirstOrThrow();
    return Number(row.value);
  }

  const knownNow = (): number | null => {
    const fresh = clock.now().getTime() - known.checkedAt < CHECK_EVERY_MS;
    return fresh && !dueChange() ? known.version : null;
  };

  return {
    current() {
      const version = knownNow();
      if (version !== null) return Promise.resolve(version);
      if (!reading) {
        reading = read().finally(() => {
          reading = null;
        });
        // Once per read, not per waiting request: the log says the database failed, not how many waited.
        reading.catch((error: unknown) => options.onReadFailed?.(error));
      }
      // Never read yet: nothing cached can be older than the database's word, so wait for it.
      if (known.version < 0) return reading;
      const fallback = known.version;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waited = new Promise<number>((resolve) => {
        timer = setTimeout(() => resolve(fallback), KNOWN_VERSION_AFTER_MS);
      });
      return Promise.race([reading.catch(() => fallback), waited]).finally(() => clearTimeout(timer));
    },
    known: knownNow,
    async bump() {
      const since = clock.now().toISOString();
      // This process sees its own write at once; the others at their next check.
      const version = learn(await increment(db));
      // The write may have scheduled a post: this process renders at the new version from now on.
      await lookUpNextChange(version, since);
    },
  };
}
