import { insertStoredOrder } from '../support/orders';
import { CompiledQuery } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import {
  NEWSLETTER_CONFIRM_TOKEN_LIFETIME_MS,
  SENT_MAIL_RETENTION_DAYS,
  TWO_FACTOR_CHALLENGE_LIFETIME_MS,
  UNPAID_RETENTION_DAYS,
  UNVERIFIED_ACCOUNT_GRACE_DAYS,
  UNVERIFIED_ACCOUNT_RETENTION_DAYS,
} from '@shared/constants';
import { createEmailToken } from '@server/auth/email-tokens';
import type { NewOrder, OutboxStatus } from '@server/db/schema';
import { CLI_ACTOR, recordAudit } from '@server/audit/record';
import { hashSecret } from '@server/auth/random-token';
import { createSession } from '@server/auth/session';
import { connectDatabase, type Db } from '@server/db/connect';
import { newId } from '@server/lib/ids';
import { exportPaymentsCsv, listDonationsForAdmin } from '@server/donations/admin';
import type { DonationMode, DonationStatus } from '@server/db/schema';
import { ANONYMIZED_NAME, oldSentMails, orderRetentionCutoff, STRIPE_EVENT_RETENTION_DAYS } from '@server/retention/delete';
import { claimRetentionRun, createRetentionJob, RETENTION_LAST_RUN_KEY } from '@server/retention/job';
import { startRuntime } from '@server/runtime';
import { challengeUser } from '@server/two-factor/challenges';
import { createUser } from '../support/accounts';
import { onPostgres } from '../support/test-database';
import { startTestRuntime, TEST_START, type TestRuntime } from '../support/test-runtime';

const DAY = 24 * 60 * 60_000;
const HOUR = 60 * 60_000;

let runtime: TestRuntime;
const extraDbs: Db[] = [];
afterEach(async () => {
  for (const db of extraDbs.splice(0)) await db.destroy();
  await runtime.close();
});

const ago = (ms: number) => new Date(runtime.clock.now().getTime() - ms).toISOString();
const retentionRuns = () => runtime.logs.filter((line) => line.msg === 'retention run');
const ids = async (table: 'contact_messages' | 'newsletter_subscribers' | 'newsletter_consents') =>
  (await runtime.db.selectFrom(table).select('id').orderBy('id').execute()).map((row) => row.id);

function contactMessage(id: string, createdAt: string) {
  return {
    id,
    name: 'Grace Hopper',
    email: `${id}@example.org`,
    organization: null,
    inquiry_type: 'general',
    subject: 'Frage',
    message: 'Hallo',
    locale: 'de',
    created_at: createdAt,
  };
}

function subscriberRow(id: string, createdAt: string, confirmedAt: string | null) {
  return {
    id,
    email: `${id}@example.org`,
    locale: 'de',
    confirmed_at: confirmedAt,
    token_hash: confirmedAt ? null : hashSecret(id),
    created_at: createdAt,
    token_expires_at: confirmedAt ? null : new Date(new Date(createdAt).getTime() + NEWSLETTER_CONFIRM_TOKEN_LIFETIME_MS).toISOString(),
    unsubscribe_token: confirmedAt ? `unsub-${id}` : null,
  };
}

function consentRow(id: string, times: { signedUp: string; confirmed: string | null; unsubscribed: string | null }) {
  return {
    id,
    email: `${id}@example.org`,
    locale: 'de',
    signed_up_at: times.signedUp,
    sign_up_ip: '203.0.113.7',
    confirmed_at: times.confirmed,
    confirm_ip: times.confirmed ? '203.0.113.8' : null,
    consent_text: 'Ich willige ein.',
    privacy_policy_version: '2026-01',
    unsubscribed_at: times.unsubscribed,
  };
}

function insertOrder(id: string, createdAt: string, userId: string | null, fields: Partial<Pick<NewOrder, 'status' | 'paid_at'>> = {}) {
  return insertStoredOrder(runtime.db, {
    id,
    order_number: `SB-${id}`,
    user_id: userId,
    email: `${id}@example.org`,
    created_at: createdAt,
    ...fields,
  });
}

const RECEIPT_ADDRESS = {
  receipt_name: 'Ada Lovelace',
  receipt_line1: 'Musterstraße 1',
  receipt_line2: 'Hinterhaus',
  receipt_postal_code: '50667',
  receipt_city: 'Köln',
  receipt_country: 'DE',
};
const NO_RECEIPT_ADDRESS = Object.fromEntries(Object.keys(RECEIPT_ADDRESS).map((column) => [column, null]));

/** A donation as the webhook leaves it: one row per Checkout session, one payment row per payment that arrived. */
async function insertDonation(
  id: string,
  seed: { mode: DonationMode; status: DonationStatus; createdAt: string; payments?: string[]; name?: string | null },
) {
  const monthly = seed.mode === 'monthly';
  await runtime.db
    .insertInto('donations')
    .values({
      id,
      mode: seed.mode,
      amount_cents: 2500,
      currency: 'eur',
      status: seed.status,
      donor_email: `${id}@example.org`,
      donor_name: seed.name === undefined ? 'Ada Lovelace' : seed.name,
      locale: 'fr',
      stripe_session_id: `cs_${id}`,
      stripe_customer_id: monthly ? `cus_${id}` : null,
      stripe_subscription_id: monthly ? `sub_${id}` : null,
      stripe_payment_intent_id: !monthly && seed.payments?.length ? `pi_${id}` : null,
      created_at: seed.createdAt,
      updated_at: seed.createdAt,
      confirmed_at: seed.payments?.[0] ?? null,
      // The formal receipt's addressee, as Stripe gave it for a gift above the limit.
      ...RECEIPT_ADDRESS,
    })
    .execute();
  for (const [index, paidAt] of (seed.payments ?? []).entries()) {
    await runtime.db
      .insertInto('donation_payments')
      .values({
        id: `${id}-pay${index}`,
        donation_id: id,
        amount_cents: 2500,
        currency: 'eur',
        status: 'paid',
        stripe_invoice_id: monthly ? `in_${id}_${index}` : null,
        stripe_payment_intent_id: monthly ? `pi_${id}_${index}` : `pi_${id}`,
        stripe_charge_id: `ch_${id}_${index}`,
        paid_at: paidAt,
        created_at: paidAt,
      })
      .execute();
  }
}

