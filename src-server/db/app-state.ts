/**
 * The app_state table: one text value per key, for what the site keeps besides its content (the backup's
 * outcome, the mail pause, the stored catalog, the form secret …). Reading and writing a whole value by
 * its key goes through here; a conditional write (a daily claim, the content version) stays with its caller.
 */
import type { Db } from './connect';

/** The value under `key`, or null when there is none. */
export async function getAppState(db: Db, key: string): Promise<string | null> {
  const row = await db.selectFrom('app_state').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? null;
}

/** Writes `value` under `key`, over the one there was. */
export async function putAppState(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('app_state')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

export async function deleteAppState(db: Db, key: string): Promise<void> {
  await db.deleteFrom('app_state').where('key', '=', key).execute();
}
