import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createStripeClient } from '@server/payments/stripe-client';
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, type FakeStripe, startFakeStripe } from '../support/fake-stripe';

// The real `stripe` client against the fake (stripe-api.md §8): if the fake accepts what the SDK sends and
// the SDK accepts what the fake answers and signs, the app's code can be tested against it.

type Received = { body: string; signature: string };

let fake: FakeStripe;
let stripe: Stripe;
let receiver: Server;
let received: Received[] = [];
let receiverStatus = 200;

const donation = (amount = 2500): Stripe.Checkout.SessionCreateParams => ({
  mode: 'payment',
  submit_type: 'donate',
  locale: 'de',
  customer_email: 'spender@example.org',
  metadata: { kind: 'donation', donation_id: 'don_1' },
  line_items: [{ quantity: 1, price_data: { currency: 'eur', unit_amount: amount, product_data: { name: 'Spende' } } }],
  success_url: 'http://127.0.0.1/spenden/danke?session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'http://127.0.0.1/spenden',
});

const monthly = (amount = 1000): Stripe.Checkout.SessionCreateParams => ({
  mode: 'subscription',
  locale: 'fr',
  customer_email: 'spender@example.org',
  metadata: { kind: 'donation', donation_id: 'don_2' },
  subscription_data: { metadata: { kind: 'donation', donation_id: 'don_2' } },
  line_items: [
    {
      quantity: 1,
      price_data: { currency: 'eur', unit_amount: amount, recurring: { interval: 'month' }, product_data: { name: 'Monatliche Spende' } },
    },
  ],
  success_url: 'http://127.0.0.1/spenden/danke?session_id={CHECKOUT_SESSION_ID}',
});

