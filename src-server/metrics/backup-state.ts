import { BACKUP_LAST_ERROR_KEY, BACKUP_LAST_SUCCESS_KEY } from '../backup/status';
import type { Db } from '../db/connect';

/** The backup job's outcome (src-server/backup/status.ts writes it to app_state), for /metrics and /healthz. */
export type BackupState = {
  /** When the last backup succeeded; null when there has been none (or the value is unreadable). */
  lastSuccessAt: Date | null;
  /** When the last backup failed, if no backup has succeeded since. */
  lastErrorAt: Date | null;
};

export async function readBackupState(db: Db): Promise<BackupState> {
  const rows = await db
    .selectFrom('app_state')
    .select(['key', 'value'])
    .where('key', 'in', [BACKUP_LAST_SUCCESS_KEY, BACKUP_LAST_ERROR_KEY])
    .execute();
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  return { lastSuccessAt: parseTime(value(BACKUP_LAST_SUCCESS_KEY)), lastErrorAt: parseErrorTime(value(BACKUP_LAST_ERROR_KEY)) };
}

function parseTime(value: string | undefined): Date | null {
  if (!value) return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? null : time;
}

/** The error is stored as JSON `{"at": ISO time, "message": …}`; a value that is not still counts as an error. */
function parseErrorTime(value: string | undefined): Date | null {
  if (value === undefined) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed === 'object' && parsed !== null && 'at' in parsed && typeof parsed.at === 'string') {
      return parseTime(parsed.at) ?? new Date(0);
    }
  } catch {
    // not JSON: fall through
  }
  return new Date(0);
}
