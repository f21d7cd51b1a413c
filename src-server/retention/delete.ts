/**
 * What the daily retention job removes, one function per kind of data, each returning how many rows it
 * deleted or anonymized. The limits are the ones the privacy page states (config.retention, the shared
 * constants), so the page and the code cannot disagree. Times are ISO strings and compare as text.
 */
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import {
  NEWSLETTER_CONFIRM_TOKEN_LIFETIME_MS,
  RATE_LIMIT_RETENTION_DAYS,
  SENT_MAIL_RETENTION_DAYS,
  UNPAID_RETENTION_DAYS,
  UNVERIFIED_ACCOUNT_GRACE_DAYS,
  UNVERIFIED_ACCOUNT_RETENTION_DAYS,
} from '@shared/constants';
import { teamYearAt } from '@shared/team-wall-time';
import { removeAccounts } from '../account/actions';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { Database } from '../db/schema';
import { NO_RECEIPT_ADDRESS, RECEIPT_COLUMN_NAMES } from '../donations/receipt-address';
import { teamDayStart } from '../lib/team-time';

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
  'unverifiedAccounts',
  'sessions',
  'emailTokens',
  'twoFactorChallenges',
  'rateLimitBuckets',
  'sentMails',
  'failedMails',
  'anonymizedOrders',
  'anonymizedUnpaidOrders',
  'anonymizedDonations',
  'anonymizedUnpaidDonations',
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

/** How many accounts one transaction of deleteUnverifiedAccounts removes. */
const ACCOUNT_BATCH = 200;

/**
 * Accounts whose e-mail address was never confirmed, UNVERIFIED_ACCOUNT_RETENTION_DAYS after sign-up:
 * anyone can sign up with someone else's address, and its owner could not remove the account (signing
 * in needs the confirmation). They go the way a deleted account goes (removeAccounts: orders and contact
 * messages detached, sessions, tokens and roles deleted). An account holding a role (an admin) is never
 * removed by age.
 */
export async function deleteUnverifiedAccounts(db: Db, now: Date): Promise<number> {
  const cutoff = daysBefore(now, UNVERIFIED_ACCOUNT_RETENTION_DAYS);
  const graceCutoff = daysBefore(now, UNVERIFIED_ACCOUNT_RETENTION_DAYS + UNVERIFIED_ACCOUNT_GRACE_DAYS);
  let total = 0;
  for (;;) {
    const removed = await db.transaction().execute(async (trx) => {
      const stale = await trx
        .selectFrom('users')
        .select('id')
        .where('email_verified_at', 'is', null)
        .where('created_at', '<', cutoff)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('user_roles').select('user_roles.user_id').whereRef('user_roles.user_id', '=', 'users.id'))),
        )
        // One who asked for a new confirmation link (or a password reset, which confirms the address too)
        // lately can still use it: the account waits for it, but only for UNVERIFIED_ACCOUNT_GRACE_DAYS,
        // or someone could keep an account on another person's address alive by asking every day.
        .where((eb) =>
          eb.or([
            eb('created_at', '<', graceCutoff),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('email_tokens')
                  .select('email_tokens.id')
                  .whereRef('email_tokens.user_id', '=', 'users.id')
                  .where('email_tokens.purpose', 'in', ['verify_email', 'reset_password'])
                  .where('email_tokens.used_at', 'is', null)
                  .where('email_tokens.expires_at', '>', now.toISOString()),
              ),
            ),
          ]),
        )
        .orderBy('id')
        .limit(ACCOUNT_BATCH)
        .execute();
      return {
        found: stale.length,
        deleted: await removeAccounts(
          trx,
          stale.map((row) => row.id),
        ),
      };
    });
    total += removed.deleted;
    if (removed.found < ACCOUNT_BATCH) return total;
  }
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

/** Mails sent more than SENT_MAIL_RETENTION_DAYS ago (the mail log; pending ones stay, failed ones: deleteOldFailedMails). */
export async function deleteOldSentMails(db: Db, now: Date): Promise<number> {
  return count(await oldSentMails(db, now).executeTakeFirst());
}

/**
 * The deletion of deleteOldSentMails, on its own so that a test can read its plan. A mail is sent after
 * it was queued, so one sent before the cutoff was also queued before it: the condition on created_at
 * drops none of them, and lets the index outbox_status_created (status, created_at) find them. By status and sent_at
 * alone no index fits: each run read every sent mail with its text (160,000 in scripts/explain-volume.mjs,
 * 0.2 s on SQLite with the write lock held, 0.06 s on PostgreSQL) to delete a day's worth; now well under
 * a millisecond. (Two processes whose clocks differ by moments could write a sent_at just before its
 * created_at: such a mail goes one run later.)
 */