/** The events the receiver got, verified with the SDK exactly as the app verifies them. */
const verifiedEvents = () => received.map((r) => stripe.webhooks.constructEvent(r.body, r.signature, FAKE_STRIPE_WEBHOOK_SECRET));

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers['stripe-signature'] ?? '') });
      res.writeHead(receiverStatus, { 'content-type': 'application/json' });
      res.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  fake = await startFakeStripe({ webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook` });
  stripe = createStripeClient({ secretKey: FAKE_STRIPE_SECRET_KEY, webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET, apiUrl: fake.url });
});

afterEach(async () => {
  await fake.idle();
  fake.reset();
  fake.configure({ delivery: 'inline', duplicate: false, shuffle: false, signature: 'valid', portalConfigured: true });
  received = [];
  receiverStatus = 200;
});

afterAll(async () => {
  await fake.close();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('the fake Stripe with the real client', () => {
  it('creates a payment-mode session and retrieves it with its line items', async () => {
    const session = await stripe.checkout.sessions.create(donation());
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 2500,
      currency: 'eur',
      submit_type: 'donate',
      locale: 'de',
      payment_intent: null,
      metadata: { kind: 'donation', donation_id: 'don_1' },
      success_url: 'http://127.0.0.1/spenden/danke?session_id={CHECKOUT_SESSION_ID}',
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${fake.url}/pay/${session.id}`);
    expect(session.lastResponse.requestId).toMatch(/^req_/);

    const again = await stripe.checkout.sessions.retrieve(session.id, { expand: ['line_items'] });
    expect(again.line_items?.data).toHaveLength(1);
    expect(again.line_items?.data[0]?.price).toMatchObject({ unit_amount: 2500, type: 'one_time' });
    expect(fake.requests().at(-1)).toMatchObject({ method: 'GET', params: { expand: ['line_items'] }, stripeVersion: Stripe.API_VERSION });
  });

  it('creates a subscription-mode session, and refuses each mode with the other kind of price', async () => {
    const session = await stripe.checkout.sessions.create(monthly());
    expect(session).toMatchObject({ mode: 'subscription', amount_total: 1000, customer_creation: null });

    const recurringInPayment = stripe.checkout.sessions.create({ ...monthly(), mode: 'payment', subscription_data: undefined });
    await expect(recurringInPayment).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'line_items' });
    await expect(stripe.checkout.sessions.create({ ...donation(), mode: 'subscription', submit_type: undefined })).rejects.toMatchObject({
      message: expect.stringContaining('at least one recurring price'),
    });
  });

  it('refuses payment_method_types (gone on the pinned API version) with its param', async () => {
    const params = { ...donation(), payment_method_types: ['card', 'sepa_debit'] } as Stripe.Checkout.SessionCreateParams;
    const error = await stripe.checkout.sessions.create(params).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ code: 'parameter_unknown', param: 'payment_method_types' });
  });

  it('validates amounts, locales, submit types, URLs and metadata', async () => {
    const cases: Array<[Stripe.Checkout.SessionCreateParams, string | undefined]> = [
      [donation(49), undefined],
      [{ ...donation(), locale: 'de-DE' as 'de' }, 'locale'],
      [{ ...donation(), submit_type: 'give' as 'donate' }, 'submit_type'],
      [{ ...donation(), success_url: '/spenden/danke' }, 'success_url'],
      [{ ...donation(), metadata: { ['k'.repeat(41)]: 'v' } }, `metadata[${'k'.repeat(41)}]`],
      [{ ...donation(), metadata: { note: 'v'.repeat(501) } }, 'metadata[note]'],
    ];
    for (const [params, param] of cases) {
      const error = await stripe.checkout.sessions.create(params).catch((e: unknown) => e);
      expect(error, JSON.stringify(params)).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect((error as Stripe.errors.StripeError).param).toBe(param);
    }
    expect(fake.sessions()).toHaveLength(0);
  });

  it('replays an idempotent create with the same session and no second object; other params under the key are refused', async () => {
    const first = await stripe.checkout.sessions.create(donation(), { idempotencyKey: 'donation-don_1' });
    const second = await stripe.checkout.sessions.create(donation(), { idempotencyKey: 'donation-don_1' });
    expect(second.id).toBe(first.id);
    expect(second.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(fake.sessions()).toHaveLength(1);
    await expect(stripe.checkout.sessions.create(donation(3000), { idempotencyKey: 'donation-don_1' })).rejects.toBeInstanceOf(
      Stripe.errors.StripeIdempotencyError,
    );
  });

  it('does not store a request refused by validation under its key', async () => {
    await expect(stripe.checkout.sessions.create(donation(10), { idempotencyKey: 'k1' })).rejects.toMatchObject({
      code: 'amount_too_small',
    });
    // The same key with fixed params executes.
    const session = await stripe.checkout.sessions.create(donation(), { idempotencyKey: 'k1' });
    expect(session.status).toBe('open');
  });

  it('an injected 500 is retried by the client with the same key, and the retry succeeds', async () => {
    fake.inject({ method: 'POST', path: '/v1/checkout/sessions', status: 500, times: 1 });
    const session = await stripe.checkout.sessions.create(donation());
    expect(session.status).toBe('open');
    const posts = fake.requests().filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.status)).toEqual([500, 200]);
    expect(posts[0]?.idempotencyKey).toBe(posts[1]?.idempotencyKey);
  });

  it('an injected 400 with a param surfaces as StripeInvalidRequestError with that param, after one attempt', async () => {
    const body = {
      error: {
        type: 'invalid_request_error',
        code: 'parameter_invalid_integer',
        message: 'Invalid integer: 25.5',
        param: 'line_items[0][price_data][unit_amount]',
      },
    };
    fake.inject({ path: '/v1/checkout/**', status: 400, body });
    const error = await stripe.checkout.sessions.create(donation()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ param: 'line_items[0][price_data][unit_amount]', code: 'parameter_invalid_integer', statusCode: 400 });
    expect(fake.requests()).toHaveLength(1);
  });

  it('refuses a wrong or live key with 401', async () => {
    const wrong = new Stripe('sk_test_other', { host: '127.0.0.1', port: fake.port, protocol: 'http', telemetry: false });
    await expect(wrong.checkout.sessions.create(donation())).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    const live = new Stripe('sk_live_other', { host: '127.0.0.1', port: fake.port, protocol: 'http', telemetry: false });
    await expect(live.checkout.sessions.create(donation())).rejects.toMatchObject({ message: expect.stringContaining('sk_live_****ther') });
  });

  it('completing a card donation emits checkout.session.completed, signed so that the SDK accepts it', async () => {
    const session = await stripe.checkout.sessions.create(donation());
    await fake.complete(session.id, { method: 'card' });
    const events = verifiedEvents();
    expect(events.map((e) => e.type)).toEqual(['checkout.session.completed']);
    const completed = events[0]?.data.object as Stripe.Checkout.Session;
    expect(completed).toMatchObject({ id: session.id, status: 'complete', payment_status: 'paid', amount_total: 2500 });
    expect(completed.customer_details?.email).toBe('spender@example.org');
    expect(completed.payment_intent).toMatch(/^pi_/);
    expect(fake.deliveries()).toMatchObject([{ type: 'checkout.session.completed', status: 200, ok: true }]);
    // The event is a snapshot: the session read now is the same, and an idempotent replay of the create sends no event.
    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe('paid');
  });

  it('fills the full billing address only where the session requires it, and refuses an unknown collection mode', async () => {
    const required = await stripe.checkout.sessions.create({ ...donation(50_000), billing_address_collection: 'required' });
    expect(required.billing_address_collection).toBe('required');
    const auto = await stripe.checkout.sessions.create(donation());
    expect(auto.billing_address_collection).toBeNull();
    const none = await stripe.checkout.sessions.create({ ...donation(50_000), billing_address_collection: 'required' });
    await fake.complete(required.id, { method: 'card' });
    await fake.complete(auto.id, { method: 'card' });
    await fake.complete(none.id, { method: 'card', address: null });
    const details = async (id: string) => (await stripe.checkout.sessions.retrieve(id)).customer_details;
    expect(await details(required.id)).toMatchObject({
      name: 'Erika Mustermann',
      address: { line1: 'Musterstraße 1', line2: null, postal_code: '50667', city: 'Köln', country: 'DE', state: null },
    });
    expect((await details(auto.id))?.address).toEqual({
      line1: null,
      line2: null,
      postal_code: null,
      city: null,
      country: 'DE',
      state: null,
    });
    expect((await details(none.id))?.address).toBeNull();
    const refused = stripe.checkout.sessions.create({ ...donation(), billing_address_collection: 'always' as 'required' });
    await expect(refused).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'billing_address_collection' });
  });

  it('an idempotent replay emits no second event', async () => {
    const session = await stripe.checkout.sessions.create(donation(), { idempotencyKey: 'x' });
    await stripe.checkout.sessions.expire(session.id, undefined, { idempotencyKey: 'expire-x' });
    await stripe.checkout.sessions.expire(session.id, undefined, { idempotencyKey: 'expire-x' });
    await fake.idle();
    expect(verifiedEvents().map((e) => e.type)).toEqual(['checkout.session.expired']);
    expect(fake.events()).toHaveLength(1);
  });

  it('SEPA: completed unpaid, then the async outcome; a monthly SEPA pledge also gets its invoice event', async () => {
    const once = await stripe.checkout.sessions.create(donation());
    await fake.complete(once.id, { method: 'sepa_debit', outcome: 'succeeded', settle: 'later' });
    expect(verifiedEvents().map((e) => [e.type, (e.data.object as Stripe.Checkout.Session).payment_status])).toEqual([
      ['checkout.session.completed', 'unpaid'],
    ]);
    await fake.settle(once.id);
    expect(verifiedEvents().map((e) => e.type)).toEqual(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

    received = [];
    const pledge = await stripe.checkout.sessions.create(monthly());
    await fake.complete(pledge.id, { method: 'sepa_debit', outcome: 'failed' });
    expect(verifiedEvents().map((e) => e.type)).toEqual([
      'checkout.session.completed',
      'invoice.payment_failed',
      'checkout.session.async_payment_failed',
    ]);
  });

  it('a monthly card pledge: completed + invoice.paid with the subscription in parent, then cycles, cancel and portal', async () => {
    const session = await stripe.checkout.sessions.create(monthly());
    const completed = await fake.complete(session.id, { method: 'card' });
    const [done, paid] = verifiedEvents();
    expect(done?.type).toBe('checkout.session.completed');
    expect(paid?.type).toBe('invoice.paid');
    const invoice = paid?.data.object as Stripe.Invoice;
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_paid: 1000,
      billing_reason: 'subscription_create',
      customer: completed.customer,
    });
    expect(invoice.parent?.subscription_details).toMatchObject({
      subscription: completed.subscription,
      metadata: { kind: 'donation', donation_id: 'don_2' },
    });
    expect(invoice.payments?.data[0]?.payment.payment_intent).toMatch(/^pi_/);

    received = [];
    await fake.cycle(completed.subscription, 'paid');
    await fake.cycle(completed.subscription, 'failed');
    await fake.cancelSubscription(completed.subscription);
    expect(verifiedEvents().map((e) => [e.type, (e.data.object as { billing_reason?: string }).billing_reason])).toEqual([
      ['invoice.paid', 'subscription_cycle'],
      ['invoice.payment_failed', 'subscription_cycle'],
      ['customer.subscription.deleted', undefined],
    ]);

    const portal = await stripe.billingPortal.sessions.create({ customer: completed.customer, return_url: 'http://127.0.0.1/spenden' });
    expect(portal.url).toContain(completed.customer);
    fake.configure({ portalConfigured: false });
    await expect(stripe.billingPortal.sessions.create({ customer: completed.customer })).rejects.toMatchObject({
      message: expect.stringContaining('No configuration provided'),
    });
  });

  it('refunds emit charge.refunded; a second full refund is refused', async () => {
    const session = await stripe.checkout.sessions.create(donation());
    const completed = await fake.complete(session.id, { method: 'card' });
    received = [];
    const refund = await stripe.refunds.create({ payment_intent: completed.payment_intent });
    await fake.idle();
    expect(refund).toMatchObject({ amount: 2500, status: 'succeeded', payment_intent: completed.payment_intent });
    const charge = verifiedEvents().find((e) => e.type === 'charge.refunded')?.data.object as Stripe.Charge;
    expect(charge).toMatchObject({ amount_refunded: 2500, refunded: true, payment_intent: completed.payment_intent });
    await expect(stripe.refunds.create({ payment_intent: completed.payment_intent })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
  });

  it('switches: duplicate, out of order, queued; stale and wrong-secret signatures are refused by the SDK', async () => {
    fake.configure({ duplicate: true, shuffle: true, delivery: 'queued' });
    const session = await stripe.checkout.sessions.create(monthly());
    await fake.complete(session.id, { method: 'card' });
    expect(received).toHaveLength(0);
    await fake.flush();
    const types = verifiedEvents().map((e) => e.type);
    expect(types).toEqual(['invoice.paid', 'invoice.paid', 'checkout.session.completed', 'checkout.session.completed']);
    const ids = verifiedEvents().map((e) => e.id);
    expect(ids[0]).toBe(ids[1]);

    for (const signature of ['stale', 'wrong_secret'] as const) {
      received = [];
      fake.configure({ duplicate: false, shuffle: false, delivery: 'inline', signature });
      const other = await stripe.checkout.sessions.create(donation());
      await fake.expire(other.id);
      expect(() => verifiedEvents()).toThrow(Stripe.errors.StripeSignatureVerificationError);
    }
  });

  it('redelivers an event with the same id and a fresh signature, and records each attempt', async () => {
    receiverStatus = 500;
    const session = await stripe.checkout.sessions.create(donation());
    await fake.expire(session.id);
    receiverStatus = 200;
    const [event] = fake.events();
    await fake.redeliver(event?.id);
    expect(fake.deliveries().map((d) => [d.eventId, d.attempt, d.status, d.ok])).toEqual([
      [event?.id, 1, 500, false],
      [event?.id, 2, 200, true],
    ]);
    expect(new Set(verifiedEvents().map((e) => e.id)).size).toBe(1);
  });

  it('the hosted page pays and redirects to success_url with the session id, or back to cancel_url', async () => {
    const session = await stripe.checkout.sessions.create(donation());
    const page = await fetch(session.url as string);
    const html = await page.text();
    expect(html).toContain('Pay with card');
    expect(html).toContain('25.00 EUR');
    const cancel = await fetch(session.url as string, { method: 'POST', body: 'action=cancel', redirect: 'manual' });
    expect(cancel.headers.get('location')).toBe('http://127.0.0.1/spenden');
    const pay = await fetch(session.url as string, { method: 'POST', body: 'action=card', redirect: 'manual' });
    expect(pay.status).toBe(303);
    expect(pay.headers.get('location')).toBe(`http://127.0.0.1/spenden/danke?session_id=${session.id}`);
    expect(verifiedEvents().map((e) => e.type)).toEqual(['checkout.session.completed']);
  });
});
