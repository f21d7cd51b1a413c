import { t } from '@lingui/core/macro';
import type Stripe from 'stripe';
import { needsFormalReceipt, SITE_CURRENCY } from '@shared/constants';
import { LOCALE_SEARCH_PARAM } from '@shared/locales';
import type { DonationStart } from '@shared/schemas/donation';
import { AppError } from '../app-error';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { newId } from '../lib/ids';
import { i18nFor } from '../lib/i18n';
import type { Logger } from '../lib/logger';
import { CHECKOUT_PAYMENT_METHODS } from '../payments/checkout-methods';
import { describeStripeError } from '../payments/stripe-errors';

export type StartDonationDeps = { db: Db; now: Date; logger: Logger; config: Config; stripe: Stripe | null };

/** What every Checkout session of ours carries, so the webhook can tell a donation from a future shop order. */
export const DONATION_METADATA_KIND = 'donation';

/** Stripe writes currencies lower-case, and the donation rows keep them as Stripe sends them. */
const DONATION_CURRENCY = SITE_CURRENCY.toLowerCase();

/**
 * The donate click (ADR 031): stores the donation as 'open' with the amount and mode the server read
 * from the form, creates the Stripe Checkout session for exactly that, remembers the session id and
 * hands the browser its URL. Nothing here is ever "paid": only a signed webhook says so.
 * Stripe failing (down, slow, refusing) marks the row failed and answers PAYMENT_PROVIDER_UNAVAILABLE;
 * the next click makes a new row and a new session.
 */
export async function startDonation(deps: StartDonationDeps, input: DonationStart): Promise<{ url: string }> {
  const { db, now, logger, config, stripe } = deps;
  if (!stripe || !config.stripe) throw new AppError('DONATIONS_OFFLINE', 'STRIPE_SECRET_KEY is not set');

  const id = newId();
  const stamp = now.toISOString();
  await db
    .insertInto('donations')
    .values({
      id,
      mode: input.mode,
      amount_cents: input.amount,
      currency: DONATION_CURRENCY,
      status: 'open',
      donor_email: input.email,
      donor_name: input.name || null,
      locale: input.locale,
      stripe_session_id: null,
      stripe_customer_id: null,
      stripe_subscription_id: null,
      stripe_payment_intent_id: null,
      created_at: stamp,
      updated_at: stamp,
      confirmed_at: null,
    })
    .execute();

  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(checkoutParams(config.publicUrl, config.legal.orgName, id, input), {
      // One key per donation row: the SDK's own retries and a repeated request replay the same session.
      idempotencyKey: `donation-checkout-${id}`,
    });
  } catch (error) {
    await db.updateTable('donations').set({ status: 'failed', updated_at: now.toISOString() }).where('id', '=', id).execute();
    logger.error('stripe checkout session for a donation failed', { donationId: id, error: describeStripeError(error) });
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 'stripe refused or did not answer');
  }
  if (!session.url) {
    await db.updateTable('donations').set({ status: 'failed', updated_at: now.toISOString() }).where('id', '=', id).execute();
    logger.error('stripe checkout session without a url', { donationId: id, sessionId: session.id });
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 'checkout session without url');
  }
  await db.updateTable('donations').set({ stripe_session_id: session.id, updated_at: now.toISOString() }).where('id', '=', id).execute();
  logger.info('donation checkout started', { donationId: id, mode: input.mode, amountCents: input.amount, sessionId: session.id });
  return { url: session.url };
}

/**
 * The Checkout session for one donation (stripe-api.md §2.3/§2.4), with the site's payment methods
 * (payments/checkout-methods.ts). The success URL's placeholder is joined as plain text: an URL helper
 * would encode its braces and Stripe would not fill it in (§10.6). Above the simplified-receipt limit
 * (a monthly pledge by its monthly amount) the page requires the billing address: the formal receipt
 * names the donor's name and address (§ 50 Abs. 1 EStDV), and the webhook stores them from the session.
 * Below it Stripe asks only what the payment method needs, and we keep none of it.
 */
export function checkoutParams(
  publicUrl: string,
  orgName: string,
  donationId: string,
  input: DonationStart,
): Stripe.Checkout.SessionCreateParams {
  const i18n = i18nFor(input.locale);
  const metadata = { kind: DONATION_METADATA_KIND, donation_id: donationId };
  const monthly = input.mode === 'monthly';
  const name = monthly ? t(i18n)`Monatliche Spende an ${orgName}` : t(i18n)`Spende an ${orgName}`;
  const common = {
    locale: input.locale,
    customer_email: input.email,
    client_reference_id: donationId,
    metadata,
    allowed_payment_method_types: [...CHECKOUT_PAYMENT_METHODS],
    success_url: `${publicUrl}/spenden/danke?session_id={CHECKOUT_SESSION_ID}`,
    // Cancel returns to the form with the amount and mode kept (the amount in cents, as /spenden reads it).
    cancel_url: `${publicUrl}/spenden?amount=${input.amount}&mode=${input.mode}&${LOCALE_SEARCH_PARAM}=${input.locale}`,
    ...(needsFormalReceipt(input.amount) ? { billing_address_collection: 'required' as const } : {}),
  } satisfies Stripe.Checkout.SessionCreateParams;
  if (monthly) {
    return {
      ...common,
      mode: 'subscription',
      subscription_data: { metadata, description: name },
      line_items: [
        {
          quantity: 1,
          price_data: { currency: DONATION_CURRENCY, unit_amount: input.amount, recurring: { interval: 'month' }, product_data: { name } },
        },
      ],
    };
  }
  return {
    ...common,
    mode: 'payment',
    submit_type: 'donate',
    payment_intent_data: { metadata, description: name },
    line_items: [{ quantity: 1, price_data: { currency: DONATION_CURRENCY, unit_amount: input.amount, product_data: { name } } }],
  };
}
