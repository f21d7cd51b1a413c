/**
 * Placing an order: price the cart from the catalog, store the order, its lines and the confirmation
 * mail in one transaction, then hand it to Printful as a draft. If Printful is away the order stays
 * `pending_provider` and the worker (worker.ts) keeps trying; the buyer is confirmed either way.
 * A retried checkout (same idempotency key from the same user) gets the order it already made.
 * With Stripe configured (issue 18) the order is stored `pending_payment`, without a mail, and the
 * buyer is sent to Stripe Checkout (checkout-session.ts); the signed webhook confirms the payment,
 * queues the mail and hands the order to the worker (payment-webhook.ts).
 */
import { SITE_CURRENCY } from '@shared/constants';
import type { createOrderSchema, CreatedOrder } from '@shared/schemas/checkout';
import type Stripe from 'stripe';
import type { z } from 'zod';
import { AppError } from '../app-error';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { OrderRow, UserRow } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import type { Clock } from '../lib/clock';
import { newId } from '../lib/ids';
import type { Logger } from '../lib/logger';
import { mailFooterOf } from '../mail/footer';
import { enqueueMail } from '../mail/outbox';
import { localizedProducts } from '../shop/localized-catalog';
import type { ShopServices } from '../shop/services';
import { legalDetails } from '../site/legal-details';
import { orderCheckoutUrl } from './checkout-session';
import { type OrderMailLegal, orderConfirmationMail } from './mails';
import { newOrderNumber } from './order-number';
import { priceOrderLines, type PricedOrder } from './pricing';
import { findOrderByKey, greetsBuyerByName } from './queries';
import { isSameOrderRequest } from './same-request';
import { claimOrder, submitClaimedOrder } from './submission';
import { placedUnderSmallBusinessRule } from './total-lines';
import { enqueueTeamMail, orderPlacedTeamMail, type TeamMail, teamMailOf } from './team-mails';

export type CreateOrderDeps = { db: Db; shop: ShopServices; clock: Clock; logger: Logger; config: Config; stripe: Stripe | null };
type CreateOrderParsed = z.output<typeof createOrderSchema>;

const ORDER_NUMBER_TRIES = 3;

export async function createOrder(deps: CreateOrderDeps, user: UserRow, typed: CreateOrderParsed): Promise<CreatedOrder> {
  const { db, shop, clock, logger } = deps;
  // Sessions exist only for verified accounts; checked again here because an order costs money.
  if (!user.email_verified_at) throw new AppError('EMAIL_NOT_VERIFIED');
  const input = withAccountEmail(typed, user);

  const isDemo = shop.provider.kind === 'demo';
  // The demo shop charges nothing even with Stripe configured: its orders go nowhere.
  const stripe = isDemo ? null : deps.stripe;
  const earlier = await findOrderByKey(db, user.id, input.idempotencyKey);
  if (earlier) return repeated(deps, stripe, earlier, input);

  // Named as the buyer saw them at checkout (their language): the mail and the stored lines say what they bought.
  const priced = priceOrderLines(await localizedProducts({ db, shop }, input.locale), input.lines);
  // The mail carries the terms and the withdrawal information as they stand now (a durable medium, ADR 027).
  const legal: OrderMailLegal = { footer: mailFooterOf(deps.config), details: legalDetails(deps.config) };
  const mode: OrderMode = isDemo ? 'demo' : stripe ? 'pay_first' : 'draft';
  const team = teamMailOf(deps.config);
  const stored = await storeOrder(db, clock.now(), user, input, priced, mode, legal, team);
  if ('existing' in stored) return repeated(deps, stripe, stored.existing, input);
  const { order } = stored;
  logger.info('order placed', {
    orderNumber: order.order_number,
    status: order.status,
    totalCents: order.total_cents,
    lines: priced.lines.length,
  });

  if (isDemo) return summary(order);
  if (stripe) return withCheckout(deps, stripe, order);
  const claimed = await claimOrder(db, order.id, clock.now());
  // Not claimed: another process's worker took it in the meantime; it records the outcome.
  if (!claimed) return summary(order);
  const submission = submitClaimedOrder({ db, provider: shop.provider, clock, logger, team }, claimed).catch((error: unknown) => {
    // The lease runs out and the worker tries again.
    logger.error('order submission failed', { orderNumber: order.order_number, error });
    return order.status;
  });
  return { ...summary(order), status: await withinDeadline(submission, INLINE_SUBMIT_WAIT_MS, order.status) };
}

/** The buyer waits this long for Printful at most; a slower attempt goes on and records its outcome itself. */
const INLINE_SUBMIT_WAIT_MS = 8000;

function withinDeadline<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
    timer.unref();
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

type Stored = { order: OrderRow } | { existing: OrderRow };
/** demo: stored only; draft: to Printful as a draft, paid by arrangement; pay_first: paid through Stripe before Printful. */
type OrderMode = 'demo' | 'draft' | 'pay_first';

