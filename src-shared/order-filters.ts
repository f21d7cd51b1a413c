/**
 * The values the orders list filters by, without zod: the /orders-admin route checks its search with
 * them, and a route's search checker is part of every page's entry chunk (ADR 018, ADR 034), as with
 * donation-filters.ts.
 */

/** Where an order stands. */
export const ORDER_STATUSES = [
  /** Demo mode (no Printful token): stored and confirmed by mail, sent nowhere. */
  'demo',
  /** Stored; Printful has not taken it yet (a worker keeps trying). */
  'pending_provider',
  /** Created at Printful as a draft; the team confirms it there after payment. */
  'submitted',
  /** Printful refused it, or kept failing for days: the team has to look at it. */
  'provider_failed',
  /** With Stripe: stored, waiting for the buyer to pay on Stripe's Checkout page; nothing went to Printful. */
  'pending_payment',
  /** With Stripe: paid and confirmed at Printful (in production, charged there). */
  'confirmed',
  /** Not paid (payment failed, Checkout expired) or cancelled before any money came: nothing goes to Printful. */
  'cancelled',
  /** Paid, then cancelled by an admin: the money went back (and Printful's order was cancelled). */
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** How an order's payment stands, as /orders-admin shows it (derived from the order's Stripe fields, see orders/admin-list.ts). */
export const ORDER_PAYMENT_STATES = [
  /** No Stripe session: paid by arrangement (or a demo order). */
  'arrangement',
  /** Waiting for the buyer on Stripe's Checkout page, or a SEPA debit that has not settled. */
  'awaiting',
  /** Stripe confirmed the money. */
  'paid',
  /** Never paid: Checkout expired or the payment failed. */
  'unpaid',
  /** Paid, then refunded. */
  'refunded',
] as const;
export type OrderPaymentState = (typeof ORDER_PAYMENT_STATES)[number];

/** The longest text the orders search takes (an e-mail address is at most 254 characters). */
export const ORDER_SEARCH_MAX_LENGTH = 254;