export function oldSentMails(db: Db, now: Date) {
  const cutoff = daysBefore(now, SENT_MAIL_RETENTION_DAYS);
  return db.deleteFrom('outbox').where('status', '=', 'sent').where('created_at', '<', cutoff).where('sent_at', '<', cutoff);
}

/**
 * Mails that could not be delivered (status failed), SENT_MAIL_RETENTION_DAYS after they were queued: they
 * hold an address and the full text as the sent ones do. The table records when a mail was queued, not
 * when it was last tried (next_attempt_at is a schedule and a lease), and the privacy page says so. A
 * newsletter's mail is emptied instead (address, text, headers, error gone; the row stays): its
 * newsletter counts a missing row as sent (newsletters.ts), and the failure should keep counting.
 */
export async function deleteOldFailedMails(db: Db, now: Date): Promise<number> {
  const cutoff = daysBefore(now, SENT_MAIL_RETENTION_DAYS);
  const ofANewsletter = ({ exists, selectFrom }: ExpressionBuilder<Database, 'outbox'>) =>
    exists(
      selectFrom('newsletter_deliveries')
        .select('newsletter_deliveries.outbox_id')
        .whereRef('newsletter_deliveries.outbox_id', '=', 'outbox.id'),
    );
  const emptied = await db
    .updateTable('outbox')
    .set({ to: '', text: '', html: '', headers: '{}', last_error: null })
    .where('status', '=', 'failed')
    .where('created_at', '<', cutoff)
    .where(ofANewsletter)
    // Not again: the count says how many lost their content in this run.
    .where((eb) => eb.or([eb('to', '!=', ''), eb('text', '!=', ''), eb('html', '!=', '')]))
    .executeTakeFirst();
  const deleted = await db
    .deleteFrom('outbox')
    .where('status', '=', 'failed')
    .where('created_at', '<', cutoff)
    .where((eb) => eb.not(ofANewsletter(eb)))
    .executeTakeFirst();
  return count(emptied) + count(deleted);
}

/**
 * The first moment an order placed before it may lose its buyer: tax law keeps business records for
 * config.retention.orderYears years counted from the end of the calendar year they were made in
 * (§ 147 Abs. 4 AO), so on 1 January 2031 the orders of 2022 and earlier go (8 years). The years are the
 * team's (Berlin), as its books and the treasurer's CSV date them: a gift at 00:30 on 1 January in Cologne
 * (23:30 UTC the day before) is a booking of the new year, and UTC years would let it go a year early.
 */
export function orderRetentionCutoff(now: Date, orderYears: number): string {
  return teamDayStart(`${teamYearAt(now.toISOString()) - orderYears}-01-01`);
}

/**
 * Orders past the legal period keep what the books need (number, date, status, amounts, items, the
 * country for VAT) and lose who bought them: name, e-mail, phone, address, and the link to the account.
 * Also for orders whose account still exists: the period is over for the order either way (ADR 029).
 */
export async function anonymizeOldOrders(db: Db, now: Date, limits: RetentionLimits): Promise<number> {
  const cutoff = orderRetentionCutoff(now, limits.orderYears);
  return anonymizeOrders(db, now, (eb) => eb('created_at', '<', cutoff));
}

/**
 * Orders that never brought money, UNPAID_RETENTION_DAYS after they were placed: no booking exists, so
 * the tax period does not apply (Art. 5(1)(e) GDPR). Only final states: a demo-shop order (made and
 * charged nowhere) and one cancelled before any payment (Checkout expired, payment failed, never reached
 * Checkout). One still pending_payment is left alone whatever its age (the order worker settles it).
 */
export async function anonymizeUnpaidOrders(db: Db, now: Date): Promise<number> {
  const cutoff = daysBefore(now, UNPAID_RETENTION_DAYS);
  return anonymizeOrders(db, now, (eb) =>
    eb.and([
      eb('created_at', '<', cutoff),
      eb.or([eb('status', '=', 'demo'), eb.and([eb('status', '=', 'cancelled'), eb('paid_at', 'is', null)])]),
    ]),
  );
}

