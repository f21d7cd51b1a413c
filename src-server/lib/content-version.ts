import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { Clock } from './clock';

const KEY = 'content_version';
const CHECK_EVERY_MS = 1000;

/**
 * A number that moves on with every write to public content (the blog). Caches of rendered pages, the
 * sitemap and public reads remember the version they were made at and are retired when it moves.
 * The version lives in the database, so every process behind a load balancer sees a write: the
 * writing process at once, the others at their next check (at most CHECK_EVERY_MS later).
 */
export type ContentVersion = {
  current(): Promise<number>;
  /** Records that public content changed; call it after the write has been committed. */
  bump(): Promise<void>;
};

/** The content version of one runtime; made once, shared by its app, pages and procedures. */
export function createContentVersion(db: Db, clock: Clock): ContentVersion {
  let known = { version: -1, checkedAt: Number.NEGATIVE_INFINITY };
  let reading: Promise<number> | null = null;

  // The version only grows: a read that started before a write must not take the write back.
  const learn = (version: number) => {
    known = { version: Math.max(known.version, version), checkedAt: clock.now().getTime() };
    return known.version;
  };

  async function read(): Promise<number> {
    const row = await db.selectFrom('app_state').select('value').where('key', '=', KEY).executeTakeFirst();
    return learn(Number(row?.value ?? 0));
  }

  return {
    current() {
      if (clock.now().getTime() - known.checkedAt < CHECK_EVERY_MS) return Promise.resolve(known.version);
      reading ??= read().finally(() => {
        reading = null;
      });
      return reading;
    },
    async bump() {
      const row = await db
        .insertInto('app_state')
        .values({ key: KEY, value: '1' })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: sql<string>`cast(cast(app_state.value as integer) + 1 as text)` }))
        .returning('value')
        .executeTakeFirstOrThrow();
      // This process sees its own write at once; the others at their next check.
      learn(Number(row.value));
    },
  };
}