const donor = (id: string) =>
  runtime.db
    .selectFrom('donations')
    .select(['donor_name', 'donor_email', 'stripe_customer_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('the retention job', () => {
  it('removes what is past each limit in one run, keeps what is younger, and logs the counts', async () => {
    runtime = await startTestRuntime({
      CONTACT_RETENTION_DAYS: '30',
      NEWSLETTER_CONSENT_RETENTION_DAYS: '100',
      AUDIT_RETENTION_DAYS: '60',
    });
    const { user } = await createUser(runtime);
    await recordAudit(runtime.db, CLI_ACTOR, { action: 'role.granted', objectId: 'audit-old' }, new Date(ago(60 * DAY + HOUR)));
    await recordAudit(runtime.db, CLI_ACTOR, { action: 'role.granted', objectId: 'audit-young' }, new Date(ago(60 * DAY - HOUR)));
    await runtime.db
      .insertInto('contact_messages')
      .values([contactMessage('contact-old', ago(30 * DAY + HOUR)), contactMessage('contact-young', ago(30 * DAY - HOUR))])
      .execute();
    await runtime.db
      .insertInto('newsletter_subscribers')
      .values([
        subscriberRow('pending-old', ago(7 * DAY + HOUR), null),
        subscriberRow('pending-young', ago(7 * DAY - HOUR), null),
        subscriberRow('subscribed-long', ago(900 * DAY), ago(899 * DAY)),
      ])
      .execute();
    await runtime.db
      .insertInto('newsletter_consents')
      .values([
        consentRow('left-long-ago', { signedUp: ago(500 * DAY), confirmed: ago(500 * DAY), unsubscribed: ago(100 * DAY + HOUR) }),
        consentRow('left-recently', { signedUp: ago(500 * DAY), confirmed: ago(500 * DAY), unsubscribed: ago(100 * DAY - HOUR) }),
        consentRow('still-subscribed', { signedUp: ago(900 * DAY), confirmed: ago(899 * DAY), unsubscribed: null }),
        consentRow('never-confirmed', { signedUp: ago(7 * DAY + HOUR), confirmed: null, unsubscribed: null }),
        consentRow('not-confirmed-yet', { signedUp: ago(7 * DAY - HOUR), confirmed: null, unsubscribed: null }),
      ])
      .execute();
    const live = await createSession(runtime.db, user.id, runtime.clock.now());
    await createSession(runtime.db, user.id, new Date(runtime.clock.now().getTime() - 400 * DAY));
    await runtime.db
      .insertInto('rate_limit_buckets')
      .values([
        { key: 'idle', window_started_at: ago(DAY + HOUR), hits: 3 },
        { key: 'busy', window_started_at: ago(HOUR), hits: 3 },
      ])
      .execute();
    const stripeEvent = (id: string, receivedAt: string) => ({
      id,
      type: 'checkout.session.completed',
      livemode: 0,
      created_at: receivedAt,
      received_at: receivedAt,
    });
    await runtime.db
      .insertInto('stripe_events')
      .values([
        stripeEvent('evt_old', ago(STRIPE_EVENT_RETENTION_DAYS * DAY + HOUR)),
        stripeEvent('evt_young', ago(STRIPE_EVENT_RETENTION_DAYS * DAY - HOUR)),
      ])
      .execute();

    const counts = await createRetentionJob(runtime).runIfDue();

    expect(await ids('contact_messages')).toEqual(['contact-young']);
    expect(await ids('newsletter_subscribers')).toEqual(['pending-young', 'subscribed-long']);
    expect(await ids('newsletter_consents')).toEqual(['left-recently', 'not-confirmed-yet', 'still-subscribed']);
    expect((await runtime.db.selectFrom('sessions').select('id').execute()).map((row) => row.id)).toEqual([live.session.id]);
    expect((await runtime.db.selectFrom('rate_limit_buckets').select('key').execute()).map((row) => row.key)).toEqual(['busy']);
    expect((await runtime.db.selectFrom('stripe_events').select('id').execute()).map((row) => row.id)).toEqual(['evt_young']);
    const expected = {
      contactMessages: 1,
      unconfirmedNewsletterSignUps: 1,
      newsletterConsents: 1,
      sessions: 1,
      emailTokens: 0,
      twoFactorChallenges: 0,
      rateLimitBuckets: 1,
      unverifiedAccounts: 0,
      sentMails: 0,
      failedMails: 0,
      anonymizedOrders: 0,
      anonymizedUnpaidOrders: 0,
      anonymizedDonations: 0,
      anonymizedUnpaidDonations: 0,
      auditEntries: 1,
      stripeEvents: 1,
    };
    expect(counts).toEqual(expected);
    expect((await runtime.db.selectFrom('audit_log').select('object_id').execute()).map((row) => row.object_id)).toEqual(['audit-young']);
    expect(retentionRuns()).toHaveLength(1);
    expect(retentionRuns()[0]).toMatchObject({ level: 'info', removed: expected });
  });

  it('removes two-factor sign-in challenges a day after they were used or ran out, and no others', async () => {
    runtime = await startTestRuntime();
    const { user } = await createUser(runtime);
    // As createChallenge and consumeChallenge write them: valid five minutes from creation, used at most once.
    const challenge = (name: string, createdAt: string, usedAt: string | null) => ({
      id: name,
      user_id: user.id,
      token_hash: hashSecret(name),
      created_at: createdAt,
      expires_at: new Date(new Date(createdAt).getTime() + TWO_FACTOR_CHALLENGE_LIFETIME_MS).toISOString(),
      used_at: usedAt,
    });
    await runtime.db
      .insertInto('two_factor_challenges')
      .values([
        challenge('ran-out-long-ago', ago(DAY + HOUR), null),
        challenge('used-long-ago', ago(2 * DAY), ago(2 * DAY - 60_000)),
        challenge('ran-out-recently', ago(DAY - HOUR), null),
        challenge('used-recently', ago(HOUR), ago(HOUR - 60_000)),
        challenge('live', ago(60_000), null),
      ])
      .execute();

    const counts = await createRetentionJob(runtime).runIfDue();

    expect(counts?.twoFactorChallenges).toBe(2);
    const left = await runtime.db.selectFrom('two_factor_challenges').select('id').orderBy('id').execute();
    expect(left.map((row) => row.id)).toEqual(['live', 'ran-out-recently', 'used-recently']);
    // The one still under way can still be answered with a code.
    expect(await challengeUser(runtime.db, 'live', runtime.clock.now())).toBe(user.id);
    expect(retentionRuns()[0]).toMatchObject({ removed: { twoFactorChallenges: 2 } });
  });

  it('anonymizes orders once the legal period, counted to the end of their calendar year, is over', async () => {
    runtime = await startTestRuntime(); // ORDER_RETENTION_YEARS: 8 by default (§ 147 AO since 2025)
    expect(runtime.config.retention.orderYears).toBe(8);
    const { user } = await createUser(runtime);
    // The test clock stands in March 2026: the orders of 2017 are past their eight years (end of 2025), those of 2018 are not.
    // Years as Cologne counts them: 2018 began there at 23:00 UTC on 31 December 2017.
    expect(orderRetentionCutoff(runtime.clock.now(), 8)).toBe('2017-12-31T23:00:00.000Z');
    await insertOrder('order-2015', '2017-12-31T22:59:00.000Z', user.id);
    await insertOrder('order-2016', '2017-12-31T23:00:00.000Z', user.id);
    await runtime.db
      .insertInto('withdrawals')
      .values({
        id: newId(),
        order_id: 'order-2015',
        order_number: 'SB-order-2015',
        name: 'Ada Lovelace',
        email: 'order-2015@example.org',
        message: 'Bitte zurück',
        locale: 'de',
        created_at: '2016-01-05T10:00:00.000Z',
      })
      .execute();

    const counts = await createRetentionJob(runtime).runIfDue();
    expect(counts?.anonymizedOrders).toBe(1);

    const orders = await runtime.db.selectFrom('orders').selectAll().orderBy('id').execute();
    expect(orders[0]).toMatchObject({
      id: 'order-2015',
      order_number: 'SB-order-2015',
      user_id: null,
      email: '',
      first_name: ANONYMIZED_NAME,
      last_name: '',
      phone: null,
      address: '',
      city: '',
      postal_code: '',
      country: 'DE',
      status: 'submitted',
      subtotal_cents: 2500,
      shipping_cents: 499,
      total_cents: 2999,
      created_at: '2017-12-31T22:59:00.000Z',
    });
    expect(orders[1]).toMatchObject({
      id: 'order-2016',
      user_id: user.id,
      email: 'order-2016@example.org',
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '+49 221 123456',
      address: 'Domkloster 4',
    });
    const items = await runtime.db.selectFrom('order_items').select(['order_id', 'name', 'unit_price_cents']).orderBy('order_id').execute();
    expect(items).toEqual([
      { order_id: 'order-2015', name: 'T-Shirt', unit_price_cents: 2500 },
      { order_id: 'order-2016', name: 'T-Shirt', unit_price_cents: 2500 },
    ]);
    const withdrawal = await runtime.db.selectFrom('withdrawals').selectAll().executeTakeFirstOrThrow();
    expect(withdrawal).toMatchObject({ name: ANONYMIZED_NAME, email: '', message: null, order_number: 'SB-order-2015' });

    // A year later the 2018 order goes too; the one anonymized already is not counted again.
    runtime.clock.set(new Date('2027-01-01T00:30:00Z'));
    expect((await createRetentionJob(runtime).runIfDue())?.anonymizedOrders).toBe(1);
    const later = await runtime.db.selectFrom('orders').select(['id', 'email', 'user_id']).orderBy('id').execute();
    expect(later).toEqual([
      { id: 'order-2015', email: '', user_id: null },
      { id: 'order-2016', email: '', user_id: null },
    ]);
  });
});

