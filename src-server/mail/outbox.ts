import type { Db } from '../db/connect';
import type { OutboxRow } from '../db/schema';
import { newId } from '../lib/ids';
import type { MailMessage } from './templates';

/**
 * Queues an e-mail. Call it with the same transaction as the data the mail belongs to, so that both
 * are stored or neither is; the worker (worker.ts) sends it afterwards. `headers` are sent as they are
 * (Reply-To of a contact message, List-Unsubscribe of a newsletter).
 */
export async function enqueueMail(
  db: Db,
  kind: string,
  to: string,
  message: MailMessage,
  now: Date,
  headers: Record<string, string> = {},
): Promise<void> {
  await db
    .insertInto('outbox')
    .values({
      id: newId(),
      kind,
      to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now.toISOString(),
      last_error: null,
      created_at: now.toISOString(),
      sent_at: null,
      headers: JSON.stringify(headers),
    })
    .execute();
}

/**
 * Claims one due mail for sending: moves its next attempt into the future (a lease) and counts the
 * attempt, in one conditional update. Only one process can win it; if that process dies mid-send,
 * the mail becomes due again when the lease ends.
 */
export async function claimDueMail(db: Db, now: Date, leaseMs: number): Promise<OutboxRow | null> {
  const nowIso = now.toISOString();
  const candidates = await db
    .selectFrom('outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', nowIso)
    .orderBy('next_attempt_at')
    .limit(5)
    .execute();
  for (const { id } of candidates) {
    const claimed = await db
      .updateTable('outbox')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: new Date(now.getTime() + leaseMs).toISOString() }))
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', nowIso)
      .returningAll()
      .executeTakeFirst();
    if (claimed) return claimed;
  }
  return null;
}

/** The extra headers stored with a mail (an unreadable value counts as none). */
export function mailHeaders(row: Pick<OutboxRow, 'headers'>): Record<string, string> {
  try {
    const value: unknown = JSON.parse(row.headers);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

export async function markSent(db: Db, id: string, now: Date): Promise<void> {
  await db.updateTable('outbox').set({ status: 'sent', sent_at: now.toISOString(), last_error: null }).where('id', '=', id).execute();
}

export async function markAttemptFailed(db: Db, id: string, error: string, retryAt: Date | null): Promise<void> {
  await db
    .updateTable('outbox')
    .set(retryAt ? { last_error: error, next_attempt_at: retryAt.toISOString() } : { last_error: error, status: 'failed' })
    .where('id', '=', id)
    .execute();
}
