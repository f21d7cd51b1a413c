/**
 * "Download my data" (Art. 15 and 20 GDPR; ADR 028): everything the site keeps about the signed-in user,
 * as one JSON file. Every query is bound to the user's id or e-mail address, so no one else's row can
 * get in. Internal bookkeeping (password hash, token hashes, the order worker's retry state) is left out:
 * it says nothing about the person; so are the two-factor secret and the recovery codes' hashes, which
 * would hand a second factor to whoever gets hold of the file (only whether it is on, since when, and
 * how many codes are left). Donations carry no account: they are the account's when given with its
 * address, and only once the account has confirmed that address (anyone can sign up with any address).
 */
import type { Db } from '../db/connect';
import type { UserRow } from '../db/schema';
import { receiptAddressOf } from '../donations/receipt-address';
import { consentRecordsFor } from '../newsletter/consents';
import { twoFactorFacts } from '../two-factor/facts';

/** The version of the file's layout; raise it when a field changes meaning or goes. */
export const DATA_EXPORT_FORMAT = 1;

export async function buildDataExport(db: Db, user: UserRow, now: Date) {
  const roles = await db.selectFrom('user_roles').select(['role', 'created_at']).where('user_id', '=', user.id).orderBy('role').execute();
  const sessions = await db
    .selectFrom('sessions')
    .select(['created_at', 'expires_at'])
    .where('user_id', '=', user.id)
    .orderBy('created_at')
    .execute();
  const orders = await db.selectFrom('orders').selectAll().where('user_id', '=', user.id).orderBy('created_at').orderBy('id').execute();
  const items =
    orders.length === 0
      ? []
      : await db
          .selectFrom('order_items')
          .selectAll()
          .where(
            'order_id',
            'in',
            orders.map((order) => order.id),
          )
          .orderBy('order_id')
          .orderBy('position')
          .execute();
  // A withdrawal declared for one of the user's orders (ADR 027) is part of that order's contract.
  const withdrawals =
    orders.length === 0
      ? []
      : await db
          .selectFrom('withdrawals')
          .selectAll()
          .where(
            'order_id',
            'in',
            orders.map((order) => order.id),
          )
          .execute();
  const subscriber = await db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', user.email).executeTakeFirst();
  const consents = await consentRecordsFor(db, user.email);
  const twoFactor = await twoFactorFacts(db, user.id);
  const donations = user.email_verified_at
    ? await db
        .selectFrom('donations')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['donor_email']), '=', user.email.toLowerCase()))
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    : [];
  const donationPayments =
    donations.length === 0
      ? []
      : await db
          .selectFrom('donation_payments')
          .selectAll()
          .where(
            'donation_id',
            'in',
            donations.map((donation) => donation.id),
          )
          .orderBy('paid_at')
          .orderBy('id')
          .execute();
  const messages = await db
    .selectFrom('contact_messages')
    .selectAll()
    .where('user_id', '=', user.id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

  return {
    format: 'schoolbox-data-export',
    formatVersion: DATA_EXPORT_FORMAT,
    exportedAt: now.toISOString(),
    account: {
      id: user.id,
      email: user.email,
      emailVerifiedAt: user.email_verified_at,
      firstName: user.first_name,
      lastName: user.last_name,
      locale: user.locale,
      createdAt: user.created_at,
      updatedAt: user.updated_at,
    },
    roles: roles.map((role) => ({ role: role.role, grantedAt: role.created_at })),
    twoFactor,
    sessions: sessions.map((session) => ({ createdAt: session.created_at, expiresAt: session.expires_at })),
    orders: orders.map((order) => ({
      orderNumber: order.order_number,
      status: order.status,
      locale: order.locale,
      email: order.email,
      firstName: order.first_name,
      lastName: order.last_name,
      phone: order.phone,
      address: order.address,
      postalCode: order.postal_code,
      city: order.city,
      country: order.country,
      currency: order.currency,
      subtotalCents: order.subtotal_cents,
      shippingCents: order.shipping_cents,
      totalCents: order.total_cents,
      createdAt: order.created_at,
      updatedAt: order.updated_at,
      items: items
        .filter((item) => item.order_id === order.id)
        .map((item) => ({
          productId: item.product_id,
          variantId: item.variant_id,
          name: item.name,
          color: item.color,
          size: item.size,
          unitPriceCents: item.unit_price_cents,
          quantity: item.quantity,
        })),
      withdrawal:
        withdrawals
          .filter((withdrawal) => withdrawal.order_id === order.id)
          .map((withdrawal) => ({
            declaredAt: withdrawal.created_at,
            name: withdrawal.name,
            email: withdrawal.email,
            message: withdrawal.message,
            locale: withdrawal.locale,
          }))[0] ?? null,
    })),
    // Stripe's ids say which payment is meant (ask us or Stripe about it); no key or secret is among them.
    donations: donations.map((donation) => ({
      mode: donation.mode,
      status: donation.status,
      amountCents: donation.amount_cents,
      currency: donation.currency,
      email: donation.donor_email,
      name: donation.donor_name,
      // Above the simplified-receipt limit: the name and address Stripe passed on for the formal receipt.
      receiptAddress: receiptAddressOf(donation),
      locale: donation.locale,
      createdAt: donation.created_at,
      confirmedAt: donation.confirmed_at,
      stripeSessionId: donation.stripe_session_id,
      stripeCustomerId: donation.stripe_customer_id,
      stripeSubscriptionId: donation.stripe_subscription_id,
      stripePaymentIntentId: donation.stripe_payment_intent_id,
      payments: donationPayments
        .filter((payment) => payment.donation_id === donation.id)
        .map((payment) => ({
          status: payment.status,
          amountCents: payment.amount_cents,
          currency: payment.currency,
          paidAt: payment.paid_at,
          stripeInvoiceId: payment.stripe_invoice_id,
          stripePaymentIntentId: payment.stripe_payment_intent_id,
          stripeChargeId: payment.stripe_charge_id,
        })),
    })),
    newsletter: {
      subscription: subscriber
        ? {
            email: subscriber.email,
            status: subscriber.confirmed_at ? ('confirmed' as const) : ('pending' as const),
            locale: subscriber.locale,
            signedUpAt: subscriber.created_at,
            confirmedAt: subscriber.confirmed_at,
          }
        : null,
      consentRecords: consents.map((consent) => ({
        email: consent.email,
        locale: consent.locale,
        signedUpAt: consent.signed_up_at,
        signUpIp: consent.sign_up_ip,
        confirmedAt: consent.confirmed_at,
        confirmIp: consent.confirm_ip,
        consentText: consent.consent_text,
        privacyPolicyVersion: consent.privacy_policy_version,
        unsubscribedAt: consent.unsubscribed_at,
      })),
    },
    contactMessages: messages.map((message) => ({
      name: message.name,
      email: message.email,
      organization: message.organization,
      inquiryType: message.inquiry_type,
      subject: message.subject,
      message: message.message,
      locale: message.locale,
      createdAt: message.created_at,
    })),
  };
}

export type DataExport = Awaited<ReturnType<typeof buildDataExport>>;
