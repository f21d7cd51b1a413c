import { statfs } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { sql } from 'kysely';
import type { Context } from 'hono';
import { type Db, sqliteDataDir } from '../db/connect';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import { readBackupState } from '../metrics/backup-state';
import { readOutboxState } from '../metrics/queue-state';
import type { AnswerMemo } from './answer-memo';

const HEALTH_TIMEOUT_MS = 2000;
/** The database ping is reused this long: a load balancer polling every second costs one query a second. */
const DATABASE_CHECK_TTL_MS = 1000;
/** The queue and backup checks (a few more queries) are reused this long. */
const SLOW_CHECKS_TTL_MS = 5000;
/** A mail other than a newsletter waits this long at most: past the retries of a short mail server outage. */
export const MAIL_STUCK_AFTER_MS = 15 * 60_000;
/** This many mails given up in a day means the mail server refuses them, not one bad address. */
export const MAIL_FAILURES_PER_DAY_LIMIT = 10;
/** The daily backup, plus two hours of slack. */
export const BACKUP_MAX_AGE_MS = 26 * 60 * 60_000;
/**
 * Less free space than this in a folder the process fills is "low": time to act before a write fails
 * (then nothing is saved, and visitors and admins read that the server's storage is full, or the daily
 * backup fails). Room for a few days of uploads and a backup's archive with the copy it makes beside it.
 */
export const DISK_LOW_BELOW_BYTES = 1024 * 1024 * 1024;

export type HealthChecks = {
  database: 'ok';
  mail: 'ok' | 'stuck' | 'failing' | 'unknown';
  backup: 'ok' | 'off' | 'missing' | 'too_old' | 'failed' | 'unknown';
  /** Free space in the folders this process fills (foldersFilled); 'off' when there are none. */
  disk: 'ok' | 'low' | 'off' | 'unknown';
};

/** The bytes an unprivileged process may still write on the file system holding `dir` (statfs). */
export type FreeSpace = (dir: string) => Promise<number>;

/**
 * The folders whose disk this process fills on its own machine: the SQLite database's (posts, accounts,
 * pictures: everything the site keeps), and BACKUP_DIR, where the daily backup writes its archive on either
 * engine (on PostgreSQL with pg_dump's dump inside it as well, and the dump beside it while it runs). On
 * PostgreSQL without BACKUP_DIR there is none: the database's disk is the database server's (watch it
 * there). Without SMTP_URL mails are written to ./data/mail, which is for development only.
 */
export function foldersFilled(databaseUrl: string, backupDir: string | null): string[] {
  const folders = [sqliteDataDir(databaseUrl), backupDir ? resolve(backupDir) : null];
  return [...new Set(folders.filter((folder): folder is string => folder !== null))];
}

export const freeSpaceOnDisk: FreeSpace = async (dir) => {
  // BACKUP_DIR is made by the first backup: until then, the disk it will be made on.
  for (let folder = resolve(dir); ; folder = dirname(folder)) {
    try {
      const stats = await statfs(folder);
      return stats.bavail * stats.bsize;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(folder) === folder) throw error;
    }
  }
};

type Answer = { status: 200 | 503; body: string };

/**
 * GET /healthz (ADR 044): 503 when the database does not answer `select 1` within 2 s; otherwise 200
 * with `status: 'ok'`, or `status: 'degraded'` when the mail queue is stuck or failing, when less than
 * DISK_LOW_BELOW_BYTES are free in any of `folders` (foldersFilled) or, with `backupExpected`
 * (BACKUP_DIR set), the last successful backup is missing or older than 26 h; a
 * recorded backup failure degrades it whatever BACKUP_DIR says. Only each check's verdict is shown
 * (details are in /metrics, which is not public). The ping is reused for 1 s and the other checks for
 * 5 s, and concurrent requests share one check, so polling it costs next to nothing.
 */
