/**
 * A donation whose webhook is late, lost or never configured (ADR 031, amendment of 2026-11-29), against
 * the fake Stripe: the thank-you page (`donations.status`) records what Stripe says through the
 * webhook's own handlers, the background repair (donations/reconcile.ts) does the same for a donor who
 * never came back, and whichever comes first, the donation is recorded once: one thank-you, one receipt
 * mail to the team above the limit, and the late webhook changes nothing.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatMailDate } from '@server/mail/dates';
import { createDonationRepairWorker, type DonationRepairWorker } from '@server/donations/repair-worker';
import { formatCents } from '@shared/money';
import type { DonationStatus } from '@shared/schemas/donation';
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { trpcMutation, trpcQuery } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';

const HOUR = 60 * 60_000;

let fake: FakeStripe;
let app: TestApp;
let repair: DonationRepairWorker;

beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(async () => {
  fake.reset();
  app = await startTestApp({
    STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
  });
  // Every event waits until the test delivers it (flush): late, or never.
  fake.configure({
    webhookUrl: `${app.url}/api/stripe/webhook`,
    webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
    delivery: 'queued',
    duplicate: false,
    shuffle: false,
  });
  // The runtime's own repair worker, run by hand (test runtimes start no worker).
  repair = createDonationRepairWorker({
    db: app.db,
    stripe: app.appDeps.stripe,
    clock: app.clock,
    logger: app.logger,
    config: app.config,
    outbox: { kick: () => undefined },
  });
});
afterEach(async () => {
  fake.heal();
  await app?.close();
});

/** Starts a donation and answers its Checkout session id. */
async function startDonation(amount: string, mode: 'one_time' | 'monthly'): Promise<string> {
  const { status, body } = await trpcMutation(app.url, 'donations.start', { amount, mode, email: 'spender@example.org', locale: 'de' });
  expect(status, JSON.stringify(body)).toBe(200);
  const url = (body.result?.data as { url: string } | undefined)?.url;
  const session = fake.sessions().find((s) => s.url === url);
  expect(session).toBeDefined();
  return session?.id as string;
}
async function thankYouPage(sessionId: string): Promise<DonationStatus> {
  const { status, body } = await trpcQuery(app.url, 'donations.status', { sessionId });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.result?.data as DonationStatus;
}
const donationOf = (sessionId: string) =>
  app.db.selectFrom('donations').selectAll().where('stripe_session_id', '=', sessionId).executeTakeFirstOrThrow();
const paymentsOf = (donationId: string) =>
  app.db.selectFrom('donation_payments').selectAll().where('donation_id', '=', donationId).execute();
const mailsOf = (kind: string) => app.db.selectFrom('outbox').selectAll().where('kind', '=', kind).orderBy('created_at').execute();
const retrievals = () => fake.requests().filter((r) => r.method === 'GET' && r.path.startsWith('/v1/checkout/sessions/'));
const repairs = () =>
  app.logs.filter((line) => line.msg === 'donation settled from stripe without its webhook; check the webhook endpoint');

/** The late webhook: every queued event delivered now, each acknowledged. */
async function lateWebhook() {
  await fake.flush();
  expect(fake.deliveries().length).toBeGreaterThan(0);
  expect(fake.deliveries().every((delivery) => delivery.ok)).toBe(true);
}

/** One thank-you and, above the limit, one receipt mail to the team naming the billing address. */
async function expectMailedOnce(amountCents: number) {
  const thanks = await mailsOf('donation_thanks');
  expect(thanks.map((mail) => mail.subject)).toEqual(['Vielen Dank für Ihre Spende']);
  expect(thanks[0]?.text).toContain(formatCents(amountCents));
  const team = await mailsOf('team_notice');
  expect(team.map((mail) => mail.subject)).toEqual([`Zuwendungsbestätigung ausstellen: Spende über ${formatCents(amountCents)}`]);
  expect(team[0]?.text).toContain('Anschrift:\nMusterstraße 1\n50667 Köln\nDeutschland');
}

