import type { Db } from '../db/connect';
import { NEWSLETTER_MAIL_KIND } from '../mail/outbox';
import { readSendingPause } from '../mail/sending-pause';

export type OutboxState = {
  pending: number;
  failed: number;
  /** The oldest pending mail of any kind (newsletter mail waits its turn by design). */
  oldestPendingAt: Date | null;
  /** The oldest pending mail that is not a newsletter: these go at once, so an old one means the queue is stuck. */
  oldestUrgentPendingAt: Date | null;
  /** Mails that gave up (after every retry) among those queued in the last day. */
  failedLastDay: number;
  /** Since when the worker holds the mail back because the mail server refused several recipients alike (mail/sending-pause.ts). */
  pausedSince: Date | null;
};

const DAY_MS = 24 * 60 * 60_000;

export async function readOutboxState(db: Db, now: Date): Promise<OutboxState> {
  const [counts, oldest, oldestUrgent, failedLastDay, pause] = await Promise.all([
    db
      .selectFrom('outbox')
      .select(['status', (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('status', 'in', ['pending', 'failed'])
      .groupBy('status')
      .execute(),
    db
      .selectFrom('outbox')
      .select((eb) => eb.fn.min('created_at').as('at'))
      .where('status', '=', 'pending')
      .executeTakeFirst(),
    db
      .selectFrom('outbox')
      .select((eb) => eb.fn.min('created_at').as('at'))
      .where('status', '=', 'pending')
      .where('kind', '!=', NEWSLETTER_MAIL_KIND)
      .executeTakeFirst(),
    db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('status', '=', 'failed')
      .where('created_at', '>=', new Date(now.getTime() - DAY_MS).toISOString())
      .executeTakeFirst(),
    readSendingPause(db),
  ]);
  const count = (status: string) => Number(counts.find((row) => row.status === status)?.count ?? 0);
  return {
    pending: count('pending'),
    failed: count('failed'),
    oldestPendingAt: oldest?.at ? new Date(oldest.at) : null,
    oldestUrgentPendingAt: oldestUrgent?.at ? new Date(oldestUrgent.at) : null,
    failedLastDay: Number(failedLastDay?.count ?? 0),
    // A pause whose start cannot be read still holds the mail back.
    pausedSince: pause ? (Number.isNaN(Date.parse(pause.since)) ? new Date(0) : new Date(pause.since)) : null,
  };
}

/** Orders the order worker still has to hand to Printful, and those it gave up on. */
export async function readOrderQueueState(db: Db): Promise<{ pendingProvider: number; providerFailed: number }> {
  const rows = await db
    .selectFrom('orders')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('status', 'in', ['pending_provider', 'provider_failed'])
    .groupBy('status')
    .execute();
  const count = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  return { pendingProvider: count('pending_provider'), providerFailed: count('provider_failed') };
}

/** Newsletters whose mails the newsletter queue worker is still queueing. */
export async function readNewsletterQueueState(db: Db): Promise<{ sending: number }> {
  const row = await db
    .selectFrom('newsletters')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('status', '=', 'sending')
    .executeTakeFirst();
  return { sending: Number(row?.count ?? 0) };
}
