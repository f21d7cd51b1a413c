import type { MyOrder, OperatorOrder } from '@shared/schemas/checkout';
import type { AuditActor } from '../audit/record';
import type { Db } from '../db/connect';
import type { OrderItemRow, OrderRow } from '../db/schema';
import { isWithdrawable } from '../withdrawals/declare';

/** An order's line as every reader shows it (the buyer's list, mails, the admin screen, the data export). */
export function orderLine(item: Pick<OrderItemRow, 'name' | 'color' | 'size' | 'quantity' | 'unit_price_cents'>) {
  return { name: item.name, color: item.color, size: item.size, quantity: item.quantity, unitPriceCents: item.unit_price_cents };
}

/**
 * Whether the order's address is its account's own (proven by sign-up): only then do the buyer's mails
 * greet by the typed name (mail/templates greeting), which must not reach a stranger's mailbox. The one
 * rule for every buyer's mail (the confirmation at checkout, the webhook's mails).
 */
export async function greetsBuyerByName(db: Db, order: Pick<OrderRow, 'user_id' | 'email'>): Promise<boolean> {
  if (!order.user_id) return false;
  const account = await db.selectFrom('users').select('email').where('id', '=', order.user_id).executeTakeFirst();
  return account?.email === order.email;
}

export function findOrderByKey(db: Db, userId: string, idempotencyKey: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

/**
 * The user's own orders, newest first, with their lines, when a withdrawal was declared and whether one is
 * offered (`orders.mine`). Not those that never reached Stripe's Checkout: Stripe was down at the click,
 * the buyer was told that nothing was charged, and their retry of the same click takes up the same order
 * (create-order.ts); until then it is nothing they could pay or withdraw from (the order worker cancels it
 * after a day, reconcile-payments.ts). One the buyer withdrew from all the same stays, with its withdrawal.
 */
export async function listOrdersOfUser(db: Db, userId: string, limit = 100): Promise<MyOrder[]> {
  const orders = await db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('stripe_session_id', 'is not', null),
        eb('status', 'not in', ['pending_payment', 'cancelled']),
        eb('paid_at', 'is not', null),
        eb.exists(eb.selectFrom('withdrawals').select('withdrawals.id').whereRef('withdrawals.order_id', '=', 'orders.id')),
      ]),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  if (orders.length === 0) return [];
  const items = await db
    .selectFrom('order_items')
    .selectAll()
    .where(
      'order_id',
      'in',
      orders.map((order) => order.id),
    )
    .orderBy('position')
    .execute();
  const withdrawals = await withdrawalTimes(
    db,
    orders.map((order) => order.order_number),
  );
  return orders.map((order) => {
    const withdrawnAt = withdrawals.get(order.order_number) ?? null;
    return {
      orderNumber: order.order_number,
      status: order.status,
      createdAt: order.created_at,
      subtotalCents: order.subtotal_cents,
      shippingCents: order.shipping_cents,
      totalCents: order.total_cents,
      lines: items.filter((item) => item.order_id === order.id).map((item) => ({ ...orderLine(item), image: item.image })),
      withdrawnAt,
      withdrawable: isWithdrawable(order, withdrawnAt),
    };
  });
}

/** What the operators' list shows of an order (selected and grouped by, beside the item count). */
const OPERATOR_COLUMNS = [
  'orders.order_number',
  'orders.status',
  'orders.printful_order_id',
  'orders.printful_status',
  'orders.created_at',
  'orders.email',
  'orders.first_name',
  'orders.last_name',
  'orders.country',
  'orders.total_cents',
  'orders.last_error',
  'orders.paid_at',
] as const;

