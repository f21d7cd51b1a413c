import type { Db } from '../db/connect';
import type { OrderRow } from '../db/schema';

/**
 * An order read inside a transaction with its row locked until that transaction ends (SELECT … FOR
 * UPDATE on PostgreSQL; SQLite leaves the clause out, its write transactions run one at a time anyway,
 * see db/sqlite-dialect.ts). Each transaction that decides by an order's status, its payment or its
 * withdrawal reads the order so, first: the money arriving (payment-webhook.ts, also for the reconciler),
 * the buyer's withdrawal (withdrawals/declare.ts), a refund's event and the end of an admin's cancel
 * (cancel-order.ts). They then take turns on the order, and each decides from what the other committed.
 * Under READ COMMITTED a condition in an UPDATE alone is not enough: a withdrawal stored by a transaction
 * not yet committed is invisible to it, and PostgreSQL's re-check of a row changed meanwhile does not
 * run the condition's subqueries again. So without the lock the money could mark paid an order withdrawn
 * at the same moment, and the withdrawal could miss the payment it should hold.
 */
export function lockedOrder(
  trx: Db,
  by: 'id' | 'stripe_session_id' | 'stripe_payment_intent_id',
  value: string,
): Promise<OrderRow | undefined> {
  return trx.selectFrom('orders').selectAll().where(by, '=', value).forUpdate().executeTakeFirst();
}