describe('donations and the retention job', () => {
  it('anonymizes donations once the period the privacy page states, counted to the end of the year of the donation, is over', async () => {
    // Set to 10 (the default is 8), so the dates below read as ten years; the privacy page then says "Spenden: 10 Jahre".
    runtime = await startTestRuntime({ ORDER_RETENTION_YEARS: '10' });
    // The test clock stands in March 2026: donations of 2015 and earlier are past their ten years (end of 2025).
    // Years as Cologne counts them: 2016 began there at 23:00 UTC on 31 December 2015.
    expect(orderRetentionCutoff(runtime.clock.now(), runtime.config.retention.orderYears)).toBe('2015-12-31T23:00:00.000Z');
    await insertDonation('paid-2010', {
      mode: 'one_time',
      status: 'paid',
      createdAt: '2010-06-01T10:00:00.000Z',
      payments: ['2010-06-01T10:01:00.000Z'],
    });
    await insertDonation('paid-2015', {
      mode: 'one_time',
      status: 'refunded',
      createdAt: '2015-12-31T22:59:00.000Z',
      payments: ['2015-12-31T22:59:30.000Z'],
    });
    await insertDonation('expired-2010', { mode: 'one_time', status: 'expired', createdAt: '2010-06-02T10:00:00.000Z' });
    await insertDonation('open-2015', { mode: 'monthly', status: 'open', createdAt: '2015-11-02T10:00:00.000Z', name: null });
    await insertDonation('failed-2012', { mode: 'one_time', status: 'failed', createdAt: '2012-03-02T10:00:00.000Z' });
    // Pledges: one ended in 2014, one ran until 2017 (its payments of 2016/2017 are still within their period).
    await insertDonation('pledge-ended-2014', {
      mode: 'monthly',
      status: 'cancelled',
      createdAt: '2010-01-10T10:00:00.000Z',
      payments: ['2010-01-10T10:01:00.000Z', '2014-12-10T10:00:00.000Z'],
    });
    await insertDonation('pledge-ended-2017', {
      mode: 'monthly',
      status: 'cancelled',
      createdAt: '2012-01-10T10:00:00.000Z',
      payments: ['2012-01-10T10:01:00.000Z', '2017-04-10T10:00:00.000Z'],
    });
    // Still running since 2010: its donor stays, whatever the age of the row.
    await insertDonation('pledge-active', {
      mode: 'monthly',
      status: 'active',
      createdAt: '2010-05-10T10:00:00.000Z',
      payments: ['2010-05-10T10:01:00.000Z', '2026-02-10T10:00:00.000Z'],
    });
    // Active at Stripe though no payment was recorded since 2015 (a webhook missed): still not anonymized.
    await insertDonation('pledge-active-quiet', {
      mode: 'monthly',
      status: 'active',
      createdAt: '2015-05-10T10:00:00.000Z',
      payments: ['2015-05-10T10:01:00.000Z'],
    });
    // Started on 31 December 2015, the SEPA payment arrived in January 2016: a booking of 2016.
    await insertDonation('sepa-2015-paid-2016', {
      mode: 'one_time',
      status: 'paid',
      createdAt: '2015-12-31T20:00:00.000Z',
      payments: ['2016-01-04T09:00:00.000Z'],
    });
    // Given at 00:30 on New Year's Day 2016 in Cologne, still 2015 in UTC: a booking of 2016.
    await insertDonation('paid-2016', {
      mode: 'one_time',
      status: 'paid',
      createdAt: '2015-12-31T23:30:00.000Z',
      payments: ['2015-12-31T23:31:00.000Z'],
    });
    await insertDonation('expired-recent', { mode: 'one_time', status: 'expired', createdAt: '2026-02-01T10:00:00.000Z' });
    const paymentsBefore = await runtime.db.selectFrom('donation_payments').selectAll().orderBy('id').execute();

    const counts = await createRetentionJob(runtime).runIfDue();

    const anonymized = ['expired-2010', 'failed-2012', 'open-2015', 'paid-2010', 'paid-2015', 'pledge-ended-2014'];
    expect(counts?.anonymizedDonations).toBe(anonymized.length);
    expect(retentionRuns()[0]).toMatchObject({ level: 'info', removed: { anonymizedDonations: anonymized.length } });
    const rows = await runtime.db.selectFrom('donations').selectAll().orderBy('id').execute();
    for (const row of rows) {
      if (anonymized.includes(row.id)) {
        expect(row, row.id).toMatchObject({
          donor_name: ANONYMIZED_NAME,
          donor_email: '',
          stripe_customer_id: null,
          ...NO_RECEIPT_ADDRESS,
        });
      } else {
        expect(row, row.id).toMatchObject({ donor_name: 'Ada Lovelace', donor_email: `${row.id}@example.org`, ...RECEIPT_ADDRESS });
        expect(row.stripe_customer_id, row.id).toBe(row.mode === 'monthly' ? `cus_${row.id}` : null);
      }
    }
    // What the books need stays: amount, mode, status, language, dates, Stripe's ids of the session, subscription and payment.
    expect(rows.find((row) => row.id === 'paid-2010')).toMatchObject({
      mode: 'one_time',
      amount_cents: 2500,
      currency: 'eur',
      status: 'paid',
      locale: 'fr',
      stripe_session_id: 'cs_paid-2010',
      stripe_payment_intent_id: 'pi_paid-2010',
      created_at: '2010-06-01T10:00:00.000Z',
      confirmed_at: '2010-06-01T10:01:00.000Z',
      updated_at: runtime.clock.now().toISOString(),
    });
    expect(rows.find((row) => row.id === 'pledge-ended-2014')).toMatchObject({
      status: 'cancelled',
      amount_cents: 2500,
      stripe_subscription_id: 'sub_pledge-ended-2014',
    });
    expect(rows.find((row) => row.id === 'expired-2010')).toMatchObject({ status: 'expired', amount_cents: 2500 });
    // The payments hold no person: every one is kept as it was.
    expect(await runtime.db.selectFrom('donation_payments').selectAll().orderBy('id').execute()).toEqual(paymentsBefore);

    // The operators' views still work with anonymized rows, and show no donor of them.
    const list = await listDonationsForAdmin(runtime.db, runtime.config.stripe, {});
    expect(list.total).toBe(rows.length);
    expect(list.donations.find((donation) => donation.id === 'paid-2010')).toMatchObject({
      donorName: ANONYMIZED_NAME,
      donorEmail: '',
      amountCents: 2500,
      paymentsReceived: 1,
      receivedCents: 2500,
    });
    const { csv } = await exportPaymentsCsv(runtime.db, {}, runtime.clock.now());
    const line = csv.split(/\r?\n/).find((text) => text.includes('pi_paid-2010'));
    expect(line).toContain(`2010-06-01T10:01:00.000Z,25.00,EUR,one_time,paid,${ANONYMIZED_NAME},,fr,paid-2010`);
    for (const id of anonymized) expect(csv).not.toContain(`${id}@example.org`);
    expect(csv).toContain('pledge-active@example.org');

    // A run later the same donations are not counted again; a year later those of 2016 follow, the running pledge never.
    runtime.clock.set(new Date('2026-12-31T00:00:00Z'));
    expect((await createRetentionJob(runtime).runIfDue())?.anonymizedDonations).toBe(0);
    runtime.clock.set(new Date('2027-01-01T00:30:00Z'));
    expect((await createRetentionJob(runtime).runIfDue())?.anonymizedDonations).toBe(2);
    expect(await donor('paid-2016')).toEqual({ donor_name: ANONYMIZED_NAME, donor_email: '', stripe_customer_id: null });
    expect(await donor('sepa-2015-paid-2016')).toEqual({ donor_name: ANONYMIZED_NAME, donor_email: '', stripe_customer_id: null });
    expect(await donor('pledge-ended-2017')).toMatchObject({ donor_email: 'pledge-ended-2017@example.org' });
    expect(await donor('pledge-active')).toEqual({
      donor_name: 'Ada Lovelace',
      donor_email: 'pledge-active@example.org',
      stripe_customer_id: 'cus_pledge-active',
    });
    expect(await donor('pledge-active-quiet')).toMatchObject({ donor_email: 'pledge-active-quiet@example.org' });
  });
});

