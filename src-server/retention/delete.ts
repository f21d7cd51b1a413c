/**
 * What the daily retention job removes, one function per kind of data, each returning how many rows it
 * deleted or anonymized. The limits are the ones the privacy page states (config.retention, the shared
 * constants), so the page and the code cannot disagree. Times are ISO strings and compare as text.
 */
import { NEWSLETTER_CONFIRM_TOKEN_LIFETIME_MS, RATE_LIMIT_RETENTION_DAYS, SENT_MAIL_RETENTION_DAYS } from '@shared/constants';
import type { Config } from '../config';
import type { Db } from '../db/connect';

const DAY_MS = 24 * 60 * 60_000;
/** What an anonymized order (or donation) holds instead of the buyer's (or donor's) name. */
export const ANONYMIZED_NAME = '—';

export type RetentionLimits = Config['retention'];
export type RetentionCounts = Record<(typeof RETENTION_KINDS)[number], number>;

/** The kinds of data, in the order the job handles them and the log line names them. */
export const RETENTION_KINDS = [
  'contactMessages',
  'unconfirmedNewsletterSignUps',
  'newsletterConsents',
  'sessions',
  'emailTokens',
  'twoFactorChallenges',
  'rateLimitBuckets',
  'sentMails',
  'anonymizedOrders',
  'anonymizedDonations',
  'auditEntries',
  'stripeEvents',
] as const;

/**
 * How long a Stripe event's id is kept to recognize a redelivery (ADR 030). Stripe redelivers an event
 * for up to three days; a month covers that with room, and a manual resend from the dashboard in the
 * weeks after. The row holds no personal data (id, type, mode, times): this only bounds the table.
 */
export const STRIPE_EVENT_RETENTION_DAYS = 30;

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
const count = (result: { numDeletedRows: bigint } | { numUpdatedRows: bigint }) =>
  Number('numDeletedRows' in result ? result.numDeletedRows : result.numUpdatedRows);

/** Contact messages after config.retention.contactDays: the inquiry was answered long ago. */
export async function deleteOldContactMessages(db: Db, now: Date, limits: RetentionLimits): Promise<number> {
  return count(await db.deleteFrom('contact_messages').where('created_at', '<', daysBefore(now, limits.contactDays)).executeTakeFirst());
}

/**
 * Newsletter sign-ups never confirmed, once their link's lifetime has passed since the (latest) sign-up,
 * and the consent records of sign-ups that were never confirmed: no consent came of them, and an address
 * someone else typed in must not stay.
 */
export async function deleteUnconfirmedNewsletterSignUps(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - NEWSLETTER_CONFIRM_TOKEN_LIFETIME_MS).toISOString();
  await db.deleteFrom('newsletter_consents').where('confirmed_at', 'is', null).where('signed_up_at', '<', cutoff).execute();
  return count(
    await db.deleteFrom('newsletter_subscribers').where('confirmed_at', 'is', null).where('created_at', '<', cutoff).executeTakeFirst(),
  );
}

