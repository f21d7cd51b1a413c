/**
 * The daily backup's outcome in app_state, for the admin banner and the health check: the time of the
 * last success, and the last failure (removed by the next success). Keys shared with /metrics and
 * /healthz (issue 21).
 */
import { deleteAppState, getAppState, putAppState } from '../db/app-state';
import type { Db } from '../db/connect';

export const BACKUP_LAST_SUCCESS_KEY = 'backup:last_success';
export const BACKUP_LAST_ERROR_KEY = 'backup:last_error';

export type BackupFailure = { at: string; message: string };

export async function recordBackupSuccess(db: Db, at: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await putAppState(trx, BACKUP_LAST_SUCCESS_KEY, at.toISOString());
    await deleteAppState(trx, BACKUP_LAST_ERROR_KEY);
  });
}

export async function recordBackupFailure(db: Db, at: Date, message: string): Promise<void> {
  await putAppState(db, BACKUP_LAST_ERROR_KEY, JSON.stringify({ at: at.toISOString(), message } satisfies BackupFailure));
}

/** The last failure, when the last backup failed (a value that is not ours reads as a failure without detail). */
export async function lastBackupFailure(db: Db): Promise<BackupFailure | null> {
  const value = await getAppState(db, BACKUP_LAST_ERROR_KEY);
  if (value === null) return null;
  try {
    const parsed = JSON.parse(value) as Partial<BackupFailure>;
    return { at: String(parsed.at ?? ''), message: String(parsed.message ?? '') };
  } catch {
    return { at: '', message: value };
  }
}
