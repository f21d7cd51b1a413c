/**
 * The daily backup's outcome in app_state, for the admin banner and the health check: the time of the
 * last success, and the last failure (removed by the next success). Keys shared with /metrics and
 * /healthz (issue 21).
 */
import type { Db } from '../db/connect';

export const BACKUP_LAST_SUCCESS_KEY = 'backup:last_success';
export const BACKUP_LAST_ERROR_KEY = 'backup:last_error';

export type BackupFailure = { at: string; message: string };

async function put(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('app_state')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

export async function recordBackupSuccess(db: Db, at: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await put(trx, BACKUP_LAST_SUCCESS_KEY, at.toISOString());
    await trx.deleteFrom('app_state').where('key', '=', BACKUP_LAST_ERROR_KEY).execute();
  });
}

export async function recordBackupFailure(db: Db, at: Date, message: string): Promise<void> {
  await put(db, BACKUP_LAST_ERROR_KEY, JSON.stringify({ at: at.toISOString(), message } satisfies BackupFailure));
}

/** The last failure, when the last backup failed (a value that is not ours reads as a failure without detail). */
export async function lastBackupFailure(db: Db): Promise<BackupFailure | null> {
  const row = await db.selectFrom('app_state').select('value').where('key', '=', BACKUP_LAST_ERROR_KEY).executeTakeFirst();
  if (!row) return null;
  try {
    const parsed = JSON.parse(row.value) as Partial<BackupFailure>;
    return { at: String(parsed.at ?? ''), message: String(parsed.message ?? '') };
  } catch {
    return { at: '', message: row.value };
  }
}
