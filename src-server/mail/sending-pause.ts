/**
 * The outbox's circuit breaker, kept in app_state so that every process sees it: when the mail server
 * refuses several recipients in a row alike (worker.ts), sending stops until `until`; then one mail is
 * tried, and its outcome ends the pause (sent) or starts a longer one (refused alike). /healthz reports
 * the mail as "failing" while the row exists.
 */
import { deleteAppState, getAppState, putAppState } from '../db/app-state';
import type { Db } from '../db/connect';

const SENDING_PAUSE_KEY = 'mail:sending_paused';

export type SendingPause = {
  /** When the first pause of this spell began. */
  since: string;
  /** Until when no mail is handed to the mail server; after it, one mail tries whether it is mended. */
  until: string;
  /** How many pauses in a row (each one longer, as the worker's backoff). */
  trips: number;
  /** The kind of refusal (refusals.ts: "RCPT TO 5.7.1"). */
  refusal: string;
};

export async function readSendingPause(db: Db): Promise<SendingPause | null> {
  const stored = await getAppState(db, SENDING_PAUSE_KEY);
  if (stored === null) return null;
  try {
    const value = JSON.parse(stored) as Partial<SendingPause>;
    return {
      since: String(value.since ?? ''),
      until: String(value.until ?? ''),
      trips: Number(value.trips ?? 1),
      refusal: String(value.refusal ?? ''),
    };
  } catch {
    // Not ours to read: a pause that has ended, so the next run tries one mail.
    return { since: '', until: '', trips: 1, refusal: '' };
  }
}

export async function pauseSending(db: Db, pause: SendingPause): Promise<void> {
  await putAppState(db, SENDING_PAUSE_KEY, JSON.stringify(pause));
}

export async function endSendingPause(db: Db): Promise<void> {
  await deleteAppState(db, SENDING_PAUSE_KEY);
}

/**
 * A process that starts (after the operator mended SMTP_URL or MAIL_FROM and restarted) tries one mail at
 * once rather than waiting out a pause of up to an hour: the pause ends now, and is kept as a pause (so
 * /healthz still says "failing") until that mail tells.
 */
export async function shortenSendingPause(db: Db, now: Date): Promise<void> {
  const pause = await readSendingPause(db);
  if (pause && pause.until > now.toISOString()) await pauseSending(db, { ...pause, until: now.toISOString() });
}
