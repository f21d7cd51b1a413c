/**
 * /orders-admin (`orders.adminList`): the orders an admin fulfils, newest first, a page at a time,
 * narrowed by status and by a search on the buyer's e-mail or the order number, each with its lines,
 * shipping address, totals, payment and Printful state and the link to Printful's dashboard.
 */
import { sql } from 'kysely';
import type Stripe from 'stripe';
import type { OrderPaymentState } from '@shared/order-filters';
import type { AdminOrder, AdminOrderList, OrderFilter } from '@shared/schemas/orders-admin';
import type { Db } from '../db/connect';
import type { OrderItemRow, OrderRow } from '../db/schema';
import { isCancellable } from './cancel-order';
import { withdrawalTimes, orderLine } from './queries';

export const ORDERS_PAGE_SIZE = 25;

/**
 * An order's page in Printful's dashboard. Printful's own answers carry a `dashboard_url` in two forms
 * (shared/reference/printful-api.md §4); this is the one that opens the order in the store's order list.
 */
export function printfulDashboardUrl(printfulOrderId: string | null): string | null {
  return printfulOrderId ? `https://www.printful.com/dashboard/default/orders?order_id=${encodeURIComponent(printfulOrderId)}` : null;
}

/** How the order's payment stands, from its Stripe fields (ADR 031: no session means payment by arrangement). */
export function paymentStateOf(order: Pick<OrderRow, 'status' | 'stripe_session_id' | 'paid_at' | 'refunded_at'>): OrderPaymentState {
  if (!order.stripe_session_id) return 'arrangement';
  if (order.refunded_at) return 'refunded';
  if (order.paid_at) return 'paid';
  if (order.status === 'pending_payment') return 'awaiting';
  return 'unpaid';
}

/** `%`, `_` and the escape character itself match literally in the search. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function filtered(db: Db, filter: OrderFilter) {
  let query = db.selectFrom('orders');
  if (filter.status) query = query.where('orders.status', '=', filter.status);
  if (filter.search) {
    // lower() on both sides: SQLite's LIKE ignores ASCII case, PostgreSQL's does not. The explicit ESCAPE
    // is needed by SQLite (PostgreSQL's default is the same backslash).
    const pattern = likePattern(filter.search);
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(${eb.ref('orders.email')})`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(${eb.ref('orders.order_number')})`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  return query;
}

/** `stripe`: the procedure's Stripe client (null without payments), for which orders can be cancelled and refunded. */
export async function listOrdersForAdmin(
  { db, stripe }: { db: Db; stripe: Stripe | null },
  filter: OrderFilter,
  page = 1,
  pageSize = ORDERS_PAGE_SIZE,
): Promise<AdminOrderList> {
  const count = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await filtered(db, filter)
    .selectAll('orders')
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.order_number')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const ids = rows.map((row) => row.id);
  const items =
    ids.length === 0 ? [] : await db.selectFrom('order_items').selectAll().where('order_id', 'in', ids).orderBy('position').execute();
  const withdrawals = await withdrawalTimes(
    db,
    rows.map((row) => row.order_number),
  );
  return {
    orders: rows.map((row) =>
      toAdminOrder(
        row,
        items.filter((item) => item.order_id === row.id),
        withdrawals.get(row.order_number) ?? null,
        isCancellable(row, stripe),
      ),
    ),
    page,
    pageSize,
    total: Number(count.total),
  };
}

function toAdminOrder(row: OrderRow, items: OrderItemRow[], withdrawnAt: string | null, cancellable: boolean): AdminOrder {
  return {
    orderNumber: row.order_number,
    status: row.status,
    printfulOrderId: row.printful_order_id,
    printfulStatus: row.printful_status,
    printfulUrl: printfulDashboardUrl(row.printful_order_id),
    createdAt: row.created_at,
    email: row.email,
    name: `${row.first_name} ${row.last_name}`,
    phone: row.phone,
    country: row.country,
    address: { street: row.address, postalCode: row.postal_code, city: row.city, country: row.country },
    subtotalCents: row.subtotal_cents,
    shippingCents: row.shipping_cents,
    totalCents: row.total_cents,
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
    lines: items.map(orderLine),
    lastError: row.last_error,
    withdrawnAt,
    payment: paymentStateOf(row),
    paidAt: row.paid_at,
    cancelledAt: row.cancelled_at,
    refundedAt: row.refunded_at,
    refundFailedAt: row.refund_failed_at,
    cancellable,
  };
}
