/**
 * Donations through Stripe Checkout (issue 18, ADR 031), against the fake Stripe: the server decides
 * the amount and mode, the signed webhook alone records money, exactly once and in any order, and the
 * thank-you mail carries the receipt text and, for monthly donors, a signed manage link.
 */
import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DONATION_MANAGE_LINK_LIFETIME_DAYS, signManageToken } from '@server/donations/manage-link';
import { outgoingHeaders } from '@server/mail/headers';
import { formatCents } from '@shared/money';
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { textOf } from '../support/html';
import { trpcMutation, trpcQuery } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';

let fake: FakeStripe;
let app: TestApp;

const STRIPE_ENV = () => ({
  STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
  STRIPE_API_URL: fake.url,
  DONATION_TAX_OFFICE: 'Finanzamt Köln-Mitte',
  DONATION_EXEMPTION_NOTICE_DATE: '2025-06-30',
  DONATION_PURPOSE: 'Förderung der Bildung',
});

beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake.close();
});

beforeEach(async () => {
  fake.reset();
  app = await startTestApp(STRIPE_ENV());
  fake.configure({
    webhookUrl: `${app.url}/api/stripe/webhook`,
    webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
    delivery: 'inline',
    duplicate: false,
    shuffle: false,
    portalConfigured: true,
  });
});
afterEach(async () => {
  fake.heal();
  await app?.close();
});

type StartInput = { amount: string; mode: 'one_time' | 'monthly'; email?: string; name?: string; locale?: string };

async function start(input: StartInput) {
  return trpcMutation(app.url, 'donations.start', { email: 'spender@example.org', locale: 'de', ...input });
}

/** Starts a donation and answers its Checkout session id (read from our row, as the webhook would find it). */
async function startOk(input: StartInput): Promise<string> {
  const { status, body } = await start(input);
  expect(status, JSON.stringify(body)).toBe(200);
  const url = (body.result?.data as { url: string } | undefined)?.url;
  const session = fake.sessions().find((s) => s.url === url);
  expect(session).toBeDefined();
  return session?.id as string;
}

const donationOf = (sessionId: string) =>
  app.db.selectFrom('donations').selectAll().where('stripe_session_id', '=', sessionId).executeTakeFirstOrThrow();
const paymentsOf = (donationId: string) =>
  app.db.selectFrom('donation_payments').selectAll().where('donation_id', '=', donationId).orderBy('created_at').execute();
const failedMails = () => app.db.selectFrom('outbox').selectAll().where('kind', '=', 'donation_failed').orderBy('created_at').execute();
const thanksMails = () => app.db.selectFrom('outbox').selectAll().where('kind', '=', 'donation_thanks').orderBy('created_at').execute();
/**
 * Delivers an event again under a new id, correctly signed: Stripe sometimes sends two distinct events
 * for the same change, which the event store (by id) cannot catch; the donation's own keys must.
 */
let copies = 0;
async function deliverAsNewEvent(original: Record<string, unknown>) {
  const body = JSON.stringify({ ...original, id: `evt_copy_${++copies}` });
  const header = new Stripe(FAKE_STRIPE_SECRET_KEY).webhooks.generateTestHeaderString({
    payload: body,
    secret: FAKE_STRIPE_WEBHOOK_SECRET,
  });
  const response = await app.request('/api/stripe/webhook', {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
  });
  expect(response.status).toBe(200);
}

const createRequests = () => fake.requests().filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');

