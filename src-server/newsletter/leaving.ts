/**
 * Addresses leaving the list: through the unsubscribe link (the subscriber) or deleted by an admin.
 * Either way the address is gone: the row is deleted, mails not sent yet are withdrawn, and the mail
 * log loses the address. Of an unsubscription only a count is kept, and the consent record (consents.ts)
 * notes when the address left: it is kept for the period the privacy page states, then deleted.
 */
import { sql } from 'kysely';
import { type AuditActor, recordAudit } from '../audit/record';
import type { Db } from '../db/connect';
import { recordLeaving } from './consents';

const UNSUBSCRIBED = 'unsubscribed';

/**
 * Takes the address of this unsubscribe token off the list; false when the token is unknown (gone already).
 * Counted once: of two requests with the token at once (the page and a mail program's one-click POST, two
 * servers), both may find the address, but only the one whose delete took the row counts it.
 */
export async function unsubscribe(db: Db, token: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const subscriber = await trx
      .selectFrom('newsletter_subscribers')
      .select('id')
      .where('unsubscribe_token', '=', token)
      .executeTakeFirst();
    if (!subscriber) return false;
    // The other request removed it meanwhile: the address is off the list all the same.
    if (!(await removeSubscriber(trx, subscriber.id, now))) return true;
    await trx
      .insertInto('newsletter_counters')
      .values({ name: UNSUBSCRIBED, value: 1 })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value: sql<number>`newsletter_counters.value + 1` }))
      .execute();
    return true;
  });
}

/**
 * An admin deletes an address (no count kept: the subscriber did not leave by themselves). The audit
 * entry names the subscriber's row, not the address: that is gone, as the subscriber asked.
 */
export async function deleteSubscriber(db: Db, id: string, now: Date, actor: AuditActor): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const removed = await removeSubscriber(trx, id, now);
    if (removed) await recordAudit(trx, actor, { action: 'subscriber.deleted', objectType: 'subscriber', objectId: id }, now);
    return removed;
  });
}

export async function unsubscribedCount(db: Db): Promise<number> {
  const row = await db.selectFrom('newsletter_counters').select('value').where('name', '=', UNSUBSCRIBED).executeTakeFirst();
  return row ? Number(row.value) : 0;
}

async function removeSubscriber(trx: Db, subscriberId: string, now: Date): Promise<boolean> {
  const subscriber = await trx.selectFrom('newsletter_subscribers').select('email').where('id', '=', subscriberId).executeTakeFirst();
  if (!subscriber) return false;
  await recordLeaving(trx, subscriber.email, now);
  const theirMails = trx.selectFrom('newsletter_deliveries').select('outbox_id').where('subscriber_id', '=', subscriberId);
  // Newsletter mails still waiting are not sent any more, and no longer count as part of their newsletter.
  const waiting = await trx.selectFrom('outbox').select('id').where('id', 'in', theirMails).where('status', '=', 'pending').execute();
  const waitingIds = waiting.map((row) => row.id);
  if (waitingIds.length > 0) {
    await trx.deleteFrom('newsletter_deliveries').where('outbox_id', 'in', waitingIds).execute();
    await trx.deleteFrom('outbox').where('id', 'in', waitingIds).execute();
  }
  // Sent and failed ones stay in the mail log without the address (retention job: a sent one is deleted 30 days
  // after sending, a failed one emptied 30 days after it was queued; its delivery keeps counting).
  await trx.updateTable('outbox').set({ to: '' }).where('id', 'in', theirMails).execute();
  // The deliveries keep counting for their newsletters; the foreign key sets their subscriber to null.
  const deleted = await trx.deleteFrom('newsletter_subscribers').where('id', '=', subscriberId).executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}
