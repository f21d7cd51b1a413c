/**
 * POST /api/stripe/webhook over real HTTP (ADR 030): only a correctly signed, fresh event is read; each
 * event id is recorded once, in the transaction of its effects, however often and however concurrently
 * it arrives; an event about nothing we know is logged and acknowledged; a failing handler leaves
 * nothing behind and answers 500 so Stripe retries. The endpoint is exempt from the Origin check and
 * nothing else is. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import type Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, type FakeStripe, startFakeStripe } from '../support/fake-stripe';
import { trpcMutation } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';

// A switch to make the donation handler throw, to see the event's transaction roll back.
const failing = vi.hoisted(() => ({ next: 0 }));
vi.mock('@server/donations/webhook', async (importOriginal) => {
  const original = await importOriginal<typeof import('@server/donations/webhook')>();
  return {
    ...original,
    handleDonationEvent: async (...args: Parameters<typeof original.handleDonationEvent>) => {
      if (failing.next > 0) {
        failing.next--;
        // Write first, so that the test sees the write rolled back with the event.
        await args[0].trx.insertInto('app_state').values({ key: 'written-by-a-failing-handler', value: 'x' }).execute();
        throw new Error('handler failed on purpose');
      }
      return original.handleDonationEvent(...args);
    },
  };
});

const PATH = '/api/stripe/webhook';
let fake: FakeStripe;
let app: TestApp | undefined;

beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake.close();
});
afterEach(async () => {
  failing.next = 0;
  await app?.close();
  app = undefined;
  fake.reset();
});

async function start(env: Record<string, string> = {}): Promise<TestApp> {
  app = await startTestApp({
    STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
    ...env,
  });
  return app;
}

let sequence = 0;
/** An event as Stripe sends it: about a Checkout session this site never made (no donation has its id). */
function unknownSessionEvent(type: Stripe.Event.Type = 'checkout.session.completed'): Stripe.Event {
  sequence++;
  return {
    id: `evt_test_${sequence}_${Date.now()}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000) - 5,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: {
      object: {
        id: `cs_test_unknown_${sequence}`,
        object: 'checkout.session',
        mode: 'payment',
        status: 'complete',
        payment_status: 'paid',
        amount_total: 2500,
        currency: 'eur',
        customer: null,
        customer_details: { email: 'spender@example.org', name: null },
        subscription: null,
        payment_intent: `pi_unknown_${sequence}`,
        metadata: { kind: 'donation', donation_id: `don_missing_${sequence}` },
        locale: 'de',
      },
    },
  } as unknown as Stripe.Event;
}

/** Signs exactly the bytes it returns, with the SDK's own test helper. */
function signed(target: TestApp, event: unknown, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const header = (target.appDeps.stripe as Stripe).webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? FAKE_STRIPE_WEBHOOK_SECRET,
    timestamp: options.timestamp,
  });
  return { payload, header };
}

/** A POST as Stripe's servers make it: no Origin, no cookie. */
function deliver(target: TestApp, payload: string, signature: string | null) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== null) headers['stripe-signature'] = signature;
  return fetch(`${target.url}${PATH}`, { method: 'POST', headers, body: payload });
}

const storedEvents = (target: TestApp) => target.db.selectFrom('stripe_events').selectAll().orderBy('id').execute();
const logged = (target: TestApp, msg: string) => target.logs.filter((line) => line.msg === msg);

describe('POST /api/stripe/webhook', () => {
  it('acknowledges a correctly signed event, records it once and logs that no donation has that session', async () => {
    const target = await start();
    const event = unknownSessionEvent();
    const { payload, header } = signed(target, event);
    const response = await deliver(target, payload, header);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(await storedEvents(target)).toEqual([
      {
        id: event.id,
        type: 'checkout.session.completed',
        livemode: 0,
        created_at: new Date(event.created * 1000).toISOString(),
        received_at: target.clock.now().toISOString(),
      },
    ]);
    expect(logged(target, 'stripe event for no known donation')).toMatchObject([{ level: 'info', type: event.type, id: event.id }]);
  });

  it('the same event delivered 10 times (one after another, then at once) is recorded and handled once', async () => {
    const target = await start();
    const event = unknownSessionEvent('customer.subscription.deleted');
    const answers: unknown[] = [];
    for (let i = 0; i < 10; i++) {
      // Each delivery is signed anew, as Stripe's retries are.
      const { payload, header } = signed(target, event);
      const response = await deliver(target, payload, header);
      expect(response.status).toBe(200);
      answers.push(await response.json());
    }
    expect(answers[0]).toEqual({ received: true });
    expect(answers.slice(1)).toEqual(Array(9).fill({ received: true, duplicate: true }));

    const concurrent = unknownSessionEvent('charge.refunded');
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => {
        const { payload, header } = signed(target, concurrent);
        return deliver(target, payload, header);
      }),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as Array<{ duplicate?: boolean }>;
    expect(bodies.filter((b) => !b.duplicate)).toHaveLength(1);

    expect((await storedEvents(target)).map((row) => row.id).sort()).toEqual([event.id, concurrent.id].sort());
    // The handler ran once per event: it logs each event it found no donation for.
    expect(logged(target, 'stripe event for no known donation').map((line) => line.id)).toEqual([event.id, concurrent.id]);
    expect(logged(target, 'stripe event recorded')).toHaveLength(2);
  });

  it('refuses a wrong secret, a stale timestamp, a missing header and a tampered body with 400, logged, nothing stored', async () => {
    const target = await start();
    const event = unknownSessionEvent();
    const good = signed(target, event);
    const cases: Array<[string, string, string | null]> = [
      ['wrong secret', good.payload, signed(target, event, { secret: 'whsec_someone_else' }).header],
      ['stale', good.payload, signed(target, event, { timestamp: Math.floor(Date.now() / 1000) - 301 }).header],
      ['missing header', good.payload, null],
      ['empty header', good.payload, ''],
      ['garbage header', good.payload, 'nonsense'],
      ['tampered body', good.payload.replace('"amount_total":2500', '"amount_total":1'), good.header],
      ['other event, same signature', JSON.stringify(unknownSessionEvent()), good.header],
    ];
    for (const [name, payload, header] of cases) {
      const response = await deliver(target, payload, header);
      expect(response.status, name).toBe(400);
    }
    expect(await storedEvents(target)).toEqual([]);
    expect(logged(target, 'stripe webhook refused')).toHaveLength(cases.length);
    expect(logged(target, 'stripe webhook refused').every((line) => line.level === 'warn' && typeof line.reason === 'string')).toBe(true);
    expect(logged(target, 'stripe webhook refused')[1]?.reason).toMatch(/tolerance/);
    // The good one still goes through afterwards.
    expect((await deliver(target, good.payload, good.header)).status).toBe(200);
    expect(await storedEvents(target)).toHaveLength(1);
  });

  it('a handler that throws rolls the event back and answers 500; Stripe’s retry is then handled', async () => {
    const target = await start();
    const event = unknownSessionEvent();
    failing.next = 1;
    let { payload, header } = signed(target, event);
    const failed = await deliver(target, payload, header);
    expect(failed.status).toBe(500);
    expect(await storedEvents(target)).toEqual([]);
    expect(await target.db.selectFrom('app_state').selectAll().where('key', '=', 'written-by-a-failing-handler').execute()).toEqual([]);
    expect(logged(target, 'stripe webhook failed')).toMatchObject([{ level: 'error', id: event.id }]);

    ({ payload, header } = signed(target, event));
    const retried = await deliver(target, payload, header);
    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual({ received: true });
    expect(await storedEvents(target)).toHaveLength(1);
  });

  it('acknowledges an event type it does not handle, and records it', async () => {
    const target = await start();
    const event = { ...unknownSessionEvent(), type: 'customer.created' } as unknown as Stripe.Event;
    const { payload, header } = signed(target, event);
    const response = await deliver(target, payload, header);
    expect(response.status).toBe(200);
    expect(logged(target, 'stripe event recorded')).toMatchObject([{ id: event.id, outcome: 'ignored' }]);
    expect(logged(target, 'stripe event for no known donation')).toEqual([]);
  });

  it('ignores a live-mode event at a test-mode site', async () => {
    const target = await start();
    const event = { ...unknownSessionEvent(), livemode: true } as Stripe.Event;
    const { payload, header } = signed(target, event);
    const response = await deliver(target, payload, header);
    expect(response.status).toBe(200);
    expect(await storedEvents(target)).toEqual([]);
    expect(logged(target, 'stripe event from the other mode ignored')).toHaveLength(1);
  });

  it('refuses a body larger than the API limit before reading it', async () => {
    const target = await start();
    const response = await deliver(target, JSON.stringify({ padding: 'x'.repeat(600 * 1024) }), 't=1,v1=00');
    expect(response.status).toBe(413);
    expect(await storedEvents(target)).toEqual([]);
  });

  it('records what the fake Stripe delivers when a session is paid (the same signature scheme)', async () => {
    const target = await start();
    fake.configure({ webhookUrl: `${target.url}${PATH}`, webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET, signature: 'valid' });
    const stripe = target.appDeps.stripe as Stripe;
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      metadata: { kind: 'test_without_donation' },
      line_items: [
        { quantity: 1, price_data: { currency: 'eur', unit_amount: 1000, recurring: { interval: 'month' }, product_data: { name: 'x' } } },
      ],
      success_url: `${target.url}/spenden/danke?session_id={CHECKOUT_SESSION_ID}`,
    });
    await fake.complete(session.id, { method: 'card' });
    expect(fake.deliveries().map((d) => [d.type, d.status])).toEqual([
      ['checkout.session.completed', 200],
      ['invoice.paid', 200],
    ]);
    expect((await storedEvents(target)).map((row) => row.type).sort()).toEqual(['checkout.session.completed', 'invoice.paid']);

    // Redelivered: acknowledged, not recorded again.
    const first = fake.events()[0] as { id: string };
    await fake.redeliver(first.id);
    expect(fake.deliveries().at(-1)).toMatchObject({ eventId: first.id, attempt: 2, status: 200 });
    expect(await storedEvents(target)).toHaveLength(2);

    fake.configure({ signature: 'stale' });
    await fake.redeliver(first.id);
    expect(fake.deliveries().at(-1)).toMatchObject({ status: 400, ok: false });
  });
});

describe('the Origin check and the webhook', () => {
  it('the webhook takes a POST without Origin; a tRPC mutation or another API path without Origin is still refused', async () => {
    const target = await start();
    const { payload, header } = signed(target, unknownSessionEvent());
    expect((await deliver(target, payload, header)).status).toBe(200);

    const mutation = await trpcMutation(target.url, 'contact.send', {}, { origin: null });
    expect(mutation.status).toBe(403);
    expect(mutation.body.error?.data.appCode).toBe('FORBIDDEN_ORIGIN');
    const forged = await trpcMutation(target.url, 'contact.send', {}, { origin: 'https://evil.example' });
    expect(forged.status).toBe(403);
    for (const path of [`${PATH}/x`, `${PATH}x`, '/api/stripe', '/api/trpc/auth.signOut']) {
      const response = await fetch(`${target.url}${path}`, { method: 'POST', body: payload, headers: { 'stripe-signature': header } });
      expect(response.status, path).toBe(403);
    }
  });
});

describe('without Stripe', () => {
  it('the endpoint does not exist (404), and the client is null', async () => {
    app = await startTestApp();
    expect(app.appDeps.stripe).toBeNull();
    expect(app.config.stripe).toBeNull();
    const response = await fetch(`${app.url}${PATH}`, { method: 'POST', body: '{}', headers: { 'stripe-signature': 't=1,v1=00' } });
    expect(response.status).toBe(404);
    expect(await app.db.selectFrom('stripe_events').selectAll().execute()).toEqual([]);
  });
});