describe('donations.start', () => {
  it('creates a one-time Checkout session with the server’s amount, submit_type donate and the page language', async () => {
    const sessionId = await startOk({ amount: '25', mode: 'one_time', locale: 'en', name: 'Erika' });
    const [request] = createRequests();
    const params = request?.params ?? {};
    expect(params.mode).toBe('payment');
    expect(params.submit_type).toBe('donate');
    expect(params.locale).toBe('en');
    expect(params.customer_email).toBe('spender@example.org');
    expect(params.allowed_payment_method_types).toEqual(['card', 'sepa_debit']);
    expect(params.payment_method_types).toBeUndefined();
    expect(params.line_items[0].price_data.unit_amount).toBe('2500');
    expect(params.line_items[0].price_data.currency).toBe('eur');
    expect(params.line_items[0].price_data.recurring).toBeUndefined();
    const donation = await donationOf(sessionId);
    expect(params.metadata).toEqual({ kind: 'donation', donation_id: donation.id });
    expect(params.payment_intent_data.metadata).toEqual({ kind: 'donation', donation_id: donation.id });
    // The placeholder reaches Stripe unencoded; cancel returns to the form with amount and mode.
    expect(params.success_url).toBe(`${app.url}/spenden/danke?session_id={CHECKOUT_SESSION_ID}`);
    expect(params.cancel_url).toBe(`${app.url}/spenden?amount=2500&mode=one_time&lang=en`);
    expect(request?.idempotencyKey).toBe(`donation-checkout-${donation.id}`);
    expect(donation).toMatchObject({
      status: 'open',
      mode: 'one_time',
      amount_cents: 2500,
      currency: 'eur',
      donor_email: 'spender@example.org',
      donor_name: 'Erika',
      locale: 'en',
    });
  });

  it('creates a monthly session as a subscription with a monthly price and the donation id on the subscription', async () => {
    const sessionId = await startOk({ amount: '10,00', mode: 'monthly', locale: 'fr' });
    const params = createRequests()[0]?.params ?? {};
    const donation = await donationOf(sessionId);
    expect(params.mode).toBe('subscription');
    expect(params.locale).toBe('fr');
    expect(params.line_items[0].price_data).toMatchObject({ unit_amount: '1000', recurring: { interval: 'month' } });
    expect(params.subscription_data.metadata).toEqual({ kind: 'donation', donation_id: donation.id });
    expect(donation).toMatchObject({ mode: 'monthly', amount_cents: 1000, status: 'open' });
  });

  it.each([
    ['4,99', 'below 5 €'],
    ['10000,01', 'above 10.000 €'],
    ['zehn', 'not an amount'],
    ['', 'empty'],
    ['25,999', 'three decimals'],
  ])('refuses the amount %s (%s) with a field error and makes no session', async (amount) => {
    const { status, body } = await start({ amount, mode: 'one_time' });
    expect(status).toBe(400);
    expect(body.error?.data.appCode).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.error?.data.fieldErrors ?? {})).toEqual(['amount']);
    expect(createRequests()).toHaveLength(0);
    expect(await app.db.selectFrom('donations').selectAll().execute()).toHaveLength(0);
  });

  it('accepts the limits themselves and German and English decimal notation', async () => {
    for (const [amount, cents] of [
      ['5', 500],
      ['10.000', 1_000_000],
      ['25.50', 2550],
      ['25,5', 2550],
    ] as const) {
      const sessionId = await startOk({ amount, mode: 'one_time' });
      expect((await donationOf(sessionId)).amount_cents).toBe(cents);
    }
  });

  it('answers PAYMENT_PROVIDER_UNAVAILABLE when Stripe fails, records nothing as paid, and the next click works', async () => {
    fake.inject({ method: 'POST', path: '/v1/checkout/sessions', status: 500, times: 3 });
    const down = await start({ amount: '25', mode: 'one_time' });
    expect(down.status).toBe(503);
    expect(down.body.error?.data.appCode).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    const rows = await app.db.selectFrom('donations').selectAll().execute();
    expect(rows.map((row) => row.status)).toEqual(['failed']);
    expect(await app.db.selectFrom('donation_payments').selectAll().execute()).toHaveLength(0);

    fake.inject({ method: 'POST', path: '/v1/checkout/sessions', action: 'reset', times: 5 });
    const reset = await start({ amount: '25', mode: 'one_time' });
    expect(reset.body.error?.data.appCode).toBe('PAYMENT_PROVIDER_UNAVAILABLE');

    fake.heal();
    const sessionId = await startOk({ amount: '25', mode: 'one_time' });
    expect((await donationOf(sessionId)).status).toBe('open');
    expect(await app.db.selectFrom('donation_payments').selectAll().execute()).toHaveLength(0);
  }, 30_000);

  it('answers DONATIONS_OFFLINE without a Stripe key and records nothing', async () => {
    await app.close();
    app = await startTestApp();
    const { status, body } = await start({ amount: '25', mode: 'one_time' });
    expect(status).toBe(409);
    expect(body.error?.data.appCode).toBe('DONATIONS_OFFLINE');
    expect(await app.db.selectFrom('donations').selectAll().execute()).toHaveLength(0);
    const config = await trpcQuery(app.url, 'site.config');
    expect(config.body.result?.data).toMatchObject({ donationsOnline: false });
  });
});