/** An order waiting for payment gets its Checkout URL (the same session again on a retry); any other just its summary. */
async function withCheckout(deps: CreateOrderDeps, stripe: Stripe, order: OrderRow): Promise<CreatedOrder> {
  if (order.status !== 'pending_payment') return summary(order);
  const checkoutUrl = await orderCheckoutUrl({ ...deps, stripe, now: deps.clock.now() }, order);
  return { ...summary(order), checkoutUrl };
}

async function storeOrder(
  db: Db,
  now: Date,
  user: UserRow,
  input: CreateOrderParsed,
  priced: PricedOrder,
  mode: OrderMode,
  legal: OrderMailLegal,
  team: TeamMail,
): Promise<Stored> {
  for (let attempt = 1; ; attempt++) {
    try {
      return { order: await insertOrder(db, now, user, input, priced, mode, legal, team) };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Either a parallel request with the same key won (a double click), or the order number clashed.
      const winner = await findOrderByKey(db, user.id, input.idempotencyKey);
      if (winner) return { existing: winner };
      if (attempt >= ORDER_NUMBER_TRIES) throw error;
    }
  }
}

function insertOrder(
  db: Db,
  now: Date,
  user: UserRow,
  input: CreateOrderParsed,
  priced: PricedOrder,
  mode: OrderMode,
  legal: OrderMailLegal,
  team: TeamMail,
): Promise<OrderRow> {
  const { shipping } = input;
  const nowIso = now.toISOString();
  const isDemo = mode === 'demo';
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .insertInto('orders')
      .values({
        id: newId(),
        order_number: newOrderNumber(now),
        user_id: user.id,
        idempotency_key: input.idempotencyKey,
        status: isDemo ? 'demo' : mode === 'pay_first' ? 'pending_payment' : 'pending_provider',
        locale: input.locale,
        email: shipping.email,
        first_name: shipping.firstName,
        last_name: shipping.lastName,
        phone: shipping.phone ?? null,
        address: shipping.address,
        city: shipping.city,
        postal_code: shipping.postalCode,
        country: shipping.country,
        currency: SITE_CURRENCY,
        subtotal_cents: priced.subtotalCents,
        shipping_cents: priced.shippingCents,
        total_cents: priced.totalCents,
        // The VAT rule it is placed under (KLEINUNTERNEHMER): its mails state the total so, even once the setting changed.
        kleinunternehmer: legal.details.shop.kleinunternehmer ? 1 : 0,
        printful_order_id: null,
        printful_status: null,
        // An order waiting for payment is not the worker's until the webhook says it is paid.
        next_attempt_at: mode === 'draft' ? nowIso : null,
        last_error: null,
        created_at: nowIso,
        updated_at: nowIso,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('order_items')
      .values(
        priced.lines.map((line, position) => ({
          id: newId(),
          order_id: order.id,
          position,
          product_id: line.productId,
          variant_id: line.variantId,
          name: line.name,
          color: line.color,
          size: line.size,
          image: line.image,
          unit_price_cents: line.unitPriceCents,
          quantity: line.quantity,
        })),
      )
      .execute();
    // Paid online, the order is accepted (and confirmed by mail) only once the money is confirmed.
    if (mode !== 'pay_first') {
      const mail = orderConfirmationMail(
        input.locale,
        {
          ...shipping,
          orderNumber: order.order_number,
          placedAt: order.created_at,
          ...priced,
          kleinunternehmer: placedUnderSmallBusinessRule(order),
          isDemo,
          greetByName: await greetsBuyerByName(trx, order),
        },
        legal,
      );
      await enqueueMail(trx, 'order_confirmation', shipping.email, mail, now);
    }
    // Paid by arrangement: nobody else learns the order exists, and the buyer waits for the bank details.
    // (A demo order costs nothing; an order paid online is reported once the money came, payment-webhook.ts.)
    if (mode === 'draft') await enqueueTeamMail(trx, team, orderPlacedTeamMail(order, team), now);
    return order;
  });
}

/**
 * The order's e-mail address is the account's, proven by its sign-up, whatever the form sent (ADR 054).
 * Every mail of the order goes there, and a withdrawal names it: typed into the form, it would let
 * anyone send the confirmation — which repeats the typed name and address and accepts the order on the
 * association's behalf — to any stranger's mailbox. The checkout shows the field read-only.
 */
function withAccountEmail(input: CreateOrderParsed, user: UserRow): CreateOrderParsed {
  return { ...input, shipping: { ...input.shipping, email: user.email } };
}

/** The answer to a key sent again: the order it made, if the request is that order's (isSameOrderRequest). */
async function repeated(deps: CreateOrderDeps, stripe: Stripe | null, order: OrderRow, input: CreateOrderParsed): Promise<CreatedOrder> {
  if (!(await isSameOrderRequest(deps.db, order, input)))
    throw new AppError('VALIDATION_FAILED', 'idempotency key sent again with another address or cart');
  return stripe ? withCheckout(deps, stripe, order) : summary(order);
}

function summary(order: OrderRow): CreatedOrder {
  return { orderNumber: order.order_number, status: order.status, totalCents: order.total_cents };
}