describe('the thank-you page, before the webhook', () => {
  it('500 € by card: the page records it — paid, one thank-you, the team’s receipt mail with the address — and the late webhook adds nothing', async () => {
    const sessionId = await startDonation('500', 'one_time');
    await fake.complete(sessionId, { method: 'card' });
    expect((await donationOf(sessionId)).status).toBe('open');

    expect(await thankYouPage(sessionId)).toEqual({ state: 'received', amountCents: 50_000, mode: 'one_time' });
    const donation = await donationOf(sessionId);
    expect(donation).toMatchObject({ status: 'paid', receipt_line1: 'Musterstraße 1', receipt_city: 'Köln' });
    expect(donation.confirmed_at).not.toBeNull();
    expect(donation.stripe_payment_intent_id).toMatch(/^pi_/);
    expect((await paymentsOf(donation.id)).map((p) => [p.status, p.amount_cents])).toEqual([['paid', 50_000]]);
    await expectMailedOnce(50_000);

    // The page's next poll, then the webhook: nothing happens twice, and Stripe is not asked again.
    expect((await thankYouPage(sessionId)).state).toBe('received');
    await lateWebhook();
    expect((await donationOf(sessionId)).status).toBe('paid');
    expect(await paymentsOf(donation.id)).toHaveLength(1);
    await expectMailedOnce(50_000);
    expect(retrievals()).toHaveLength(1);
  });

  it('a monthly 400 € pledge by card: its first invoice is read, the pledge active with one mail each; the late invoice.paid adds nothing', async () => {
    const sessionId = await startDonation('400', 'monthly');
    await fake.complete(sessionId, { method: 'card' });

    expect(await thankYouPage(sessionId)).toEqual({ state: 'received', amountCents: 40_000, mode: 'monthly' });
    const donation = await donationOf(sessionId);
    expect(donation.status).toBe('active');
    expect(donation.stripe_subscription_id).toMatch(/^sub_/);
    expect(donation.stripe_customer_id).toMatch(/^cus_/);
    const payments = await paymentsOf(donation.id);
    expect(payments.map((p) => p.status)).toEqual(['paid']);
    expect(payments[0]?.stripe_invoice_id).toMatch(/^in_/);
    await expectMailedOnce(40_000);
    // The monthly mail's manage link works only with the customer recorded.
    expect((await mailsOf('donation_thanks'))[0]?.text).toContain('/spenden/verwalten?token=');

    await lateWebhook();
    expect(fake.deliveries().map((d) => d.type)).toEqual(['checkout.session.completed', 'invoice.paid']);
    expect(await paymentsOf(donation.id)).toHaveLength(1);
    await expectMailedOnce(40_000);
  });

  it('a SEPA debit under way: pending is recorded, no mail yet; its settlement then thanks once', async () => {
    const sessionId = await startDonation('50', 'one_time');
    await fake.complete(sessionId, { method: 'sepa_debit', outcome: 'succeeded', settle: 'later' });
    expect((await thankYouPage(sessionId)).state).toBe('pending');
    expect((await donationOf(sessionId)).status).toBe('pending');
    expect(await mailsOf('donation_thanks')).toHaveLength(0);

    await fake.settle(sessionId);
    await lateWebhook();
    expect((await donationOf(sessionId)).status).toBe('paid');
    expect(await mailsOf('donation_thanks')).toHaveLength(1);
  });

  it('an expired session: the page says it failed and the donation is expired, with no mail', async () => {
    const sessionId = await startDonation('25', 'one_time');
    await fake.expire(sessionId);
    expect((await thankYouPage(sessionId)).state).toBe('failed');
    expect((await donationOf(sessionId)).status).toBe('expired');
    await lateWebhook();
    expect(await mailsOf('donation_thanks')).toHaveLength(0);
  });

  it('Stripe failing too: the page says open and records nothing; once Stripe answers, the gift is recorded', async () => {
    const sessionId = await startDonation('25', 'one_time');
    await fake.complete(sessionId, { method: 'card' });
    fake.inject({ path: '/v1/checkout/sessions/*', method: 'GET', status: 500, times: 10 });
    expect((await thankYouPage(sessionId)).state).toBe('open');
    expect((await donationOf(sessionId)).status).toBe('open');
    fake.heal();
    expect((await thankYouPage(sessionId)).state).toBe('received');
    expect(await mailsOf('donation_thanks')).toHaveLength(1);
  });
});