describe('one-time donations', () => {
  it('25 € by card: paid once, one payment, one thank-you with the simplified receipt in the donor’s language', async () => {
    const sessionId = await startOk({ amount: '25', mode: 'one_time', name: 'Erika' });
    await fake.complete(sessionId, { method: 'card' });

    const donation = await donationOf(sessionId);
    expect(donation.status).toBe('paid');
    expect(donation.confirmed_at).not.toBeNull();
    expect(donation.stripe_payment_intent_id).toMatch(/^pi_/);
    const payments = await paymentsOf(donation.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ status: 'paid', amount_cents: 2500, currency: 'eur' });

    const mails = await thanksMails();
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.to).toBe('spender@example.org');
    expect(mail?.priority).toBe(0);
    expect(mail?.subject).toBe('Vielen Dank für Ihre Spende');
    expect(mail?.text).toContain('Hallo Erika,');
    expect(mail?.text).toContain(formatCents(2500));
    const date = new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'Europe/Berlin' }).format(
      new Date(payments[0]?.paid_at ?? ''),
    );
    expect(mail?.text).toContain(date);
    expect(mail?.text).toContain('Vereinfachter Zuwendungsnachweis');
    expect(mail?.text).toContain('Finanzamt Köln-Mitte');
    expect(mail?.text).toContain('30. Juni 2025');
    expect(mail?.text).toContain('Förderung der Bildung');
    expect(mail?.text).toContain('nicht um einen Mitgliedsbeitrag');
    expect(mail?.text).not.toContain('/spenden/verwalten');
    // The footer every mail has.
    expect(mail?.text).toContain('/impressum?lang=de');

    const status = await trpcQuery(app.url, 'donations.status', { sessionId });
    expect(status.body.result?.data).toEqual({ state: 'received', amountCents: 2500, mode: 'one_time' });
  });

  it('writes the thank-you in the donor’s language', async () => {
    const sessionId = await startOk({ amount: '25', mode: 'one_time', locale: 'en' });
    await fake.complete(sessionId, { method: 'card' });
    const [mail] = await thanksMails();
    expect(mail?.html).toContain('<html lang="en">');
    expect(mail?.text).toContain('/datenschutz?lang=en');
    const [payment] = await paymentsOf((await donationOf(sessionId)).id);
    const date = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/Berlin' }).format(
      new Date(payment?.paid_at ?? ''),
    );
    expect(mail?.text).toContain(date);
  });

  it('400 €: the thank-you says a formal receipt follows instead of the simplified one', async () => {
    const sessionId = await startOk({ amount: '400', mode: 'one_time' });
    await fake.complete(sessionId, { method: 'card' });
    const [mail] = await thanksMails();
    expect(mail?.text).toContain(formatCents(40_000));
    expect(mail?.text).toContain('Zuwendungsbestätigung nach amtlichem Muster');
    expect(mail?.text).not.toContain('Vereinfachter Zuwendungsnachweis');
  });

  it('SEPA: pending until the debit succeeds, then paid with one mail; a failed debit sends no thanks but says it failed', async () => {
    const sessionId = await startOk({ amount: '50', mode: 'one_time' });
    await fake.complete(sessionId, { method: 'sepa_debit', outcome: 'succeeded', settle: 'later' });
    expect((await donationOf(sessionId)).status).toBe('pending');
    expect(await thanksMails()).toHaveLength(0);
    expect((await trpcQuery(app.url, 'donations.status', { sessionId })).body.result?.data).toMatchObject({ state: 'pending' });
    await fake.settle(sessionId);
    expect((await donationOf(sessionId)).status).toBe('paid');
    expect(await thanksMails()).toHaveLength(1);

    const failing = await startOk({ amount: '50', mode: 'one_time' });
    await fake.complete(failing, { method: 'sepa_debit', outcome: 'failed' });
    const failed = await donationOf(failing);
    expect(failed.status).toBe('failed');
    expect(await paymentsOf(failed.id)).toHaveLength(0);
    expect(await thanksMails()).toHaveLength(1);
    // The thank-you page promised a mail: the donor hears that nothing was taken, and where to give again.
    const [notice, ...more] = await failedMails();
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ to: failed.donor_email, subject: 'Ihre Spende konnte nicht eingezogen werden' });
    expect(notice?.text).toContain(`Ihre Spende über ${formatCents(5000)} an SchoolBox e.V. nicht per Lastschrift eingezogen werden`);
    expect(notice?.text).toMatch(/^Hallo,$/m);
    expect(notice?.text).toMatch(/\/spenden\b/);
  });

  it('an expired session becomes expired, with no payment and no mail', async () => {
    const sessionId = await startOk({ amount: '25', mode: 'one_time' });
    await fake.expire(sessionId);
    const donation = await donationOf(sessionId);
    expect(donation.status).toBe('expired');
    expect(await paymentsOf(donation.id)).toHaveLength(0);
    expect(await thanksMails()).toHaveLength(0);
    expect((await trpcQuery(app.url, 'donations.status', { sessionId })).body.result?.data).toMatchObject({ state: 'failed' });
  });

  it('a refund marks the payment and the gift refunded', async () => {
    const sessionId = await startOk({ amount: '25', mode: 'one_time' });
    await fake.complete(sessionId, { method: 'card' });
    const donation = await donationOf(sessionId);
    await fake.refund(donation.stripe_payment_intent_id as string);
    await fake.idle();
    expect((await donationOf(sessionId)).status).toBe('refunded');
    expect((await paymentsOf(donation.id)).map((p) => p.status)).toEqual(['refunded']);
    // Made in Stripe's dashboard, it is in the audit trail as the system's, like an order's refund.
    const audit = await app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_email', 'object_id'])
      .where('action', '=', 'donation.refunded')
      .execute();
    expect(audit).toEqual([{ action: 'donation.refunded', actor_email: 'system', object_id: donation.id }]);
  });

  it('a refund in part keeps the gift paid with what went back, each new figure once in the trail; the rest refunded ends it refunded', async () => {
    const sessionId = await startOk({ amount: '25', mode: 'one_time' });
    await fake.complete(sessionId, { method: 'card' });
    const donation = await donationOf(sessionId);
    const intentId = donation.stripe_payment_intent_id as string;
    const chargeId = fake.object(intentId)?.latest_charge as string;
    expect(chargeId).toMatch(/^ch_/);
    // The charge is recorded with the payment (Stripe's payout reports name charges), not only with a refund.
    expect(await paymentsOf(donation.id)).toMatchObject([{ status: 'paid', refunded_cents: 0, stripe_charge_id: chargeId }]);
    const trail = async () =>
      (
        await app.db
          .selectFrom('audit_log')
          .select(['action', 'actor_email', 'object_id', 'detail'])
          .where('object_type', '=', 'donation')
          .execute()
      )
        .map((entry) => ({ ...entry, detail: JSON.parse(entry.detail) as { amountCents: number } }))
        .sort((a, b) => a.detail.amountCents - b.detail.amountCents || a.action.localeCompare(b.action));

    // €10 of €25 back, in Stripe's dashboard: the gift stays paid; what went back is kept with the payment.
    await fake.refund(intentId, 1000);
    await fake.idle();
    const firstEvent = fake.events().find((e) => e.type === 'charge.refunded');
    expect((await donationOf(sessionId)).status).toBe('paid');
    expect(await paymentsOf(donation.id)).toMatchObject([{ status: 'paid', amount_cents: 2500, refunded_cents: 1000 }]);
    // Another €5: Stripe's figure counts both.
    await fake.refund(intentId, 500);
    await fake.idle();
    expect(await paymentsOf(donation.id)).toMatchObject([{ status: 'paid', refunded_cents: 1500 }]);
    // The first event again, late and under a new id (Stripe may send one so): its smaller figure changes nothing.
    await deliverAsNewEvent(firstEvent as Record<string, unknown>);
    expect(await paymentsOf(donation.id)).toMatchObject([{ status: 'paid', refunded_cents: 1500 }]);
    expect(await trail()).toEqual([
      {
        action: 'donation.partly_refunded',
        actor_email: 'system',
        object_id: donation.id,
        detail: expect.objectContaining({ chargeId, amountCents: 1000 }),
      },
      {
        action: 'donation.partly_refunded',
        actor_email: 'system',
        object_id: donation.id,
        detail: expect.objectContaining({ chargeId, amountCents: 1500 }),
      },
    ]);

    // The remaining €10: refunded in full, as before.
    await fake.refund(intentId);
    await fake.idle();
    expect((await donationOf(sessionId)).status).toBe('refunded');
    expect(await paymentsOf(donation.id)).toMatchObject([{ status: 'refunded', refunded_cents: 2500 }]);
    expect((await trail()).map((entry) => [entry.action, entry.detail.amountCents])).toEqual([
      ['donation.partly_refunded', 1000],
      ['donation.partly_refunded', 1500],
      ['donation.refunded', 2500],
    ]);
  });
});

