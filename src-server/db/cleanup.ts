import type { Db } from './connect';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Deletes rows nobody will read again: expired sessions, e-mail tokens that were used or expired a day
 * ago, rate-limit buckets idle for a day, mails sent more than 30 days ago and newsletter sign-ups never
 * confirmed (their link expired a day ago). Keeps the tables small however many requests (or forged
 * addresses) arrive.
 */
export async function deleteStaleRows(db: Db, now: Date): Promise<void> {
  const nowIso = now.toISOString();
  const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
  await db.deleteFrom('sessions').where('expires_at', '<=', nowIso).execute();
  await db
    .deleteFrom('email_tokens')
    .where((eb) => eb.or([eb('used_at', '<', dayAgo), eb('expires_at', '<', dayAgo)]))
    .execute();
  await db.deleteFrom('rate_limit_buckets').where('window_started_at', '<', dayAgo).execute();
  await db.deleteFrom('newsletter_subscribers').where('confirmed_at', 'is', null).where('token_expires_at', '<', dayAgo).execute();
  await db
    .deleteFrom('outbox')
    .where('status', '=', 'sent')
    .where('sent_at', '<', new Date(now.getTime() - 30 * DAY_MS).toISOString())
    .execute();
}
