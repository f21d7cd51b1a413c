/**
 * Handing a stored order to the provider (Printful), once right after checkout and then by the worker
 * until it is taken. An order is claimed before each attempt, with one conditional update that only
 * one process can win; the claim also moves the next attempt into the future (a lease), so an attempt
 * that dies half-way is simply tried again later. Printful's own retry safety (update_existing on our
 * order number) makes a second attempt of an order that did arrive harmless.
 */
import type { Db } from '../db/connect';
import type { OrderRow } from '../db/schema';
import { backoffDelayMs } from '../lib/backoff';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import { PRINTFUL_TOKEN_REFUSED, PrintfulError } from '../shop/printful-client';
import type { ProviderOrder, ShopProvider } from '../shop/provider';
import { enqueueTeamMail, placedAfterCancelTeamMail, providerFailedTeamMail, type TeamMail } from './team-mails';

/** Longer than one attempt can take (request timeouts and 429 waits included). */
const ORDER_LEASE_MS = 5 * 60_000;
/** 30 s, 1, 2, 4, … minutes, then hourly: about a day in all before a person has to look. */
const MAX_PROVIDER_ATTEMPTS = 30;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;

export type SubmissionDeps = { db: Db; provider: ShopProvider; clock: Clock; logger: Logger; team: TeamMail };

/** Claims this order for an attempt if it is waiting for the provider and due. */
export function claimOrder(db: Db, orderId: string, now: Date): Promise<OrderRow | undefined> {
  const nowIso = now.toISOString();
  return db
    .updateTable('orders')
    .set((eb) => ({
      provider_attempts: eb('provider_attempts', '+', 1),
      next_attempt_at: new Date(now.getTime() + ORDER_LEASE_MS).toISOString(),
    }))
    .where('id', '=', orderId)
    .where('status', '=', 'pending_provider')
    .where('next_attempt_at', '<=', nowIso)
    .returningAll()
    .executeTakeFirst();
}

/** Claims the longest-waiting due order, if any. */
export async function claimDueOrder(db: Db, now: Date): Promise<OrderRow | undefined> {
  const candidates = await db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'pending_provider')
    .where('next_attempt_at', '<=', now.toISOString())
    .orderBy('next_attempt_at')
    .limit(5)
    .execute();
  for (const { id } of candidates) {
    const claimed = await claimOrder(db, id, now);
    if (claimed) return claimed;
  }
  return undefined;
}

/**
 * One attempt for a claimed order; records the outcome and returns the order's new status. An order paid
 * through Stripe (`paid_at`) is placed confirmed, for production; one without online payment becomes a
 * draft the team confirms after the money arrived by transfer.
 */
export async function submitClaimedOrder(deps: SubmissionDeps, order: OrderRow): Promise<OrderRow['status']> {
  const { db, provider, clock, logger, team } = deps;
  const log = { orderNumber: order.order_number, attempts: order.provider_attempts };
  const paid = order.paid_at !== null;
  try {
    const details = await providerOrder(db, order);
    const result = paid ? await provider.placeConfirmedOrder(details) : await provider.createDraftOrder(details);
    const status = paid ? 'confirmed' : 'submitted';
    const placed = { printful_order_id: result.providerOrderId, printful_status: result.providerStatus, next_attempt_at: null };
    const moved = await db
      .updateTable('orders')
      .set({ ...placed, status, last_error: null, updated_at: clock.now().toISOString() })
      .where('id', '=', order.id)
      .where('status', '=', 'pending_provider')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) {
      // Called off while Printful was being asked (a withdrawal, a refund in Stripe's dashboard, an admin's
      // cancel): its status stays, and the Printful order just made is cancelled at once (not in production
      // yet). Should Printful refuse, the team is told to cancel it there.
      await db.updateTable('orders').set(placed).where('id', '=', order.id).execute();
      await cancelPlacedAfterAll(deps, order, result.providerOrderId);
      return status;
    }
    logger.info(paid ? 'paid order confirmed at Printful' : 'order handed to Printful as a draft', {
      ...log,
      printfulOrderId: result.providerOrderId,
    });
    return status;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // A refusal of the order itself (validation) will not change by asking again.
    const final = (error instanceof PrintfulError && error.kind === 'rejected') || order.provider_attempts >= MAX_PROVIDER_ATTEMPTS;
    const now = clock.now();
    const recorded = await db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('orders')
        .set({
          status: final ? 'provider_failed' : 'pending_provider',
          next_attempt_at: final
            ? null
            : new Date(now.getTime() + backoffDelayMs(order.provider_attempts, FIRST_RETRY_MS, MAX_RETRY_MS)).toISOString(),
          last_error: message.slice(0, 1000),
          updated_at: now.toISOString(),
        })
        .where('id', '=', order.id)
        // Refunded or cancelled meanwhile: nothing left to place, and nobody to tell.
        .where('status', '=', 'pending_provider')
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) return false;
      // Given up: a person has to place it by hand or call it off, so the team is told with the change.
      if (final) await enqueueTeamMail(trx, team, providerFailedTeamMail({ ...order, status: 'provider_failed' }, message, team), now);
      return true;
    });
    if (!recorded) return order.status;
    // A refused token is the operator's to fix, not a hiccup to wait out: the log names the settings, as an
    // error once for a streak of refusals (the catalog's included), then as warnings while it is retried.
    const refused = error instanceof PrintfulError && error.kind === 'unauthorized' ? error : null;
    const hint = refused ? { hint: PRINTFUL_TOKEN_REFUSED } : {};
    if (final) logger.error('order could not be handed to Printful; an operator has to look at it', { ...log, ...hint, error: message });
    else if (refused)
      logger[refused.firstRefusal ? 'error' : 'warn'](`${PRINTFUL_TOKEN_REFUSED}; the order is retried`, { ...log, error: message });
    else logger.warn('order not yet handed to Printful; will retry', { ...log, error: message });
    return final ? 'provider_failed' : 'pending_provider';
  }
}

/** The Printful order of an order called off while it was placed: cancelled there, else the team is told. */
async function cancelPlacedAfterAll(deps: SubmissionDeps, order: OrderRow, providerOrderId: string): Promise<void> {
  const { db, provider, clock, logger, team } = deps;
  const log = { orderNumber: order.order_number, printfulOrderId: providerOrderId };
  try {
    await provider.cancelOrder(providerOrderId);
    logger.warn('order called off while it was placed at Printful; cancelled there too', log);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.error('order called off while it was placed at Printful, and Printful did not cancel it; cancel it there', {
      ...log,
      error: message,
    });
    const current = await db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    await enqueueTeamMail(db, team, placedAfterCancelTeamMail(current, message, team), clock.now());
  }
}

async function providerOrder(db: Db, order: OrderRow): Promise<ProviderOrder> {
  const items = await db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).orderBy('position').execute();
  return {
    orderNumber: order.order_number,
    recipient: {
      name: `${order.first_name} ${order.last_name}`,
      email: order.email,
      phone: order.phone,
      address: order.address,
      city: order.city,
      postalCode: order.postal_code,
      country: order.country,
    },
    items: items.map((item) => ({
      variantId: item.variant_id,
      name: [item.name, [item.color, item.size].filter(Boolean).join(' / ')].filter(Boolean).join(' - '),
      quantity: item.quantity,
      unitPriceCents: item.unit_price_cents,
    })),
    currency: order.currency,
    subtotalCents: order.subtotal_cents,
    shippingCents: order.shipping_cents,
  };
}