describe('what never brought money, failed mails and accounts never confirmed', () => {
  it('anonymizes final never-paid orders (demo, cancelled before payment) 90 days after they were placed, with their withdrawal', async () => {
    runtime = await startTestRuntime();
    const { user } = await createUser(runtime);
    const old = ago(UNPAID_RETENTION_DAYS * DAY + HOUR);
    const young = ago(UNPAID_RETENTION_DAYS * DAY - HOUR);
    await insertOrder('demo-old', old, user.id, { status: 'demo' });
    await insertOrder('demo-young', young, user.id, { status: 'demo' });
    await insertOrder('cancelled-unpaid-old', old, user.id, { status: 'cancelled' });
    await insertOrder('cancelled-unpaid-young', young, null, { status: 'cancelled' });
    // Money came (a late debit for a cancelled order; an order refunded): a booking exists, the tax period applies.
    await insertOrder('cancelled-paid-old', old, null, { status: 'cancelled', paid_at: old });
    await insertOrder('refunded-old', old, null, { status: 'refunded', paid_at: old });
    // Not final: still waiting for its payment, whatever its age; and orders by arrangement, never paid online.
    await insertOrder('pending-payment-old', old, null, { status: 'pending_payment' });
    await insertOrder('submitted-old', old, null, { status: 'submitted' });
    for (const orderId of ['cancelled-unpaid-old', 'cancelled-unpaid-young']) {
      await runtime.db
        .insertInto('withdrawals')
        .values({
          id: newId(),
          order_id: orderId,
          order_number: `SB-${orderId}`,
          name: 'Ada Lovelace',
          email: `${orderId}@example.org`,
          message: 'Bitte nicht mehr',
          locale: 'de',
          created_at: old,
        })
        .execute();
    }

    const counts = await createRetentionJob(runtime).runIfDue();

    expect(counts).toMatchObject({ anonymizedUnpaidOrders: 2, anonymizedOrders: 0 });
    expect(retentionRuns()[0]).toMatchObject({ removed: { anonymizedUnpaidOrders: 2 } });
    const rows = await runtime.db.selectFrom('orders').selectAll().orderBy('id').execute();
    for (const row of rows) {
      if (row.id === 'demo-old' || row.id === 'cancelled-unpaid-old') {
        expect(row, row.id).toMatchObject({
          first_name: ANONYMIZED_NAME,
          last_name: '',
          email: '',
          phone: null,
          address: '',
          city: '',
          postal_code: '',
          user_id: null,
          country: 'DE',
          total_cents: 2999,
          order_number: `SB-${row.id}`,
        });
      } else {
        expect(row, row.id).toMatchObject({ first_name: 'Ada', email: `${row.id}@example.org`, address: 'Domkloster 4' });
      }
    }
    const withdrawals = await runtime.db
      .selectFrom('withdrawals')
      .select(['order_id', 'name', 'email', 'message'])
      .orderBy('order_id')
      .execute();
    expect(withdrawals).toEqual([
      { order_id: 'cancelled-unpaid-old', name: ANONYMIZED_NAME, email: '', message: null },
      {
        order_id: 'cancelled-unpaid-young',
        name: 'Ada Lovelace',
        email: 'cancelled-unpaid-young@example.org',
        message: 'Bitte nicht mehr',
      },
    ]);

    // A day later the young ones follow; none is counted twice.
    runtime.clock.advance(DAY);
    expect((await createRetentionJob(runtime).runIfDue())?.anonymizedUnpaidOrders).toBe(2);
    runtime.clock.advance(DAY);
    expect((await createRetentionJob(runtime).runIfDue())?.anonymizedUnpaidOrders).toBe(0);
    const left = await runtime.db.selectFrom('orders').select('id').where('email', '!=', '').orderBy('id').execute();
    expect(left.map((row) => row.id)).toEqual(['cancelled-paid-old', 'pending-payment-old', 'refunded-old', 'submitted-old']);
  });

  it('anonymizes donations that never received money 90 days after they were started', async () => {
    runtime = await startTestRuntime();
    const old = ago(UNPAID_RETENTION_DAYS * DAY + HOUR);
    const young = ago(UNPAID_RETENTION_DAYS * DAY - HOUR);
    await insertDonation('expired-old', { mode: 'one_time', status: 'expired', createdAt: old });
    await insertDonation('open-old', { mode: 'monthly', status: 'open', createdAt: old });
    await insertDonation('failed-old', { mode: 'one_time', status: 'failed', createdAt: old });
    await insertDonation('expired-young', { mode: 'one_time', status: 'expired', createdAt: young });
    await insertDonation('paid-old', { mode: 'one_time', status: 'paid', createdAt: old, payments: [old] });
    await insertDonation('pending-old', { mode: 'one_time', status: 'pending', createdAt: old });
    // A pledge whose first debit failed, cancelled by Stripe later: never any money.
    await insertDonation('cancelled-old', { mode: 'monthly', status: 'cancelled', createdAt: old });
    // Failed now, but money had arrived once (refunded since): a booking exists.
    await insertDonation('failed-refunded-old', { mode: 'one_time', status: 'failed', createdAt: old, payments: [old] });
    await runtime.db.updateTable('donations').set({ confirmed_at: null }).where('id', '=', 'failed-refunded-old').execute();
    await runtime.db
      .updateTable('donation_payments')
      .set({ status: 'refunded' })
      .where('donation_id', '=', 'failed-refunded-old')
      .execute();
    // A payment that failed is no money: the donation goes.
    await runtime.db
      .insertInto('donation_payments')
      .values({
        id: 'failed-old-pay',
        donation_id: 'failed-old',
        amount_cents: 2500,
        currency: 'eur',
        status: 'failed',
        stripe_invoice_id: null,
        stripe_payment_intent_id: 'pi_failed-old',
        stripe_charge_id: null,
        paid_at: old,
        created_at: old,
      })
      .execute();

    const counts = await createRetentionJob(runtime).runIfDue();

    const anonymized = ['cancelled-old', 'expired-old', 'failed-old', 'open-old', 'pending-old'];
    expect(counts).toMatchObject({ anonymizedUnpaidDonations: anonymized.length, anonymizedDonations: 0 });
    expect(retentionRuns()[0]).toMatchObject({ removed: { anonymizedUnpaidDonations: anonymized.length } });
    for (const row of await runtime.db.selectFrom('donations').selectAll().orderBy('id').execute()) {
      if (anonymized.includes(row.id)) {
        expect(row, row.id).toMatchObject({
          donor_name: ANONYMIZED_NAME,
          donor_email: '',
          stripe_customer_id: null,
          amount_cents: 2500,
          ...NO_RECEIPT_ADDRESS,
        });
        expect(row.stripe_session_id, row.id).toBe(`cs_${row.id}`);
      } else {
        expect(row, row.id).toMatchObject({ donor_name: 'Ada Lovelace', donor_email: `${row.id}@example.org` });
      }
    }
    runtime.clock.advance(DAY);
    expect((await createRetentionJob(runtime).runIfDue())?.anonymizedUnpaidDonations).toBe(1); // expired-young
  });

  it('deletes failed mails 30 days after they were queued, and empties a failed newsletter mail instead', async () => {
    runtime = await startTestRuntime();
    const mail = (id: string, status: OutboxStatus, createdAt: string, sentAt: string | null = null) => ({
      id,
      kind: id.startsWith('newsletter') ? 'newsletter' : 'verify_email',
      to: `${id}@example.org`,
      subject: 'Betreff',
      text: `Hallo ${id}`,
      html: `<p>Hallo ${id}</p>`,
      status,
      attempts: status === 'pending' ? 0 : 10,
      next_attempt_at: createdAt,
      last_error: status === 'failed' ? `550 ${id}@example.org unknown` : null,
      created_at: createdAt,
      sent_at: sentAt,
      headers: '{"List-Unsubscribe":"<https://schoolbox.example/u/x>"}',
    });
    const old = ago(SENT_MAIL_RETENTION_DAYS * DAY + HOUR);
    const young = ago(SENT_MAIL_RETENTION_DAYS * DAY - HOUR);
    await runtime.db
      .insertInto('outbox')
      .values([
        mail('failed-old', 'failed', old),
        mail('failed-young', 'failed', young),
        mail('pending-old', 'pending', old),
        mail('sent-old', 'sent', ago(40 * DAY), old),
        mail('newsletter-failed-old', 'failed', old),
      ])
      .execute();
    await runtime.db
      .insertInto('newsletters')
      .values({
        id: 'nl-1',
        subject_de: 'Neues',
        body_de: 'Text',
        subject_en: '',
        body_en: '',
        subject_fr: '',
        body_fr: '',
        status: 'sent',
        created_by: null,
        created_at: old,
        updated_at: old,
        sent_by: null,
        send_started_at: old,
        sent_at: old,
      })
      .execute();
    await runtime.db
      .insertInto('newsletter_deliveries')
      .values({ outbox_id: 'newsletter-failed-old', newsletter_id: 'nl-1', subscriber_id: null, created_at: old })
      .execute();

    const counts = await createRetentionJob(runtime).runIfDue();

    expect(counts).toMatchObject({ failedMails: 2, sentMails: 1 });
    expect(retentionRuns()[0]).toMatchObject({ removed: { failedMails: 2 } });
    const rows = await runtime.db.selectFrom('outbox').selectAll().orderBy('id').execute();
    expect(rows.map((row) => row.id)).toEqual(['failed-young', 'newsletter-failed-old', 'pending-old']);
    expect(rows[1]).toMatchObject({ status: 'failed', to: '', text: '', html: '', headers: '{}', last_error: null, subject: 'Betreff' });
    expect(rows[0]).toMatchObject({ to: 'failed-young@example.org', text: 'Hallo failed-young' });
    // The emptied one is not counted again.
    runtime.clock.advance(DAY);
    expect((await createRetentionJob(runtime).runIfDue())?.failedMails).toBe(1); // failed-young
  });

  it('deletes sent mails 30 days after they were sent, however long they waited before', async () => {
    runtime = await startTestRuntime();
    const sentMail = (id: string, createdAt: string, sentAt: string) => ({
      id,
      kind: 'verify_email',
      to: `${id}@example.org`,
      subject: 'Betreff',
      text: 'Hallo',
      html: '<p>Hallo</p>',
      status: 'sent' as const,
      attempts: 1,
      next_attempt_at: createdAt,
      last_error: null,
      created_at: createdAt,
      sent_at: sentAt,
      headers: '{}',
    });
    const old = ago(SENT_MAIL_RETENTION_DAYS * DAY + HOUR);
    const young = ago(SENT_MAIL_RETENTION_DAYS * DAY - HOUR);
    await runtime.db
      .insertInto('outbox')
      .values([
        sentMail('queued-and-sent-old', ago(SENT_MAIL_RETENTION_DAYS * DAY + 2 * HOUR), old),
        // Queued long ago, sent only lately (sending was paused): the 30 days count from the sending.
        sentMail('queued-old-sent-young', ago(60 * DAY), young),
        sentMail('queued-and-sent-young', young, young),
      ])
      .execute();

    expect((await createRetentionJob(runtime).runIfDue())?.sentMails).toBe(1);
    const left = await runtime.db.selectFrom('outbox').select('id').orderBy('id').execute();
    expect(left.map((row) => row.id)).toEqual(['queued-and-sent-young', 'queued-old-sent-young']);
  });

  it('finds the sent mails to delete by an index range, not by reading every sent mail', async () => {
    runtime = await startTestRuntime();
    const query = oldSentMails(runtime.db, runtime.clock.now()).compile();
    // Before: SQLite "SEARCH outbox USING INDEX outbox_status_created (status=?)", PostgreSQL (sequential scan
    // forbidden) "Index Cond: (status = 'sent'::text)": every sent mail read for its sent_at.
    if (onPostgres) {
      const plan = await runtime.db.transaction().execute(async (trx) => {
        await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
        return trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]));
      });
      const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(text).toMatch(/Index Cond: \(\(status = 'sent'::text\) AND \(created_at < /);
    } else {
      const plan = await runtime.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      expect(plan.rows.map((row) => row.detail)).toEqual(['SEARCH outbox USING INDEX outbox_status_created (status=? AND created_at<?)']);
    }
  });

  it('deletes accounts never confirmed 30 days after sign-up, the way a deleted account goes; never an admin', async () => {
    runtime = await startTestRuntime();
    const signUp = async (name: string, createdAgo: number, options: { verified?: boolean; admin?: boolean } = {}) => {
      const { user } = await createUser(runtime, {
        email: `${name}@example.org`,
        verified: options.verified ?? false,
        admin: options.admin,
      });
      await runtime.db
        .updateTable('users')
        .set({ created_at: ago(createdAgo) })
        .where('id', '=', user.id)
        .execute();
      return user;
    };
    const stale = await signUp('stale', UNVERIFIED_ACCOUNT_RETENTION_DAYS * DAY + HOUR);
    const fresh = await signUp('fresh', UNVERIFIED_ACCOUNT_RETENTION_DAYS * DAY - HOUR);
    const confirmed = await signUp('confirmed', 400 * DAY, { verified: true });
    const admin = await signUp('admin', 400 * DAY, { admin: true });
    // As old as the stale one, but asked for a new confirmation link today: it can still be used.
    const relinked = await signUp('relinked', UNVERIFIED_ACCOUNT_RETENTION_DAYS * DAY + HOUR);
    await createEmailToken(runtime.db, relinked.id, 'verify_email', runtime.clock.now());
    // A password reset confirms the address too: its link is waited for as well.
    const resetting = await signUp('resetting', UNVERIFIED_ACCOUNT_RETENTION_DAYS * DAY + HOUR);
    await createEmailToken(runtime.db, resetting.id, 'reset_password', runtime.clock.now());
    // Asking for a new link every day keeps nobody's account past the grace days.
    const squatted = await signUp('squatted', (UNVERIFIED_ACCOUNT_RETENTION_DAYS + UNVERIFIED_ACCOUNT_GRACE_DAYS) * DAY + HOUR);
    await createEmailToken(runtime.db, squatted.id, 'verify_email', runtime.clock.now());
    await createEmailToken(runtime.db, stale.id, 'verify_email', new Date(ago(UNVERIFIED_ACCOUNT_RETENTION_DAYS * DAY + HOUR)));
    await createSession(runtime.db, stale.id, runtime.clock.now());
    await runtime.db
      .insertInto('contact_messages')
      .values({ ...contactMessage('stale-message', ago(DAY)), user_id: stale.id })
      .execute();
    await insertOrder('stale-order', ago(DAY), stale.id);

    const counts = await createRetentionJob(runtime).runIfDue();

    expect(counts?.unverifiedAccounts).toBe(2);
    expect(retentionRuns()[0]).toMatchObject({ removed: { unverifiedAccounts: 2 } });
    const users = await runtime.db.selectFrom('users').select('id').orderBy('email').execute();
    expect(users.map((row) => row.id).sort()).toEqual([admin.id, confirmed.id, fresh.id, relinked.id, resetting.id].sort());
    expect(await runtime.db.selectFrom('email_tokens').select('id').where('user_id', '=', stale.id).execute()).toEqual([]);
    expect(await runtime.db.selectFrom('sessions').select('id').where('user_id', '=', stale.id).execute()).toEqual([]);
    // What refers to the account stays, detached.
    expect(await runtime.db.selectFrom('contact_messages').select('user_id').where('id', '=', 'stale-message').executeTakeFirst()).toEqual({
      user_id: null,
    });
    expect(await runtime.db.selectFrom('orders').select(['user_id', 'email']).where('id', '=', 'stale-order').executeTakeFirst()).toEqual({
      user_id: null,
      email: 'stale-order@example.org',
    });
    runtime.clock.advance(DAY);
    // A day on: fresh is as old as the limit, and relinked's and resetting's links (24 hours, 1 hour) have run out unused.
    expect((await createRetentionJob(runtime).runIfDue())?.unverifiedAccounts).toBe(3);
  });
});