export function healthHandler(deps: {
  db: Db;
  logger: Logger;
  clock: Clock;
  backupExpected: boolean;
  /** The folders whose free space is checked (foldersFilled); none: `disk` is 'off'. */
  folders: string[];
  /** How free space is measured; tests give a fake one. */
  freeSpace?: FreeSpace;
  /** Polls get the answer of checks in reuse from the memo, until a check is due (ADR 050). */
  memo: AnswerMemo;
}) {
  const { db, logger, clock } = deps;
  const disk = { folders: deps.folders, freeSpace: deps.freeSpace ?? freeSpaceOnDisk };
  const database = reusedFor(DATABASE_CHECK_TTL_MS, clock, () => withTimeout(sql`select 1`.execute(db)));
  const others = reusedFor(SLOW_CHECKS_TTL_MS, clock, () => withTimeout(operationalChecks(db, clock.now(), deps.backupExpected, disk)));

  // The last answer whose checks all ran, and their results: while those are reused, so is it (no
  // JSON per request). It may say degraded; a failed check is never kept.
  let lastChecked: { database: Promise<unknown>; others: Promise<HealthChecks>; answer: Answer } | null = null;

  /** Whether `answer` is the last checked answer and its checks are still the ones reused. */
  const isReused = (result: Answer) =>
    lastChecked?.answer === result && lastChecked.database === database() && lastChecked.others === others();

  async function answer(): Promise<Answer> {
    // The same ping as the last checked answer's has succeeded, so the other checks are due as below.
    if (lastChecked && isReused(lastChecked.answer)) return lastChecked.answer;
    const databaseCheck = database();
    try {
      await databaseCheck;
    } catch (error) {
      logger.error('health check failed', { error });
      return { status: 503, body: JSON.stringify({ status: 'unavailable', checks: { database: 'unreachable' } }) };
    }
    const otherChecks = others();
    let checks: HealthChecks;
    let checked = true;
    try {
      checks = await otherChecks;
    } catch (error) {
      logger.error('health check failed', { error });
      checks = { database: 'ok', mail: 'unknown', backup: 'unknown', disk: 'unknown' };
      checked = false;
    }
    const degraded = checks.mail !== 'ok' || !['ok', 'off'].includes(checks.backup) || !['ok', 'off'].includes(checks.disk);
    const result: Answer = { status: 200, body: JSON.stringify({ status: degraded ? 'degraded' : 'ok', checks }) };
    // A failed check is not remembered: each request meanwhile logs its failure, as before.
    if (checked) lastChecked = { database: databaseCheck, others: otherChecks, answer: result };
    return result;
  }

  const encoder = new TextEncoder();
  return async (c: Context) => {
    const result = await answer();
    // A plain header record with the security headers in it (answer-headers.ts): Hono's c.body() would
    // make a Headers object of two or more headers.
    const headers = { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' };
    return deps.memo.send(c, { body: encoder.encode(result.body), status: result.status, headers }, () => isReused(result));
  };
}

async function operationalChecks(
  db: Db,
  now: Date,
  backupExpected: boolean,
  disk: { folders: string[]; freeSpace: FreeSpace },
): Promise<HealthChecks> {
  const [outbox, backup, free] = await Promise.all([
    readOutboxState(db, now),
    readBackupState(db),
    Promise.all(disk.folders.map((folder) => disk.freeSpace(folder))),
  ]);
  const olderThan = (time: Date | null, ms: number) => time !== null && now.getTime() - time.getTime() > ms;
  // Paused: the mail server refused several recipients alike, most likely the site's own setup (mail/worker.ts).
  const mail =
    outbox.pausedSince !== null
      ? 'failing'
      : olderThan(outbox.oldestUrgentPendingAt, MAIL_STUCK_AFTER_MS)
        ? 'stuck'
        : outbox.failedLastDay >= MAIL_FAILURES_PER_DAY_LIMIT
          ? 'failing'
          : 'ok';
  const backupCheck = backup.lastErrorAt
    ? 'failed'
    : !backupExpected
      ? 'off'
      : !backup.lastSuccessAt
        ? 'missing'
        : olderThan(backup.lastSuccessAt, BACKUP_MAX_AGE_MS)
          ? 'too_old'
          : 'ok';
  const diskCheck = free.length === 0 ? 'off' : free.some((bytes) => bytes < DISK_LOW_BELOW_BYTES) ? 'low' : 'ok';
  return { database: 'ok', mail, backup: backupCheck, disk: diskCheck };
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database timeout')), HEALTH_TIMEOUT_MS);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** `check` run at most once per `ttlMs` (by the app's clock), its result or failure shared meanwhile. */
function reusedFor<T>(ttlMs: number, clock: Clock, check: () => Promise<T>): () => Promise<T> {
  let last: { at: number; result: Promise<T> } | null = null;
  return () => {
    const now = clock.now().getTime();
    if (!last || now - last.at >= ttlMs || now < last.at) {
      const result = check();
      // A rejection is handled by whoever awaits it; this keeps an unawaited one from being reported.
      result.catch(() => undefined);
      last = { at: now, result };
    }
    return last.result;
  };
}
