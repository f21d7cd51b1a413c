import { z } from './zod';
import {
  CHECKOUT_LIMITS,
  DEFAULT_SHIPPING_COUNTRY,
  NAME_MAX_LENGTH,
  ORDER_LINE_MAX_QUANTITY,
  ORDER_LINE_MIN_QUANTITY,
  ORDER_MAX_LINES,
  SHIPPING_COUNTRIES,
} from '../constants';
import type { OrderStatus } from '../order-filters';
import { emailSchema, localeSchema } from './auth';
import { plainString, requiredOneLineText } from './text';

/**
 * Checkout shipping data (spec §3, validation §5): everything but the phone is required. The same
 * schema checks the form in the browser and the order on the server.
 */
export const checkoutShippingSchema = z.object({
  firstName: requiredOneLineText(NAME_MAX_LENGTH),
  lastName: requiredOneLineText(NAME_MAX_LENGTH),
  email: emailSchema,
  /** Optional: an empty field counts as none. */
  phone: z
    .string()
    .trim()
    .max(CHECKOUT_LIMITS.phone)
    .regex(/^[0-9+()/. -]*$/)
    .optional()
    .transform((value) => (value ? value : undefined)),
  address: requiredOneLineText(CHECKOUT_LIMITS.address),
  city: requiredOneLineText(CHECKOUT_LIMITS.city),
  postalCode: requiredOneLineText(CHECKOUT_LIMITS.postalCode).regex(/^[A-Za-z0-9 -]+$/),
  /** ISO 3166-1 alpha-2; the form offers SHIPPING_COUNTRIES with Deutschland preselected. */
  country: z.enum(SHIPPING_COUNTRIES).default(DEFAULT_SHIPPING_COUNTRY),
});
export type CheckoutShippingInput = z.input<typeof checkoutShippingSchema>;
export type CheckoutShipping = z.output<typeof checkoutShippingSchema>;

/**
 * One cart line as the order sends it: the variant and how many. Colour and size are carried for
 * the reader of a log only; a name, image or price the client sends is dropped by the schema (the
 * server prices every line from the catalog).
 */
const orderLineInputSchema = z.object({
  variantId: plainString(64).trim().min(1),
  quantity: z.number().int().min(ORDER_LINE_MIN_QUANTITY).max(ORDER_LINE_MAX_QUANTITY),
  color: plainString(100).nullish(),
  size: plainString(100).nullish(),
});

export const createOrderSchema = z.object({
  shipping: checkoutShippingSchema,
  lines: z.array(orderLineInputSchema).min(1).max(ORDER_MAX_LINES),
  /** Made by the client once per checkout attempt: sending it again returns the same order. */
  idempotencyKey: z
    .string()
    .min(16)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/),
  /** The buyer's language, for the confirmation mail. */
  locale: localeSchema,
});
export type CreateOrderInput = z.input<typeof createOrderSchema>;

// Where an order stands: in a file without zod, since the /orders-admin route checks its search with it.
export { ORDER_STATUSES, type OrderStatus } from '../order-filters';

/** What the buyer gets back from `orders.create`. */
export type CreatedOrder = {
  orderNumber: string;
  status: OrderStatus;
  totalCents: number;
  /** With Stripe: where the browser goes to pay (Stripe's hosted Checkout page). */
  checkoutUrl?: string;
};

/**
 * What /checkout/danke shows for a Checkout session (`orders.checkoutStatus`): paid (card, or the webhook
 * arrived), pending (SEPA: the debit settles in a few days), open (not finished yet), cancelled (not paid
 * or expired), refunding (cancelled although its money came: withdrawn or called off meanwhile, so the
 * money goes back), unknown (no order of this user has the session).
 */
export type OrderCheckoutStatus = {
  state: 'paid' | 'pending' | 'open' | 'cancelled' | 'refunding' | 'unknown';
  orderNumber: string | null;
  totalCents: number | null;
};

/** One of the signed-in user's orders (`orders.mine`). */
export type MyOrder = {
  orderNumber: string;
  status: OrderStatus;
  createdAt: string;
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
  lines: Array<{ name: string; color: string | null; size: string | null; quantity: number; unitPriceCents: number; image: string | null }>;
  /** When a withdrawal was declared for it (/widerruf/erklaeren), or null. */
  withdrawnAt: string | null;
  /** Whether the buyer is offered to withdraw from it (the server's rule, isWithdrawable in src-server/withdrawals/declare.ts). */
  withdrawable: boolean;
};

/** One order in the operator CLI (`orders:list`); /orders-admin's AdminOrder adds to it. */
export type OperatorOrder = {
  orderNumber: string;
  status: OrderStatus;
  printfulOrderId: string | null;
  printfulStatus: string | null;
  createdAt: string;
  email: string;
  name: string;
  country: string;
  totalCents: number;
  itemCount: number;
  lastError: string | null;
  /** When a withdrawal for the order was received (the withdrawal button), or null. */
  withdrawnAt: string | null;
  /** When Stripe confirmed the payment (orders paid online), or null: only those can be cancelled with a refund. */
  paidAt: string | null;
};

/** The thank-you page after Stripe Checkout asks about its session (the order row decides, never the URL). */
export const checkoutStatusSchema = z.object({ sessionId: plainString(255).trim().min(1) });

/** An admin cancels a paid order by its number ("SB-260302-K7M2Q"). */
export const cancelOrderSchema = z.object({ orderNumber: plainString(40).trim().min(1) });

/**
 * What the cancel answers: the order is refunded, and `refundedBefore` says the money had gone back in
 * Stripe already (in its dashboard), so that no refund was made by this cancel.
 */
export type CancelledOrder = { status: 'refunded'; refundedBefore: boolean };