describe('once a day, across restarts and processes', () => {
  it('runs at start, not again when the server restarts within the day, and again a day later', async () => {
    runtime = await startTestRuntime();
    const start = () =>
      startRuntime(runtime.config, runtime.logger, runtime.clock, {
        mailTransport: { send: async () => undefined, close: () => undefined },
      });
    const lastRun = async () =>
      (await runtime.db.selectFrom('app_state').select('value').where('key', '=', RETENTION_LAST_RUN_KEY).executeTakeFirst())?.value;
    await runtime.db
      .insertInto('contact_messages')
      .values(contactMessage('old-1', ago(200 * DAY)))
      .execute();

    // The first start runs it (close() waits for the run under way).
    await (await start()).close();
    expect(retentionRuns()).toHaveLength(1);
    expect(await lastRun()).toBe(TEST_START.toISOString());
    expect(await ids('contact_messages')).toEqual([]);

    // A restart a few hours later checks, finds the day not over, and leaves the new old row alone.
    await runtime.db
      .insertInto('contact_messages')
      .values(contactMessage('old-2', ago(200 * DAY)))
      .execute();
    runtime.clock.advance(5 * HOUR);
    const second = await start();
    expect(await second.retention.runOnce()).toBe(0);
    await second.close();
    expect(retentionRuns()).toHaveLength(1);
    expect(await ids('contact_messages')).toEqual(['old-2']);

    // Just before the day is over: still not; once it is: the next start (or hourly check) runs it.
    runtime.clock.set(new Date(TEST_START.getTime() + DAY - 1000));
    await (await start()).close();
    expect(retentionRuns()).toHaveLength(1);
    runtime.clock.set(new Date(TEST_START.getTime() + DAY));
    await (await start()).close();
    expect(retentionRuns()).toHaveLength(2);
    expect(await lastRun()).toBe(new Date(TEST_START.getTime() + DAY).toISOString());
    expect(await ids('contact_messages')).toEqual([]);
  });

  /**
   * On PostgreSQL truly at the same time. SQLite's connections in one Node process block the event loop
   * while waiting for the write lock (better-sqlite3 is synchronous), so there they take turns; separate
   * processes wait for each other's transaction (sqlite-second-writer.test.ts).
   */
  const together = async <T>(calls: Array<() => Promise<T>>): Promise<T[]> => {
    if (onPostgres) return Promise.all(calls.map((call) => call()));
    const results: T[] = [];
    for (const call of calls) results.push(await call());
    return results;
  };

  it('of several processes checking at the same moment, exactly one runs it', async () => {
    runtime = await startTestRuntime();
    // Separate connections (pools), as two server processes have.
    const other = () => {
      const { db } = connectDatabase(runtime.config.databaseUrl);
      extraDbs.push(db);
      return db;
    };
    const processes = [runtime.db, other(), other(), other()];

    // The first claim ever (insert) …
    const first = await together(processes.map((db) => () => claimRetentionRun(db, runtime.clock.now())));
    expect(first.filter((claim) => claim !== undefined)).toEqual([null]);

    // … and a day later (conditional update): one claim wins, and only its job runs.
    runtime.clock.advance(DAY);
    const jobs = processes.map((db) => createRetentionJob({ ...runtime, db }));
    const results = await together(jobs.map((job) => () => job.runIfDue()));
    expect(results.filter((result) => result !== null)).toHaveLength(1);
    expect(retentionRuns()).toHaveLength(1);
  });

  it('a run that fails gives its claim back, so the next hourly check tries again', async () => {
    runtime = await startTestRuntime();
    const job = createRetentionJob(runtime);
    await job.runIfDue();
    runtime.clock.advance(DAY);
    const claimedBefore = (
      await runtime.db.selectFrom('app_state').select('value').where('key', '=', RETENTION_LAST_RUN_KEY).executeTakeFirst()
    )?.value;
    const broken = createRetentionJob({
      ...runtime,
      config: { ...runtime.config, retention: { ...runtime.config.retention, contactDays: Number.NaN } },
    });
    await expect(broken.runIfDue()).rejects.toThrow();
    expect(
      (await runtime.db.selectFrom('app_state').select('value').where('key', '=', RETENTION_LAST_RUN_KEY).executeTakeFirst())?.value,
    ).toBe(claimedBefore);
    expect(await job.runIfDue()).not.toBeNull();
  });
});
