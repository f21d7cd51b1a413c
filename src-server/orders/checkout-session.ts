/**
 * The Stripe Checkout session of a shop order (issue 18 point 3, stripe-api.md §2.5): the lines at the
 * prices the server stored with the order, shipping as one more line, the buyer's e-mail and language.
 * Nothing the browser sends reaches these amounts; the return URLs carry only Stripe's session id, and
 * only Stripe's word marks an order paid: its signed webhook, or the session as its API returns it
 * (payment-webhook.ts, checkout-status.ts).
 */
import { t } from '@lingui/core/macro';
import type Stripe from 'stripe';
import { LOCALE_SEARCH_PARAM } from '@shared/locales';
import { AppError } from '../app-error';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { OrderItemRow, OrderRow } from '../db/schema';
import { CHECKOUT_PAYMENT_METHODS } from '../payments/checkout-methods';
import { describeStripeError } from '../payments/stripe-errors';
import { i18nFor } from '../lib/i18n';
import type { Logger } from '../lib/logger';
import { describeLine } from './pricing';

/** Every Checkout session of an order carries this, so the webhook hands its events to the orders (handle-event.ts). */
export const ORDER_METADATA_KIND = 'order';

export type OrderCheckoutDeps = { db: Db; config: Config; logger: Logger; stripe: Stripe; now: Date };

/**
 * Creates (or, asked again for the same order, replays: one idempotency key per order) the order's
 * Checkout session, remembers its id and answers the URL the browser goes to. Stripe failing leaves the
 * order waiting for payment and answers PAYMENT_PROVIDER_UNAVAILABLE; the buyer's retry (same
 * idempotency key of ours) comes back here for the same order.
 */
export async function orderCheckoutUrl(deps: OrderCheckoutDeps, order: OrderRow): Promise<string> {
  const { db, config, logger, stripe, now } = deps;
  const items = await db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).orderBy('position').execute();
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(orderCheckoutParams(config.publicUrl, order, items), {
      idempotencyKey: `order-checkout-${order.id}`,
    });
  } catch (error) {
    logger.error('stripe checkout session for an order failed', { orderNumber: order.order_number, error: describeStripeError(error) });
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 'stripe refused or did not answer');
  }
  if (!session.url) {
    logger.error('stripe checkout session without a url', { orderNumber: order.order_number, sessionId: session.id });
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 'checkout session without url');
  }
  if (order.stripe_session_id !== session.id) {
    await db
      .updateTable('orders')
      .set({ stripe_session_id: session.id, updated_at: now.toISOString() })
      .where('id', '=', order.id)
      .execute();
  }
  logger.info('order checkout started', { orderNumber: order.order_number, totalCents: order.total_cents, sessionId: session.id });
  return session.url;
}

/**
 * One line per item at its stored unit price and shipping as a line of its own (the order's
 * shipping_cents): Stripe's total is exactly the order's total. The site's payment methods come from
 * payments/checkout-methods.ts. The success URL's placeholder is joined as plain text so that Stripe can
 * fill it in (§10.6).
 */
export function orderCheckoutParams(
  publicUrl: string,
  order: OrderRow,
  items: readonly OrderItemRow[],
): Stripe.Checkout.SessionCreateParams {
  const i18n = i18nFor(order.locale);
  const metadata = { kind: ORDER_METADATA_KIND, order_id: order.id, order_number: order.order_number };
  const currency = order.currency.toLowerCase();
  const orderNumber = order.order_number;
  return {
    mode: 'payment',
    locale: order.locale as Stripe.Checkout.SessionCreateParams.Locale,
    customer_email: order.email,
    client_reference_id: order.id,
    metadata,
    payment_intent_data: { metadata, description: t(i18n)`SchoolBox-Bestellung ${orderNumber}` },
    allowed_payment_method_types: [...CHECKOUT_PAYMENT_METHODS],
    line_items: [
      ...items.map((item) => ({
        quantity: item.quantity,
        price_data: { currency, unit_amount: item.unit_price_cents, product_data: { name: describeLine(item) } },
      })),
      { quantity: 1, price_data: { currency, unit_amount: order.shipping_cents, product_data: { name: t(i18n)`Versand` } } },
    ],
    success_url: `${publicUrl}/checkout/danke?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${publicUrl}/checkout?${LOCALE_SEARCH_PARAM}=${order.locale}`,
  };
}