/** Every order, newest first, with its Printful id and status: for the operator CLI (`orders:list`). */
export async function listOrdersForOperators(db: Db, limit = 500): Promise<OperatorOrder[]> {
  const rows = await db
    .selectFrom('orders')
    .leftJoin('order_items', 'order_items.order_id', 'orders.id')
    .select((eb) => [...OPERATOR_COLUMNS, eb.fn.coalesce(eb.fn.sum<number>('order_items.quantity'), eb.lit(0)).as('item_count')])
    .groupBy(['orders.id', ...OPERATOR_COLUMNS])
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.order_number')
    .limit(limit)
    .execute();
  const withdrawals = await withdrawalTimes(
    db,
    rows.map((row) => row.order_number),
  );
  return rows.map((row) => ({
    orderNumber: row.order_number,
    status: row.status,
    printfulOrderId: row.printful_order_id,
    printfulStatus: row.printful_status,
    createdAt: row.created_at,
    email: row.email,
    name: `${row.first_name} ${row.last_name}`,
    country: row.country,
    totalCents: row.total_cents,
    itemCount: Number(row.item_count),
    lastError: row.last_error,
    withdrawnAt: withdrawals.get(row.order_number) ?? null,
    paidAt: row.paid_at,
  }));
}

/** When each of these orders was withdrawn (the withdrawal button, ADR 027), by order number. */
export async function withdrawalTimes(db: Db, orderNumbers: string[]): Promise<Map<string, string>> {
  if (orderNumbers.length === 0) return new Map();
  const rows = await db
    .selectFrom('withdrawals')
    .select(['order_number', 'created_at'])
    .where('order_number', 'in', orderNumbers)
    .execute();
  return new Map(rows.map((row) => [row.order_number, row.created_at]));
}

/**
 * Whether an order's cancel is in the audit trail (an admin's "Stornieren und erstatten" writes it before
 * refunding): a refund event for a cancelled, paid order without one was made by someone in Stripe's
 * dashboard, and is the system's to record; with one, the admin's cancel records it (cancel-order.ts).
 */
export function hasCancelEntry(db: Db, orderNumber: string): Promise<boolean> {
  return hasOrderEntry(db, orderNumber, 'order.cancelled');
}

/**
 * Whether the order's refund is in the audit trail: it is recorded once, by whoever comes second
 * (cancel-order.ts). Once per refund that counts: a refund that failed later (refund-failed.ts) is
 * followed by a new one, whose entry is written again.
 */
export async function hasRefundEntry(db: Db, orderNumber: string): Promise<boolean> {
  const counts = await orderEntryCounts(db, orderNumber);
  return counts['order.refunded'] > counts['order.refund_failed'];
}

/** How often the order's refund failed after Stripe made it: the next refund's key counts them (refund-failed.ts). */
export async function refundFailures(db: Db, orderNumber: string): Promise<number> {
  return (await orderEntryCounts(db, orderNumber))['order.refund_failed'];
}

async function hasOrderEntry(db: Db, orderNumber: string, action: OrderEntryAction): Promise<boolean> {
  return (await orderEntryActor(db, orderNumber, action)) !== null;
}

type OrderEntryAction = 'order.cancelled' | 'order.refunded';

async function orderEntryCounts(db: Db, orderNumber: string): Promise<Record<'order.refunded' | 'order.refund_failed', number>> {
  const rows = await db
    .selectFrom('audit_log')
    .select((eb) => ['action', eb.fn.countAll<number | string>().as('entries')])
    .where('object_type', '=', 'order')
    .where('object_id', '=', orderNumber)
    .where('action', 'in', ['order.refunded', 'order.refund_failed'])
    .groupBy('action')
    .execute();
  const count = (action: string) => Number(rows.find((row) => row.action === action)?.entries ?? 0);
  return { 'order.refunded': count('order.refunded'), 'order.refund_failed': count('order.refund_failed') };
}

/**
 * Who wrote an order's cancel or refund entry, or null without one: the refund that finishes an admin's
 * cancel is theirs, also when Stripe's event finishes it (payment-webhook.ts). The cancel is written once;
 * a refund once per refund that counts, and the latest is the one that stands (one before it failed).
 */
export async function orderEntryActor(db: Db, orderNumber: string, action: OrderEntryAction): Promise<AuditActor | null> {
  const entry = await db
    .selectFrom('audit_log')
    .select(['actor_id', 'actor_email', 'ip'])
    .where('object_type', '=', 'order')
    .where('object_id', '=', orderNumber)
    .where('action', '=', action)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return entry ? { id: entry.actor_id, email: entry.actor_email, ip: entry.ip } : null;
}