describe('the repair, with nobody on the thank-you page', () => {
  it('paid: a day after Checkout ran out, Stripe is asked, the gift recorded with its mails on the day it was paid; asked once', async () => {
    const sessionId = await startDonation('500', 'one_time');
    await fake.complete(sessionId, { method: 'card' });
    // While the session could still be going on, nobody asks.
    app.clock.advance(24 * HOUR);
    expect(await repair.runOnce()).toBe(0);
    expect(retrievals()).toHaveLength(0);

    app.clock.advance(HOUR + 1000);
    expect(await repair.runOnce()).toBe(1);
    const donation = await donationOf(sessionId);
    expect(donation.status).toBe('paid');
    await expectMailedOnce(50_000);
    // The receipt's date is the day of the payment (its PaymentIntent), not the day of the repair.
    const intent = fake.object(donation.stripe_payment_intent_id as string);
    const [payment] = await paymentsOf(donation.id);
    expect(payment?.paid_at).toBe(new Date((intent?.created as number) * 1000).toISOString());
    expect(repairs()).toEqual([
      expect.objectContaining({ level: 'warn', donationId: donation.id, from: 'open', to: 'paid', sessionStatus: 'complete' }),
    ]);

    // Settled: not asked about again; the webhook, if it ever comes, adds nothing.
    app.clock.advance(2 * HOUR);
    expect(await repair.runOnce()).toBe(0);
    expect(retrievals()).toHaveLength(1);
    await lateWebhook();
    await expectMailedOnce(50_000);
    expect(await paymentsOf(donation.id)).toHaveLength(1);
  });

  it('a monthly pledge by card: active with its first month and one thank-you', async () => {
    const sessionId = await startDonation('10', 'monthly');
    await fake.complete(sessionId, { method: 'card' });
    app.clock.advance(25 * HOUR + 1000);
    expect(await repair.runOnce()).toBe(1);
    const donation = await donationOf(sessionId);
    expect(donation.status).toBe('active');
    expect(await paymentsOf(donation.id)).toHaveLength(1);
    expect(await mailsOf('donation_thanks')).toHaveLength(1);
    await lateWebhook();
    expect(await mailsOf('donation_thanks')).toHaveLength(1);
  });

  it('expired: the donation is expired, no mail', async () => {
    const sessionId = await startDonation('25', 'one_time');
    await fake.expire(sessionId);
    app.clock.advance(25 * HOUR + 1000);
    expect(await repair.runOnce()).toBe(1);
    expect((await donationOf(sessionId)).status).toBe('expired');
    expect(await mailsOf('donation_thanks')).toHaveLength(0);
    expect(repairs()).toEqual([expect.objectContaining({ to: 'expired', sessionStatus: 'expired' })]);
  });

  it('failed SEPA debits (a gift, a pledge’s first month): failed, the donor told once; one still under way stays pending', async () => {
    const gift = await startDonation('50', 'one_time');
    await fake.complete(gift, { method: 'sepa_debit', outcome: 'failed' });
    const pledge = await startDonation('10', 'monthly');
    await fake.complete(pledge, { method: 'sepa_debit', outcome: 'failed' });
    const underWay = await startDonation('50', 'one_time');
    await fake.complete(underWay, { method: 'sepa_debit', outcome: 'succeeded', settle: 'later' });
    app.clock.advance(25 * HOUR + 1000);

    expect(await repair.runOnce()).toBe(3);
    expect((await donationOf(gift)).status).toBe('failed');
    expect((await donationOf(pledge)).status).toBe('failed');
    expect(await mailsOf('donation_failed')).toHaveLength(2);
    expect(await mailsOf('donation_thanks')).toHaveLength(0);
    // Its session's completion was lost too: pending now, and asked about again in an hour.
    expect((await donationOf(underWay)).status).toBe('pending');
    expect(
      repairs()
        .map((line) => `${line.to} (${line.paymentIntentStatus})`)
        .sort(),
    ).toEqual(['failed (requires_payment_method)', 'failed (requires_payment_method)', 'pending (processing)']);

    await fake.settle(underWay);
    app.clock.advance(HOUR);
    expect(await repair.runOnce()).toBe(1);
    expect((await donationOf(underWay)).status).toBe('paid');
    expect(await mailsOf('donation_thanks')).toHaveLength(1);
    await lateWebhook();
    expect(await mailsOf('donation_failed')).toHaveLength(2);
    expect(await mailsOf('donation_thanks')).toHaveLength(1);
  });

  it('a SEPA gift whose debit settles days later, its events lost: dated by the last question it was under way at, not its start', async () => {
    // The fake Stripe stamps its objects by the real clock: the site's starts there too.
    app.clock.set(new Date());
    const sessionId = await startDonation('50', 'one_time');
    await fake.complete(sessionId, { method: 'sepa_debit', outcome: 'succeeded', settle: 'later' });
    await lateWebhook();
    expect((await donationOf(sessionId)).status).toBe('pending');
    // The debit takes days; the repair asks from the next day on, hourly, and Stripe says it is under way.
    app.clock.advance(25 * HOUR + 1000);
    expect(await repair.runOnce()).toBe(0);
    app.clock.advance(3 * 24 * HOUR);
    expect(await repair.runOnce()).toBe(0);
    const lastAsked = app.clock.now();
    // The money comes; its event is lost like the others. The next question finds it paid.
    await fake.settle(sessionId);
    app.clock.advance(HOUR + 1000);
    expect(await repair.runOnce()).toBe(1);
    const donation = await donationOf(sessionId);
    expect(donation.status).toBe('paid');
    const [payment] = await paymentsOf(donation.id);
    // Paid after the last answer "under way" and before this one: within the hour, four days after the
    // PaymentIntent (the donor's confirmation), whose day would have put it in the wrong month at a month's end.
    expect(payment?.paid_at).toBe(lastAsked.toISOString());
    const intent = fake.object(donation.stripe_payment_intent_id as string);
    expect(lastAsked.getTime() - (intent?.created as number) * 1000).toBeGreaterThan(4 * 24 * HOUR - 60_000);
    // Its charge from the PaymentIntent the repair asked (no second question).
    expect(payment?.stripe_charge_id).toBe(intent?.latest_charge);
    expect((await mailsOf('donation_thanks'))[0]?.text).toContain(formatMailDate('de', lastAsked.toISOString()));
  });

  it('a SEPA gift the repair could not ask about after it was seen under way: dated by that answer, not by the failed question', async () => {
    app.clock.set(new Date());
    const sessionId = await startDonation('50', 'one_time');
    await fake.complete(sessionId, { method: 'sepa_debit', outcome: 'succeeded', settle: 'later' });
    await lateWebhook();
    app.clock.advance(25 * HOUR + 1000);
    expect(await repair.runOnce()).toBe(0);
    const lastSeenUnderWay = app.clock.now();
    // The money comes, its event lost; the next question fails (Stripe down), the one after finds it paid.
    await fake.settle(sessionId);
    fake.inject({ path: '/v1/checkout/sessions/*', method: 'GET', status: 500, times: 10 });
    app.clock.advance(HOUR + 1000);
    expect(await repair.runOnce()).toBe(0);
    fake.heal();
    app.clock.advance(HOUR + 1000);
    expect(await repair.runOnce()).toBe(1);
    const donation = await donationOf(sessionId);
    const [payment] = await paymentsOf(donation.id);
    // The question that failed saw nothing: the money came after the last answer "under way".
    expect(payment?.paid_at).toBe(lastSeenUnderWay.toISOString());
  });

  it('Stripe down: the donation keeps waiting, is asked about again an hour later, and is then recorded', async () => {
    const sessionId = await startDonation('25', 'one_time');
    await fake.complete(sessionId, { method: 'card' });
    fake.inject({ path: '/v1/checkout/sessions/*', method: 'GET', status: 500, times: 10 });
    app.clock.advance(25 * HOUR + 1000);
    expect(await repair.runOnce()).toBe(0);
    expect((await donationOf(sessionId)).status).toBe('open');
    expect(app.logs).toContainEqual(
      expect.objectContaining({ level: 'warn', msg: 'could not ask stripe about a stale donation; asking again later' }),
    );
    fake.heal();
    const asked = retrievals().length;
    app.clock.advance(30 * 60_000);
    expect(await repair.runOnce()).toBe(0);
    expect(retrievals()).toHaveLength(asked);
    app.clock.advance(30 * 60_000);
    expect(await repair.runOnce()).toBe(1);
    expect((await donationOf(sessionId)).status).toBe('paid');
  });

  it('a card gift the repair could not ask about at first is dated by its payment, not by the question that failed', async () => {
    // The fake Stripe stamps its objects by the real clock: the site's starts there too.
    app.clock.set(new Date());
    const sessionId = await startDonation('25', 'one_time');
    await fake.complete(sessionId, { method: 'card' });
    fake.inject({ path: '/v1/checkout/sessions/*', method: 'GET', status: 500, times: 10 });
    app.clock.advance(25 * HOUR + 1000);
    expect(await repair.runOnce()).toBe(0);
    fake.heal();
    app.clock.advance(HOUR + 1000);
    expect(await repair.runOnce()).toBe(1);
    const donation = await donationOf(sessionId);
    const [payment] = await paymentsOf(donation.id);
    // Nobody ever saw it waiting for its money: the failed question says nothing of when the card was paid.
    const intent = fake.object(donation.stripe_payment_intent_id as string);
    expect(payment?.paid_at).toBe(new Date((intent?.created as number) * 1000).toISOString());
  });

  it('older than the repair’s bound: not asked about', async () => {
    const sessionId = await startDonation('25', 'one_time');
    await fake.complete(sessionId, { method: 'card' });
    app.clock.advance(31 * 24 * HOUR);
    expect(await repair.runOnce()).toBe(0);
    expect(retrievals()).toHaveLength(0);
    expect((await donationOf(sessionId)).status).toBe('open');
  });
});

describe('at the same moment', () => {
  it('the thank-you page and the webhook: recorded once, one mail of each', async () => {
    const sessionId = await startDonation('500', 'one_time');
    await fake.complete(sessionId, { method: 'card' });
    const [page] = await Promise.all([thankYouPage(sessionId), fake.flush()]);
    expect(page.state).toBe('received');
    expect(fake.deliveries().every((delivery) => delivery.ok)).toBe(true);
    const donation = await donationOf(sessionId);
    expect(donation.status).toBe('paid');
    expect(await paymentsOf(donation.id)).toHaveLength(1);
    await expectMailedOnce(50_000);
  });

  it('the thank-you page and the repair, the webhook lost: recorded once, one mail of each', async () => {
    const sessionId = await startDonation('500', 'one_time');
    await fake.complete(sessionId, { method: 'card' });
    app.clock.advance(25 * HOUR + 1000);
    const [page] = await Promise.all([thankYouPage(sessionId), repair.runOnce()]);
    expect(page.state).toBe('received');
    const donation = await donationOf(sessionId);
    expect(donation.status).toBe('paid');
    expect(await paymentsOf(donation.id)).toHaveLength(1);
    await expectMailedOnce(50_000);
  });
});