describe('exactly once', () => {
  it('the same events delivered twice and then replayed ten times are recorded once', async () => {
    fake.configure({ duplicate: true });
    const sessionId = await startOk({ amount: '25', mode: 'one_time' });
    await fake.complete(sessionId, { method: 'card' });
    const completed = fake.events().filter((e) => e.type === 'checkout.session.completed');
    expect(completed).toHaveLength(1);
    for (let i = 0; i < 10; i++) await fake.redeliver(completed[0]?.id);
    expect(fake.deliveries().filter((d) => d.eventId === completed[0]?.id && d.ok)).toHaveLength(12);

    const donation = await donationOf(sessionId);
    expect(donation.status).toBe('paid');
    expect(await paymentsOf(donation.id)).toHaveLength(1);
    expect(await thanksMails()).toHaveLength(1);
  });

  it('distinct events about the same payment (new ids, same objects) record it once and mail once', async () => {
    const sessionId = await startOk({ amount: '25', mode: 'one_time' });
    await fake.complete(sessionId, { method: 'sepa_debit', outcome: 'succeeded' });
    const monthly = await startOk({ amount: '10', mode: 'monthly' });
    await fake.complete(monthly, { method: 'card' });
    for (const event of fake.events()) {
      for (let i = 0; i < 3; i++) await deliverAsNewEvent(event);
    }
    const gift = await donationOf(sessionId);
    const pledge = await donationOf(monthly);
    expect([gift.status, pledge.status]).toEqual(['paid', 'active']);
    expect(await paymentsOf(gift.id)).toHaveLength(1);
    expect(await paymentsOf(pledge.id)).toHaveLength(1);
    expect(await thanksMails()).toHaveLength(2);
  });

  it('monthly by card with invoice.paid before checkout.session.completed: active, one payment, one mail', async () => {
    fake.configure({ shuffle: true });
    const sessionId = await startOk({ amount: '10', mode: 'monthly' });
    await fake.complete(sessionId, { method: 'card' });
    const order = fake.deliveries().map((d) => d.type);
    expect(order.indexOf('invoice.paid')).toBeLessThan(order.indexOf('checkout.session.completed'));

    const donation = await donationOf(sessionId);
    expect(donation.status).toBe('active');
    expect(donation.stripe_subscription_id).toMatch(/^sub_/);
    expect(donation.stripe_customer_id).toMatch(/^cus_/);
    expect(await paymentsOf(donation.id)).toHaveLength(1);
    expect(await thanksMails()).toHaveLength(1);
  });

  it('an event of a session we did not create is acknowledged and changes nothing', async () => {
    const sessionId = await startOk({ amount: '25', mode: 'one_time' });
    await app.db.deleteFrom('donations').execute();
    await fake.complete(sessionId, { method: 'card' });
    expect(fake.deliveries().every((d) => d.ok)).toBe(true);
    expect(await app.db.selectFrom('donation_payments').selectAll().execute()).toHaveLength(0);
    expect(await thanksMails()).toHaveLength(0);
  });
});