/** Consent records of addresses that left the list more than config.retention.newsletterConsentDays ago. */
export async function deleteExpiredNewsletterConsents(db: Db, now: Date, limits: RetentionLimits): Promise<number> {
  return count(
    await db
      .deleteFrom('newsletter_consents')
      .where('unsubscribed_at', '<', daysBefore(now, limits.newsletterConsentDays))
      .executeTakeFirst(),
  );
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<number> {
  return count(await db.deleteFrom('sessions').where('expires_at', '<=', now.toISOString()).executeTakeFirst());
}

/** E-mail tokens used or expired a day ago (a day: a second click on a used link still gets a clear answer). */
export async function deleteStaleEmailTokens(db: Db, now: Date): Promise<number> {
  return deleteUsedOrExpiredDayAgo(db, 'email_tokens', now);
}

/**
 * Two-factor sign-in challenges (ADR 041) used or expired a day ago. A new challenge clears only its own
 * user's expired ones, so those of accounts that never sign in again would otherwise stay for good.
 */
export async function deleteStaleTwoFactorChallenges(db: Db, now: Date): Promise<number> {
  return deleteUsedOrExpiredDayAgo(db, 'two_factor_challenges', now);
}

/** Single-use rows (a link's token, a sign-in challenge) used or run out more than a day ago. */
async function deleteUsedOrExpiredDayAgo(db: Db, table: 'email_tokens' | 'two_factor_challenges', now: Date): Promise<number> {
  const dayAgo = daysBefore(now, 1);
  return count(
    await db
      .deleteFrom(table)
      .where((eb) => eb.or([eb('used_at', '<', dayAgo), eb('expires_at', '<', dayAgo)]))
      .executeTakeFirst(),
  );
}

/** Rate-limit buckets idle for RATE_LIMIT_RETENTION_DAYS (no rule's window is longer); they hold IP addresses and e-mails. */
export async function deleteIdleRateLimitBuckets(db: Db, now: Date): Promise<number> {
  return count(
    await db
      .deleteFrom('rate_limit_buckets')
      .where('window_started_at', '<', daysBefore(now, RATE_LIMIT_RETENTION_DAYS))
      .executeTakeFirst(),
  );
}

/** Mails sent more than SENT_MAIL_RETENTION_DAYS ago (the mail log; pending and failed ones stay for the admin to see). */
export async function deleteOldSentMails(db: Db, now: Date): Promise<number> {
  return count(
    await db
      .deleteFrom('outbox')
      .where('status', '=', 'sent')
      .where('sent_at', '<', daysBefore(now, SENT_MAIL_RETENTION_DAYS))
      .executeTakeFirst(),
  );
}

/**
 * The first moment an order placed before it may lose its buyer: tax law keeps business records for
 * config.retention.orderYears years counted from the end of the calendar year they were made in
 * (§ 147 Abs. 4 AO), so on 1 January 2031 the orders of 2020 and earlier go (10 years). Years in UTC.
 */
export function orderRetentionCutoff(now: Date, orderYears: number): string {
  return new Date(Date.UTC(now.getUTCFullYear() - orderYears, 0, 1)).toISOString();
}

/**
 * Orders past the legal period keep what the books need (number, date, status, amounts, items, the
 * country for VAT) and lose who bought them: name, e-mail, phone, address, and the link to the account.
 * Also for orders whose account still exists: the period is over for the order either way (ADR 029).
 */
export async function anonymizeOldOrders(db: Db, now: Date, limits: RetentionLimits): Promise<number> {
  const cutoff = orderRetentionCutoff(now, limits.orderYears);
  // A withdrawal declared for such an order names the same person: it goes with the order.
  await db
    .updateTable('withdrawals')
    .set({ name: ANONYMIZED_NAME, email: '', message: null })
    .where('order_id', 'in', db.selectFrom('orders').select('id').where('created_at', '<', cutoff))
    .where('email', '!=', '')
    .execute();
  return count(
    await db
      .updateTable('orders')
      .set({
        first_name: ANONYMIZED_NAME,
        last_name: '',
        email: '',
        phone: null,
        address: '',
        city: '',
        postal_code: '',
        user_id: null,
        updated_at: now.toISOString(),
      })
      .where('created_at', '<', cutoff)
      // Not again: the count says how many lost their buyer in this run.
      .where((eb) => eb.or([eb('email', '!=', ''), eb('user_id', 'is not', null)]))
      .executeTakeFirst(),
  );
}

/**
 * Donations past the period the privacy page states ("Spenden: N Jahre", config.retention.orderYears,
 * counted from the end of the year of the donation; § 147 AO, § 257 HGB, § 50 Abs. 7 EStDV) keep what
 * the books need (amount, currency, mode, status, language, dates, the Stripe ids of the session, the
 * subscription and the payment, and their payments, which hold no person) and lose who gave: name,
 * e-mail and the donor's customer id at Stripe. Same cutoff as orders (orderRetentionCutoff). A
 * donation's year is the latest of its start, its confirmation and its payments': a pledge paid every
 * month is kept until its last payment's year is past the period, and one that still runs (active) is
 * never touched. The page names one period for all donations, so a Checkout never paid (open,
 * expired, failed) is anonymized after the same period, not deleted earlier.
 */
export async function anonymizeOldDonations(db: Db, now: Date, limits: RetentionLimits): Promise<number> {
  const cutoff = orderRetentionCutoff(now, limits.orderYears);
  return count(
    await db
      .updateTable('donations')
      .set({ donor_name: ANONYMIZED_NAME, donor_email: '', stripe_customer_id: null, updated_at: now.toISOString() })
      .where('status', '!=', 'active')
      .where('created_at', '<', cutoff)
      .where((eb) => eb.or([eb('confirmed_at', 'is', null), eb('confirmed_at', '<', cutoff)]))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('donation_payments')
              .select('donation_payments.id')
              .whereRef('donation_payments.donation_id', '=', 'donations.id')
              .where('donation_payments.paid_at', '>=', cutoff),
          ),
        ),
      )
      // Not again: the count says how many lost their donor in this run.
      .where((eb) => eb.or([eb('donor_email', '!=', ''), eb('stripe_customer_id', 'is not', null)]))
      .executeTakeFirst(),
  );
}

/** Audit-trail entries older than config.retention.auditDays (they name admins and hold their IP addresses). */
export async function deleteOldAuditEntries(db: Db, now: Date, limits: RetentionLimits): Promise<number> {
  return count(await db.deleteFrom('audit_log').where('created_at', '<', daysBefore(now, limits.auditDays)).executeTakeFirst());
}

/** Stripe events received more than STRIPE_EVENT_RETENTION_DAYS ago: no redelivery of them can come any more. */
export async function deleteOldStripeEvents(db: Db, now: Date): Promise<number> {
  return count(
    await db.deleteFrom('stripe_events').where('received_at', '<', daysBefore(now, STRIPE_EVENT_RETENTION_DAYS)).executeTakeFirst(),
  );
}

/** Everything past its limit, kind by kind; how many rows each kind lost. */
export async function applyRetention(db: Db, now: Date, limits: RetentionLimits): Promise<RetentionCounts> {
  return {
    contactMessages: await deleteOldContactMessages(db, now, limits),
    unconfirmedNewsletterSignUps: await deleteUnconfirmedNewsletterSignUps(db, now),
    newsletterConsents: await deleteExpiredNewsletterConsents(db, now, limits),
    sessions: await deleteExpiredSessions(db, now),
    emailTokens: await deleteStaleEmailTokens(db, now),
    twoFactorChallenges: await deleteStaleTwoFactorChallenges(db, now),
    rateLimitBuckets: await deleteIdleRateLimitBuckets(db, now),
    sentMails: await deleteOldSentMails(db, now),
    anonymizedOrders: await anonymizeOldOrders(db, now, limits),
    anonymizedDonations: await anonymizeOldDonations(db, now, limits),
    auditEntries: await deleteOldAuditEntries(db, now, limits),
    stripeEvents: await deleteOldStripeEvents(db, now),
  };
}