/** The orders `which` picks lose their buyer (and their withdrawal its author); how many did in this call. */
async function anonymizeOrders(
  db: Db,
  now: Date,
  which: (eb: ExpressionBuilder<Database, 'orders'>) => Expression<SqlBool>,
): Promise<number> {
  // A withdrawal declared for such an order names the same person: it goes with the order.
  await db
    .updateTable('withdrawals')
    .set({ name: ANONYMIZED_NAME, email: '', message: null })
    .where('order_id', 'in', db.selectFrom('orders').select('id').where(which))
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
      .where(which)
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
 * e-mail, the donor's customer id at Stripe and the formal receipt's name and postal address. Same cutoff as orders (orderRetentionCutoff). A
 * donation's year is the latest of its start, its confirmation and its payments': a pledge paid every
 * month is kept until its last payment's year is past the period, and one that still runs (active) is
 * never touched. A Checkout never paid goes much earlier (anonymizeUnpaidDonations).
 */
export async function anonymizeOldDonations(db: Db, now: Date, limits: RetentionLimits): Promise<number> {
  const cutoff = orderRetentionCutoff(now, limits.orderYears);
  return anonymizeDonations(db, now, (eb) =>
    eb.and([
      eb('status', '!=', 'active'),
      eb('created_at', '<', cutoff),
      eb.or([eb('confirmed_at', 'is', null), eb('confirmed_at', '<', cutoff)]),
      eb.not(
        eb.exists(
          eb
            .selectFrom('donation_payments')
            .select('donation_payments.id')
            .whereRef('donation_payments.donation_id', '=', 'donations.id')
            .where('donation_payments.paid_at', '>=', cutoff),
        ),
      ),
    ]),
  );
}

/**
 * Donations that never received money, UNPAID_RETENTION_DAYS after they were started: a Checkout left
 * open, expired, failed, cancelled or still pending, never confirmed and without any payment that arrived
 * (paid, or refunded since).
 * No booking exists, so the tax period does not apply (Art. 5(1)(e) GDPR).
 */
export async function anonymizeUnpaidDonations(db: Db, now: Date): Promise<number> {
  const cutoff = daysBefore(now, UNPAID_RETENTION_DAYS);
  return anonymizeDonations(db, now, (eb) =>
    eb.and([
      // By the money, not the status: a pledge whose first debit failed may be `cancelled` by Stripe later,
      // and a debit whose outcome never reached us stays `pending`. Paid, active and refunded ones had money.
      eb('status', 'not in', ['paid', 'active', 'refunded']),
      eb('created_at', '<', cutoff),
      eb('confirmed_at', 'is', null),
      eb.not(
        eb.exists(
          eb
            .selectFrom('donation_payments')
            .select('donation_payments.id')
            .whereRef('donation_payments.donation_id', '=', 'donations.id')
            .where('donation_payments.status', 'in', ['paid', 'refunded']),
        ),
      ),
    ]),
  );
}

/** The donations `which` picks lose their donor; how many did in this call. */
async function anonymizeDonations(
  db: Db,
  now: Date,
  which: (eb: ExpressionBuilder<Database, 'donations'>) => Expression<SqlBool>,
): Promise<number> {
  return count(
    await db
      .updateTable('donations')
      // The formal receipt's name and address (above the simplified-receipt limit) go with the rest of the donor.
      .set({ donor_name: ANONYMIZED_NAME, donor_email: '', stripe_customer_id: null, ...NO_RECEIPT_ADDRESS, updated_at: now.toISOString() })
      .where(which)
      // Not again: the count says how many lost their donor in this run.
      .where((eb) =>
        eb.or([
          eb('donor_email', '!=', ''),
          eb('stripe_customer_id', 'is not', null),
          ...RECEIPT_COLUMN_NAMES.map((column) => eb(column, 'is not', null)),
        ]),
      )
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
    unverifiedAccounts: await deleteUnverifiedAccounts(db, now),
    sessions: await deleteExpiredSessions(db, now),
    emailTokens: await deleteStaleEmailTokens(db, now),
    twoFactorChallenges: await deleteStaleTwoFactorChallenges(db, now),
    rateLimitBuckets: await deleteIdleRateLimitBuckets(db, now),
    sentMails: await deleteOldSentMails(db, now),
    failedMails: await deleteOldFailedMails(db, now),
    // Past the tax period first; what is left of the never-paid ones after.
    anonymizedOrders: await anonymizeOldOrders(db, now, limits),
    anonymizedUnpaidOrders: await anonymizeUnpaidOrders(db, now),
    anonymizedDonations: await anonymizeOldDonations(db, now, limits),
    anonymizedUnpaidDonations: await anonymizeUnpaidDonations(db, now),
    auditEntries: await deleteOldAuditEntries(db, now, limits),
    stripeEvents: await deleteOldStripeEvents(db, now),
  };
}