describe('monthly donations', () => {
  it('10 € by SEPA: pending, active once the first debit is in, a mail per payment with the manage link', async () => {
    const sessionId = await startOk({ amount: '10', mode: 'monthly' });
    await fake.complete(sessionId, { method: 'sepa_debit', outcome: 'succeeded', settle: 'later' });
    let donation = await donationOf(sessionId);
    expect(donation.status).toBe('pending');
    expect(await thanksMails()).toHaveLength(0);

    await fake.settle(sessionId);
    donation = await donationOf(sessionId);
    expect(donation.status).toBe('active');
    expect(await paymentsOf(donation.id)).toHaveLength(1);
    const [first] = await thanksMails();
    expect(first?.text).toContain(formatCents(1000));
    expect(first?.text).toContain('Vereinfachter Zuwendungsnachweis');
    const manageUrl = /(http:\/\/\S+\/spenden\/verwalten\?token=\S+)/.exec(first?.text ?? '')?.[1];
    expect(manageUrl).toBeDefined();

    await fake.cycle(donation.stripe_subscription_id as string, 'paid');
    const payments = await paymentsOf(donation.id);
    expect(payments).toHaveLength(2);
    expect(new Set(payments.map((p) => p.stripe_invoice_id)).size).toBe(2);
    expect(await thanksMails()).toHaveLength(2);

    // The manage link leads to a fresh customer portal session for this donor.
    const opened = await fetch(manageUrl as string, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`${fake.url}/portal/${donation.stripe_customer_id}`);
    const portal = fake.requests().find((r) => r.path === '/v1/billing_portal/sessions');
    expect(portal?.params.customer).toBe(donation.stripe_customer_id);
  });

  const portalRequests = () => fake.requests().filter((r) => r.path === '/v1/billing_portal/sessions');
  const DAY_MS = 24 * 60 * 60_000;

  it('a tampered, foreign or old-format manage token leads to the donation page saying it is invalid, and opens no portal', async () => {
    const sessionId = await startOk({ amount: '10', mode: 'monthly' });
    await fake.complete(sessionId, { method: 'card' });
    const donation = await donationOf(sessionId);
    const now = app.clock.now();
    const good = signManageToken(FAKE_STRIPE_WEBHOOK_SECRET, donation.id, now);
    const tampered = `${good.slice(0, -2)}${good.endsWith('AA') ? 'BB' : 'AA'}`;
    const foreign = signManageToken('whsec_someone_else', donation.id, now);
    // Another issue time under the same signature (a stranger making an old link young again).
    const [id, issued, signature] = good.split('.');
    const redated = `${id}.${Number(issued) + DAY_MS / 1000}.${signature}`;
    // The links of the mails before the link expired: `<id>.<signature>` under the v1 key.
    const v1Key = createHmac('sha256', FAKE_STRIPE_WEBHOOK_SECRET).update('schoolbox donation manage link v1').digest();
    const oldFormat = `${Buffer.from(donation.id).toString('base64url')}.${createHmac('sha256', v1Key).update(`donation-manage:${donation.id}`).digest('base64url')}`;
    for (const token of [tampered, foreign, redated, oldFormat, 'nonsense', '']) {
      const response = await app.request(`/spenden/verwalten?token=${encodeURIComponent(token)}`, { redirect: 'manual' });
      expect(response.status, token).toBe(303);
      expect(response.headers.get('location'), token).toBe(`${app.url}/spenden?verwalten=invalid`);
    }
    // In the link's language.
    const french = await app.request(`/spenden/verwalten?token=${encodeURIComponent(oldFormat)}&lang=fr`, { redirect: 'manual' });
    expect(french.headers.get('location')).toBe(`${app.url}/spenden?verwalten=invalid&lang=fr`);
    expect(portalRequests()).toHaveLength(0);
    const ok = await app.request(`/spenden/verwalten?token=${good}`, { redirect: 'manual' });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe(`${fake.url}/portal/${donation.stripe_customer_id}`);
  });

  it(`the mail's manage link works for ${DONATION_MANAGE_LINK_LIFETIME_DAYS} days, then leads to the donation page saying it expired`, async () => {
    expect(DONATION_MANAGE_LINK_LIFETIME_DAYS).toBe(62);
    const sessionId = await startOk({ amount: '10', mode: 'monthly', locale: 'de' });
    await fake.complete(sessionId, { method: 'card' });
    const [mail] = await thanksMails();
    const manageUrl = /(http:\/\/\S+\/spenden\/verwalten\?token=\S+)/.exec(mail?.text ?? '')?.[1] as string;
    expect(manageUrl).toContain('lang=de');
    expect(mail?.text).toContain('Der Link gilt 62 Tage');

    app.clock.advance(61 * DAY_MS);
    const young = await fetch(manageUrl, { redirect: 'manual' });
    expect(young.status).toBe(303);
    expect(young.headers.get('location')).toContain('/portal/');
    expect(portalRequests()).toHaveLength(1);

    app.clock.advance(2 * DAY_MS);
    const old = await fetch(manageUrl, { redirect: 'manual' });
    expect(old.status).toBe(303);
    expect(old.headers.get('location')).toBe(`${app.url}/spenden?verwalten=expired&lang=de`);
    expect(portalRequests()).toHaveLength(1);
    expect(app.logs.some((line) => line.msg === 'donation manage link refused: expired')).toBe(true);
  });

  it('a link of no running pledge says so, and a portal Stripe refuses says it cannot open it, in the link’s language', async () => {
    const now = app.clock.now();
    const unknown = await app.request(
      `/spenden/verwalten?token=${signManageToken(FAKE_STRIPE_WEBHOOK_SECRET, 'no-such-donation', now)}&lang=de`,
      {
        redirect: 'manual',
      },
    );
    expect(unknown.status).toBe(303);
    expect(unknown.headers.get('location')).toBe(`${app.url}/spenden?verwalten=unknown&lang=de`);

    const sessionId = await startOk({ amount: '10', mode: 'monthly', locale: 'fr' });
    await fake.complete(sessionId, { method: 'card' });
    const donation = await donationOf(sessionId);
    fake.configure({ portalConfigured: false });
    const refused = await app.request(`/spenden/verwalten?token=${signManageToken(FAKE_STRIPE_WEBHOOK_SECRET, donation.id, now)}`, {
      redirect: 'manual',
    });
    expect(refused.status).toBe(303);
    // No language in the link: the donor's.
    expect(refused.headers.get('location')).toBe(`${app.url}/spenden?verwalten=unavailable&lang=fr`);
  });

  it('a pledge whose first SEPA debit fails never starts, and the donor is told once', async () => {
    const sessionId = await startOk({ amount: '10', mode: 'monthly' });
    await fake.complete(sessionId, { method: 'sepa_debit', outcome: 'failed' });
    expect((await donationOf(sessionId)).status).toBe('failed');
    expect(await thanksMails()).toHaveLength(0);
    const notices = await failedMails();
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain('sonst kommt die monatliche Spende nicht zustande');
  });

  it('a failed month is recorded as a failed payment and the pledge stays active; cancelling ends it', async () => {
    const sessionId = await startOk({ amount: '10', mode: 'monthly' });
    await fake.complete(sessionId, { method: 'card' });
    const donation = await donationOf(sessionId);
    await fake.cycle(donation.stripe_subscription_id as string, 'failed');
    expect((await paymentsOf(donation.id)).map((p) => p.status)).toEqual(['paid', 'failed']);
    expect((await donationOf(sessionId)).status).toBe('active');
    expect(await thanksMails()).toHaveLength(1);
    // A later month: Stripe retries it; the pledge goes on, and the donor gets no failure notice from us.
    expect(await failedMails()).toHaveLength(0);

    await fake.cancelSubscription(donation.stripe_subscription_id as string);
    expect((await donationOf(sessionId)).status).toBe('cancelled');
  });
});

describe('donations.status', () => {
  it('reads amount and mode from the server’s row only, and says unknown for a session it does not know', async () => {
    const sessionId = await startOk({ amount: '25', mode: 'one_time' });
    const open = await trpcQuery(app.url, 'donations.status', { sessionId, amountCents: 1, state: 'received' });
    expect(open.body.result?.data).toEqual({ state: 'open', amountCents: 2500, mode: 'one_time' });
    const unknown = await trpcQuery(app.url, 'donations.status', { sessionId: 'cs_test_not_ours' });
    expect(unknown.body.result?.data).toEqual({ state: 'unknown', amountCents: null, mode: null });
  });

  it('before the webhook arrives, asks Stripe once and records its answer as the webhook would (donations-lost-webhook.test.ts)', async () => {
    fake.configure({ webhookUrl: null });
    const sessionId = await startOk({ amount: '25', mode: 'one_time' });
    await fake.complete(sessionId, { method: 'card' });
    const status = await trpcQuery(app.url, 'donations.status', { sessionId });
    expect(status.body.result?.data).toEqual({ state: 'received', amountCents: 2500, mode: 'one_time' });
    expect((await donationOf(sessionId)).status).toBe('paid');
    expect(await thanksMails()).toHaveLength(1);
    // Without its charge, which the session does not name: the donor is not kept waiting for a second question.
    const donation = await donationOf(sessionId);
    const intentId = donation.stripe_payment_intent_id as string;
    expect(await paymentsOf(donation.id)).toMatchObject([{ stripe_charge_id: null }]);
    expect(fake.requests().filter((r) => r.method === 'GET' && r.path.startsWith('/v1/payment_intents/'))).toHaveLength(0);
    // Recorded: the next poll reads the row.
    await trpcQuery(app.url, 'donations.status', { sessionId });
    expect(fake.requests().filter((r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${sessionId}`)).toHaveLength(1);
    // The webhook comes late, and nobody waits on it: it asks for the charge and fills it in, without a second thank-you.
    const completed = fake.events().find((e) => e.type === 'checkout.session.completed');
    await deliverAsNewEvent(completed as Record<string, unknown>);
    expect(await paymentsOf(donation.id)).toMatchObject([{ status: 'paid', stripe_charge_id: fake.object(intentId)?.latest_charge }]);
    expect(await thanksMails()).toHaveLength(1);
  });
});

describe('the pages', () => {
  const html = async (path: string) => {
    const response = await app.request(path);
    expect(response.status, path).toBe(200);
    return response.text();
  };

  it('/spenden renders the presets, the form with the prefilled amount and the donate button when Stripe is on', async () => {
    const page = textOf(await html('/spenden?amount=10000&mode=monthly'));
    for (const preset of ['25 €', '100 €', '500 €', '2.500 €']) expect(page).toContain(preset);
    expect(page).toContain('Monatlich spenden');
    expect(await html('/spenden?amount=10000&mode=monthly')).toMatch(
      /data-testid="donation-amount"[^>]*value="100"|value="100"[^>]*data-testid="donation-amount"/,
    );
    expect(page).toContain('Datenschutzerklärung');
  });

  it('/spenden without Stripe shows the bank details with a reference, or says online donations are not set up', async () => {
    await app.close();
    app = await startTestApp({ DONATION_IBAN: 'DE89370400440532013000', DONATION_ACCOUNT_HOLDER: 'SchoolBox e.V.' });
    const bankPage = await html('/spenden?amount=2500');
    const withBank = textOf(bankPage);
    expect(withBank).toContain('DE89 3704 0044 0532 0130 00');
    expect(bankPage).toContain('data-testid="donation-mode"');
    expect(withBank).toContain('Spende SchoolBox 25,00 €');
    expect(withBank).not.toContain('Jetzt spenden');

    await app.close();
    app = await startTestApp();
    const withoutPage = await html('/spenden');
    const without = textOf(withoutPage);
    expect(without).toContain('Online-Spenden sind noch nicht eingerichtet');
    // Nothing to choose: no one-time/monthly switch above the notice.
    expect(withoutPage).not.toContain('data-testid="donation-mode"');
    expect(without).not.toContain('Jetzt spenden');
  });

  it('/spenden?verwalten=<reason> says above the form, in the page’s language, why the manage link did not open; another value shows nothing', async () => {
    const expired = await html('/spenden?verwalten=expired');
    expect(expired).toContain('data-testid="donation-manage-notice"');
    expect(textOf(expired)).toContain(
      'Dieser Link zum Verwalten Ihrer monatlichen Spende ist abgelaufen. Den aktuellen Link finden Sie in Ihrer letzten Dankes-E-Mail; oder schreiben Sie uns an hallo@schoolbox.example',
    );
    expect(expired).toContain('href="mailto:hallo@schoolbox.example"');
    // Above the form.
    expect(expired.indexOf('data-testid="donation-manage-notice"')).toBeLessThan(expired.indexOf('data-testid="donation-amount"'));
    expect(textOf(await html('/spenden?verwalten=invalid'))).toContain('Dieser Link ist ungültig.');
    expect(textOf(await html('/spenden?verwalten=unknown'))).toContain('Zu diesem Link gibt es keine laufende monatliche Spende (mehr).');
    // Most often the portal was never saved in Stripe's dashboard: "later" would not help; the team's address does.
    const unavailable = await html('/spenden?verwalten=unavailable&lang=de');
    expect(textOf(unavailable)).toContain(
      'Die Verwaltung Ihrer monatlichen Spende lässt sich gerade nicht öffnen. Schreiben Sie uns bitte an hallo@schoolbox.example',
    );
    expect(textOf(unavailable)).toContain(': Wir ändern oder beenden Ihre Spende dann für Sie.');
    expect(textOf(unavailable)).not.toContain('später');
    expect(unavailable).toContain('href="mailto:hallo@schoolbox.example"');

    const english = textOf(await html('/spenden?verwalten=expired&lang=en'));
    expect(english).toContain('This link to manage your monthly donation has expired.');
    expect(english).not.toContain('abgelaufen');

    for (const bogus of ['abgelaufen', 'EXPIRED', '', 'expired%20']) {
      const page = await html(`/spenden?verwalten=${bogus}`);
      expect(page, bogus).not.toContain('data-testid="donation-manage-notice"');
      expect(page, bogus).toContain('data-testid="donation-amount"');
    }
  });

  it('/support leads to /spenden: the donate buttons and each impact card with its amount', async () => {
    const page = await html('/support');
    for (const cents of [2500, 10_000, 50_000, 250_000]) expect(page).toContain(`href="/spenden?amount=${cents}"`);
    expect(page).toContain('href="/spenden"');
  });

  it('/spenden/danke is private and says what the server knows', async () => {
    const page = await html('/spenden/danke?session_id=cs_test_unknown');
    expect(page).toContain('noindex');
  });
});

describe('the formal receipt above the simplified-receipt limit', () => {
  const teamMails = () => app.db.selectFrom('outbox').selectAll().where('kind', '=', 'team_notice').orderBy('created_at').execute();
  const receiptOf = async (sessionId: string) => {
    const row = await donationOf(sessionId);
    return {
      name: row.receipt_name,
      line1: row.receipt_line1,
      line2: row.receipt_line2,
      postalCode: row.receipt_postal_code,
      city: row.receipt_city,
      country: row.receipt_country,
    };
  };
  const NO_ADDRESS = { name: null, line1: null, line2: null, postalCode: null, city: null, country: null };
  const KOELN = { name: 'Erika Mustermann', line1: 'Musterstraße 1', line2: null, postalCode: '50667', city: 'Köln', country: 'DE' };
  const retrieves = () => fake.requests().filter((r) => r.method === 'GET' && r.path.startsWith('/v1/checkout/sessions/'));

  it('Checkout requires the billing address only above the limit, a pledge by its monthly amount', async () => {
    const cases = [
      ['25', 'one_time', undefined],
      ['300', 'one_time', undefined],
      ['300,01', 'one_time', 'required'],
      ['500', 'one_time', 'required'],
      ['300', 'monthly', undefined],
      ['400', 'monthly', 'required'],
    ] as const;
    for (const [amount, mode] of cases) await startOk({ amount, mode });
    expect(createRequests().map((r) => r.params.billing_address_collection)).toEqual(cases.map(([, , expected]) => expected));
  });

  it('500 € by card without a name: the address is stored, the donor is told where the receipt goes, the team is told to issue it, once', async () => {
    const sessionId = await startOk({ amount: '500', mode: 'one_time' });
    await fake.complete(sessionId, { method: 'card' });

    expect(await receiptOf(sessionId)).toEqual(KOELN);
    const [thanks, ...moreThanks] = await thanksMails();
    expect(moreThanks).toHaveLength(0);
    expect(thanks?.text).toContain('an den Namen und die Anschrift, die Sie bei der Zahlung angegeben haben');
    expect(thanks?.text).not.toContain('Vereinfachter Zuwendungsnachweis');
    // The mail goes to an address nobody verified: it does not repeat the postal address.
    expect(thanks?.text).not.toContain('Musterstraße');
    expect(outgoingHeaders('donation_thanks', JSON.parse(thanks?.headers ?? '{}'), app.config.contactInbox)).toMatchObject({
      'Reply-To': app.config.contactInbox,
    });

    const [team, ...moreTeam] = await teamMails();
    expect(moreTeam).toHaveLength(0);
    expect(team?.to).toBe(app.config.contactInbox);
    expect(team?.subject).toBe(`Zuwendungsbestätigung ausstellen: Spende über ${formatCents(50_000)}`);
    const [payment] = await paymentsOf((await donationOf(sessionId)).id);
    const date = new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'Europe/Berlin' }).format(
      new Date(payment?.paid_at ?? ''),
    );
    for (const fact of [
      `Betrag: ${formatCents(50_000)}`,
      `Datum: ${date}`,
      'Art: Einmalige Spende',
      'Name: Erika Mustermann',
      'E-Mail: spender@example.org',
      'Anschrift:\nMusterstraße 1\n50667 Köln\nDeutschland',
      '/donations-admin?month=',
    ])
      expect(team?.text).toContain(fact);
    expect(team?.text).not.toContain('keine vollständige Anschrift');

    // The same payment told again (a distinct event): no second mail to anyone.
    for (const event of fake.events()) await deliverAsNewEvent(event);
    expect(await thanksMails()).toHaveLength(1);
    expect(await teamMails()).toHaveLength(1);
  });

  it('up to the limit nothing of what Stripe collected is kept and the team gets no mail', async () => {
    for (const amount of ['25', '300']) {
      const sessionId = await startOk({ amount, mode: 'one_time' });
      await fake.complete(sessionId, { method: 'card' });
      expect(await receiptOf(sessionId)).toEqual(NO_ADDRESS);
    }
    expect(await thanksMails()).toHaveLength(2);
    expect(await teamMails()).toHaveLength(0);
  });

  it('300,01 € in English without a name and no address from Stripe: the limit is written like the amount, the donor is asked to reply, the team told it is missing', async () => {
    const sessionId = await startOk({ amount: '300,01', mode: 'one_time', locale: 'en' });
    await fake.complete(sessionId, { method: 'card', name: '', address: null });

    expect(await receiptOf(sessionId)).toEqual(NO_ADDRESS);
    const [thanks] = await thanksMails();
    expect(thanks?.text).toContain(formatCents(30_001));
    // "Amount: 300,01 €" beside a limit in the same format, not "€300".
    expect(thanks?.text).toContain(formatCents(30_000));
    expect(thanks?.text).not.toContain('€300');
    expect(thanks?.text).not.toContain('an den Namen und die Anschrift, die Sie bei der Zahlung angegeben haben');
    expect(outgoingHeaders('donation_thanks', JSON.parse(thanks?.headers ?? '{}'), app.config.contactInbox)).toMatchObject({
      'Reply-To': app.config.contactInbox,
    });
    const [team] = await teamMails();
    expect(team?.text).toContain('Name: –');
    expect(team?.text).toContain('Anschrift: –');
    expect(team?.text).toContain('Stripe hat keine vollständige Anschrift übermittelt.');
  });

  it('the German thank-you without an address asks for it by reply', async () => {
    const sessionId = await startOk({ amount: '400', mode: 'one_time', name: 'Erika' });
    await fake.complete(sessionId, { method: 'card', address: null });
    const [thanks] = await thanksMails();
    expect(thanks?.text).toContain('Bitte antworten Sie auf diese E-Mail und nennen Sie uns beides.');
    expect(thanks?.text).not.toContain('Sie müssen dafür nichts tun');
    // Stripe's name without an address is kept; the receipt still lacks where to go.
    expect(await receiptOf(sessionId)).toEqual({ ...NO_ADDRESS, name: 'Erika Mustermann' });
  });

  it('SEPA above the limit: the address is kept once the debit succeeds, a failed one keeps none', async () => {
    const good = await startOk({ amount: '1000', mode: 'one_time' });
    await fake.complete(good, { method: 'sepa_debit', outcome: 'succeeded', settle: 'later' });
    expect(await receiptOf(good)).toEqual(NO_ADDRESS);
    expect(await teamMails()).toHaveLength(0);
    await fake.settle(good);
    expect(await receiptOf(good)).toEqual(KOELN);
    expect(await teamMails()).toHaveLength(1);

    const bad = await startOk({ amount: '1000', mode: 'one_time' });
    await fake.complete(bad, { method: 'sepa_debit', outcome: 'failed' });
    expect(await receiptOf(bad)).toEqual(NO_ADDRESS);
    expect(await teamMails()).toHaveLength(1);
  });

  it('a monthly 400 € pledge whose invoice.paid comes first: the address is read from the session, and every month tells the team', async () => {
    fake.configure({ shuffle: true });
    const sessionId = await startOk({ amount: '400', mode: 'monthly', locale: 'fr' });
    await fake.complete(sessionId, { method: 'card' });
    const order = fake.deliveries().map((d) => d.type);
    expect(order.indexOf('invoice.paid')).toBeLessThan(order.indexOf('checkout.session.completed'));
    expect(await receiptOf(sessionId)).toEqual(KOELN);
    expect(retrieves()).toHaveLength(1);
    const [first] = await teamMails();
    expect(first?.text).toContain('Art: Monatliche Spende');
    expect(first?.text).toContain('Sammelbestätigung');
    expect(first?.text).toContain('Musterstraße 1');

    const donation = await donationOf(sessionId);
    await fake.cycle(donation.stripe_subscription_id as string, 'paid');
    expect(await teamMails()).toHaveLength(2);
    expect(await thanksMails()).toHaveLength(2);
    // The next month finds the stored address: Stripe is not asked again.
    expect(retrieves()).toHaveLength(1);
  });

  it('the session is asked of Stripe outside the event’s transaction: the database is not held while Stripe answers', async () => {
    fake.configure({ shuffle: true });
    const sessionId = await startOk({ amount: '400', mode: 'monthly' });
    const donation = await donationOf(sessionId);
    // Stripe takes its time with the session the invoice.paid handler asks for.
    fake.inject({ method: 'GET', path: '/v1/checkout/sessions/*', delayMs: 3000, times: 1 });
    const completing = fake.complete(sessionId, { method: 'card' });
    await vi.waitFor(() => expect(retrieves()).toHaveLength(1), { timeout: 10_000, interval: 10 });
    // A write meanwhile, to the very donation the event is about: inside the transaction it would wait
    // for Stripe (SQLite: every writer; PostgreSQL: the row the handler changed before asking).
    await app.db.updateTable('donations').set({ updated_at: donation.updated_at }).where('id', '=', donation.id).execute();
    // Done while Stripe has not answered yet (the fake records the status when it answers): inside the
    // transaction the write would have waited until after that answer. An order, not a time measured on a
    // busy machine.
    expect(retrieves().map((request) => request.status)).toEqual([0]);
    await completing;
    expect(await receiptOf(sessionId)).toEqual(KOELN);
    expect(await teamMails()).toHaveLength(1);
    expect(await thanksMails()).toHaveLength(1);
  });

  it('a pledge of 300 € a month needs no formal receipt: no address asked, kept or mailed', async () => {
    const sessionId = await startOk({ amount: '300', mode: 'monthly' });
    await fake.complete(sessionId, { method: 'card' });
    expect(await receiptOf(sessionId)).toEqual(NO_ADDRESS);
    expect(await teamMails()).toHaveLength(0);
    expect((await thanksMails())[0]?.text).toContain('Vereinfachter Zuwendungsnachweis');
  });

  it("the simplified receipt counts with the bank's booking confirmation, not a card statement; a card payer may ask for the formal one", async () => {
    const sessionId = await startOk({ amount: '25', mode: 'one_time' });
    await fake.complete(sessionId, { method: 'card' });
    const text = (await thanksMails())[0]?.text ?? '';
    // § 50 Abs. 4 EStDV names the bank's booking confirmation; whether a card statement counts is not settled (legal-de.md §5).
    expect(text).toContain('Zusammen mit der Buchungsbestätigung Ihrer Bank, zum Beispiel dem Kontoauszug, gilt diese E-Mail');
    expect(text).not.toContain('Kreditkarte');
    expect(text).toContain('Auf Wunsch stellen wir Ihnen eine Zuwendungsbestätigung nach amtlichem Muster aus');
  });

  it('an English or French thank-you carries the German simplified receipt below its own; a German one once', async () => {
    for (const locale of ['de', 'en', 'fr']) {
      const sessionId = await startOk({ amount: '25', mode: 'one_time', locale });
      await fake.complete(sessionId, { method: 'card' });
    }
    // Told apart by their own receipt's heading, not by order: three webhooks may finish in any order.
    const texts = (await thanksMails()).map((mail) => mail.text ?? '');
    expect(texts).toHaveLength(3);
    const en = texts.find((text) => text.includes('Simplified donation receipt'));
    const fr = texts.find((text) => text.includes('Justificatif de don simplifié'));
    const de = texts.find((text) => text !== en && text !== fr);
    const count = (text: string | undefined, part: string) => (text ?? '').split(part).length - 1;
    expect(count(de, 'Vereinfachter Zuwendungsnachweis (§ 50 Abs. 4 EStDV)')).toBe(1);
    expect(count(de, 'Es handelt sich um eine Spende, nicht um einen Mitgliedsbeitrag.')).toBe(1);
    for (const [text, own] of [
      [en, 'Simplified donation receipt'],
      [fr, 'Justificatif de don simplifié'],
    ] as const) {
      expect(count(text, 'Vereinfachter Zuwendungsnachweis (§ 50 Abs. 4 EStDV)'), own).toBe(1);
      expect(count(text, 'Es handelt sich um eine Spende, nicht um einen Mitgliedsbeitrag.'), own).toBe(1);
      expect(text?.indexOf(own), own).toBeGreaterThan(-1);
      // Below the translated one, with the German notice date.
      expect(text?.indexOf(own)).toBeLessThan(text?.indexOf('Vereinfachter Zuwendungsnachweis') ?? -1);
      expect(text).toContain('30. Juni 2025');
    }
  });

  it('/spenden says before paying that above the limit the payment page asks for the postal address, for the receipt', async () => {
    const response = await app.request('/spenden');
    const page = textOf(await response.text());
    expect(page).toContain('Für Spenden über 300 €');
    expect(page).toContain('fragt die Bezahlseite zusätzlich nach Ihrer Postanschrift');
    expect(page).toContain('Zuwendungsbestätigung');
  });
});
