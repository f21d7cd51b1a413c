/**
 * The shop charging before it orders (issue 18 point 3), against the fake Stripe and the fake Printful:
 * with Stripe configured an order waits for payment, only a signed webhook makes it paid, and a paid
 * order reaches Printful confirmed exactly once — also when the webhook is replayed, when Printful is
 * down for a while, and when the process dies between "paid" and "Printful". Not paid: cancelled and
 * nothing at Printful. An admin's cancel refunds at Stripe, cancels at Printful and mails the buyer.
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { CreatedOrder } from '@shared/schemas/checkout';
import type { AdminOrderList } from '@shared/schemas/orders-admin';
import type { NewOrder } from '@server/db/schema';
import { cancelPaidOrder } from '@server/orders/cancel-order';
import { startRuntime } from '@server/runtime';
import { signedInUser } from '../support/accounts';
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET } from '../support/fake-stripe';
import { trpcMutation, trpcQuery } from '../support/http';
import { quickShopOptions, useShopWithFakes } from '../support/shop-app';
import type { TestApp } from '../support/test-app';
import { insertStoredOrder, signedInBuyer, TEST_SHIPPING } from '../support/orders';

/** The shop against the fakes, with Stripe; restartApp(false) for one without (then the shop drafts at Printful). */
const { stripe, printful, app, restartApp } = useShopWithFakes();

const SHIPPING = TEST_SHIPPING;

function orderInput(
  lines: Array<Record<string, unknown>> = [
    { variantId: '5001', quantity: 2 },
    { variantId: '5101', quantity: 1 },
  ],
) {
  return { shipping: SHIPPING, lines, idempotencyKey: randomUUID(), locale: 'de' };
}

async function placeOrder(target: TestApp, cookie: string, input: unknown = orderInput()) {
  const { status, body } = await trpcMutation(target.url, 'orders.create', input, { cookie });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.result?.data as CreatedOrder;
}

const orderRow = (target: TestApp, orderNumber: string) =>
  target.db.selectFrom('orders').selectAll().where('order_number', '=', orderNumber).executeTakeFirstOrThrow();
const sessionOf = (url: string | undefined) => {
  const session = stripe()
    .sessions()
    .find((s) => s.url === url);
  expect(session, `no session for ${url}`).toBeDefined();
  // biome-ignore lint/suspicious/noExplicitAny: the fake's objects are open JSON.
  return session as Record<string, any>;
};
const printfulOrdersOf = (orderNumber: string) => printful().orders.filter((o) => o.external_id === orderNumber);
const auditOf = (target: TestApp, orderNumber: string) =>
  target.db
    .selectFrom('audit_log')
    .selectAll()
    .where('object_type', '=', 'order')
    .where('object_id', '=', orderNumber)
    .orderBy('created_at')
    .orderBy('action')
    .execute();
const mailsOf = (target: TestApp, kind: string) => target.db.selectFrom('outbox').selectAll().where('kind', '=', kind).execute();
const sessionCreates = () =>
  stripe()
    .requests()
    .filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');

/** Orders a cart, pays it by card at the fake (webhook delivered inline) and runs the order worker. */
/** The buyer withdraws from the order through the withdrawal button (§ 356a BGB), as the shipping's name. */
async function declareWithdrawal(orderNumber: string) {
  const declared = await trpcMutation(app().url, 'withdrawals.declare', {
    name: 'Ada Lovelace',
    orderNumber,
    email: SHIPPING.email,
    message: '',
    locale: 'de',
  });
  expect(declared.status, JSON.stringify(declared.body)).toBe(200);
}

async function paidOrder(cookie: string) {
  const order = await placeOrder(app(), cookie);
  const session = sessionOf(order.checkoutUrl);
  await stripe().complete(session.id, { method: 'card' });
  return { order, session };
}

describe('orders.create with Stripe', () => {
  it('stores the order waiting for payment and answers a Checkout session at the server’s prices; nothing at Printful yet', async () => {
    const { cookie } = await signedInBuyer(app());
    const tampered = orderInput([
      { variantId: '5001', quantity: 2, priceCents: 1, unitPriceCents: 1 },
      { variantId: '5101', quantity: 1, price: '0.01' },
    ]);
    const order = await placeOrder(app(), cookie, tampered);
    expect(order).toMatchObject({ status: 'pending_payment', totalCents: 2 * 2490 + 1290 + 499 });
    expect(order.checkoutUrl).toMatch(/^http/);
    const row = await orderRow(app(), order.orderNumber);
    const [create] = sessionCreates();
    const params = create?.params ?? {};
    expect(params.mode).toBe('payment');
    expect(params.customer_email).toBe('ada@example.org');
    expect(params.locale).toBe('de');
    expect(params.payment_method_types).toBeUndefined();
    expect(params.metadata).toMatchObject({ kind: 'order', order_id: row.id });
    expect(params.payment_intent_data.metadata).toMatchObject({ kind: 'order', order_id: row.id });
    expect(
      params.line_items.map((l: { price_data: { unit_amount: string }; quantity: string }) => [l.price_data.unit_amount, l.quantity]),
    ).toEqual([
      ['2490', '2'],
      ['1290', '1'],
      ['499', '1'],
    ]);
    expect(params.success_url).toBe(`${app().url}/checkout/danke?session_id={CHECKOUT_SESSION_ID}`);
    expect(params.cancel_url).toBe(`${app().url}/checkout?lang=de`);
    expect(create?.idempotencyKey).toBe(`order-checkout-${row.id}`);
    expect(sessionOf(order.checkoutUrl).amount_total).toBe(6769);
    expect(row).toMatchObject({ status: 'pending_payment', stripe_session_id: sessionOf(order.checkoutUrl).id, paid_at: null });
    expect(printful().orders).toHaveLength(0);
    expect(await mailsOf(app(), 'order_confirmation')).toHaveLength(0);
    expect(await app().orders.runOnce()).toBe(0);
    expect(printful().orders).toHaveLength(0);
  });

  it('a retried click (same idempotency key) gets the same order and the same Checkout session', async () => {
    const { cookie } = await signedInBuyer(app());
    const input = orderInput();
    const first = await placeOrder(app(), cookie, input);
    const second = await placeOrder(app(), cookie, input);
    expect(second.orderNumber).toBe(first.orderNumber);
    expect(second.checkoutUrl).toBe(first.checkoutUrl);
    expect(await app().db.selectFrom('orders').select('id').execute()).toHaveLength(1);
    expect(stripe().sessions()).toHaveLength(1);
  });

  it('Stripe down: a translated error, the order stays unpaid, and the retry of the same click works', async () => {
    const { cookie } = await signedInBuyer(app());
    const input = orderInput();
    stripe().inject({ path: '/v1/checkout/sessions', status: 500, times: 10 });
    const failed = await trpcMutation(app().url, 'orders.create', input, { cookie });
    expect(failed.body.error?.data.appCode).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    stripe().heal();
    const order = await placeOrder(app(), cookie, input);
    expect(order.status).toBe('pending_payment');
    expect(order.checkoutUrl).toMatch(/^http/);
    expect(await app().db.selectFrom('orders').select('id').execute()).toHaveLength(1);
  });
});

describe('payment confirmed by the webhook', () => {
  it('a card payment: paid, confirmation mail, and the worker places the order confirmed at Printful exactly once', async () => {
    const { cookie } = await signedInBuyer(app());
    const { order } = await paidOrder(cookie);
    let row = await orderRow(app(), order.orderNumber);
    expect(row.status).toBe('pending_provider');
    expect(row.paid_at).not.toBeNull();
    expect(row.stripe_payment_intent_id).toMatch(/^pi_/);
    const mails = await mailsOf(app(), 'order_confirmation');
    expect(mails).toHaveLength(1);
    await app().outbox.runOnce();
    const sent = app().sentMails.find((m) => m.to === 'ada@example.org');
    expect(sent?.text).toContain('Ihre Zahlung ist eingegangen');
    // How it was paid, not what the checkout said would happen next.
    expect(sent?.text).toContain('Zahlungsart: Kreditkarte oder SEPA-Lastschrift über Stripe (bezahlt)');
    expect(sent?.text).not.toContain('Sie zahlen direkt nach der Bestellung');

    expect(await app().orders.runOnce()).toBe(1);
    row = await orderRow(app(), order.orderNumber);
    expect(row.status).toBe('confirmed');
    expect(printfulOrdersOf(order.orderNumber).map((o) => o.status)).toEqual(['pending']);
    expect(printful().orders).toHaveLength(1);
    expect(await app().orders.runOnce()).toBe(0);
    expect(printful().orders).toHaveLength(1);
  });

  it('the webhook replayed 10 times (and as distinct events) still makes one Printful order and one mail', async () => {
    const { cookie } = await signedInBuyer(app());
    const { order } = await paidOrder(cookie);
    const completed = stripe()
      .events()
      .find((e) => e.type === 'checkout.session.completed');
    for (let i = 0; i < 10; i++) await stripe().redeliver(completed?.id);
    // Stripe may also send the same change as a new event id: the order's status catches that.
    for (let i = 0; i < 3; i++) await deliverAsNewEvent(app(), { ...completed, id: `evt_copy_${randomUUID()}` });
    await app().orders.runOnce();
    await app().orders.runOnce();
    expect(printfulOrdersOf(order.orderNumber)).toHaveLength(1);
    expect(await mailsOf(app(), 'order_confirmation')).toHaveLength(1);
    expect((await orderRow(app(), order.orderNumber)).status).toBe('confirmed');
  });

  it('a forged webhook (no valid signature) makes nothing paid; the success URL is not believed either', async () => {
    const { cookie } = await signedInBuyer(app());
    const order = await placeOrder(app(), cookie);
    const session = sessionOf(order.checkoutUrl);
    const forged = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: { ...session, status: 'complete', payment_status: 'paid', amount_total: 1 } },
    });
    const response = await app().request('/api/stripe/webhook', {
      method: 'POST',
      body: forged,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=deadbeef' },
    });
    expect(response.status).toBe(400);
    // Visiting the thank-you URL with made-up parameters changes nothing.
    await app().request(`/checkout/danke?session_id=${session.id}&paid=1&amount=1`);
    expect((await orderRow(app(), order.orderNumber)).status).toBe('pending_payment');
    expect(await app().orders.runOnce()).toBe(0);
    expect(printful().orders).toHaveLength(0);
  });

  it('a session whose paid amount is not the order’s total is not fulfilled', async () => {
    const { cookie } = await signedInBuyer(app());
    const order = await placeOrder(app(), cookie);
    const session = sessionOf(order.checkoutUrl);
    await deliverAsNewEvent(app(), {
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'checkout.session.completed',
      api_version: null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: { ...session, status: 'complete', payment_status: 'paid', amount_total: 100, payment_intent: 'pi_x' } },
    });
    expect((await orderRow(app(), order.orderNumber)).status).toBe('pending_payment');
    expect(await app().orders.runOnce()).toBe(0);
    expect(printful().orders).toHaveLength(0);
  });

  it('SEPA: pending until settled, then paid and confirmed; a failed debit cancels it with nothing at Printful', async () => {
    const { cookie, user } = await signedInBuyer(app());
    const good = await placeOrder(app(), cookie);
    // The account's address changes while the debit is under way (ADR 028): the order's mails still go to
    // the order's address, which is no longer proven to be the account's.
    await app().db.updateTable('users').set({ email: 'new-address@example.org' }).where('id', '=', user.id).execute();
    const goodSession = sessionOf(good.checkoutUrl);
    await stripe().complete(goodSession.id, { method: 'sepa_debit', outcome: 'succeeded', settle: 'later' });
    expect((await orderRow(app(), good.orderNumber)).status).toBe('pending_payment');
    expect(await app().orders.runOnce()).toBe(0);
    // The order's receipt is confirmed at once (§ 312i BGB); the confirmation with the terms follows the money.
    const received = await mailsOf(app(), 'order_confirmation');
    expect(received.map((mail) => mail.subject)).toEqual([`Wir haben Ihre Bestellung ${good.orderNumber} erhalten`]);
    expect(received[0]?.text).toContain('die Lastschrift ist unterwegs');
    // Sent to the order's address, no longer the account's: no typed name in the greeting.
    expect(received.map((mail) => mail.to)).toEqual([SHIPPING.email]);
    expect(received[0]?.text).toContain('Hallo,\n');
    await stripe().settle(goodSession.id);
    expect((await mailsOf(app(), 'order_confirmation')).map((mail) => mail.subject).sort()).toEqual([
      `Ihre Bestellung ${good.orderNumber} bei SchoolBox`,
      `Wir haben Ihre Bestellung ${good.orderNumber} erhalten`,
    ]);
    expect((await orderRow(app(), good.orderNumber)).status).toBe('pending_provider');
    expect(await app().orders.runOnce()).toBe(1);
    expect(printfulOrdersOf(good.orderNumber).map((o) => o.status)).toEqual(['pending']);

    const bad = await placeOrder(app(), cookie);
    await stripe().complete(sessionOf(bad.checkoutUrl).id, { method: 'sepa_debit', outcome: 'failed' });
    const row = await orderRow(app(), bad.orderNumber);
    expect(row.status).toBe('cancelled');
    expect(row.cancelled_at).not.toBeNull();
    expect(await app().orders.runOnce()).toBe(0);
    expect(printfulOrdersOf(bad.orderNumber)).toHaveLength(0);
    // The buyer, told the debit was under way, hears that it failed and the order is off.
    expect((await mailsOf(app(), 'order_cancelled')).map((mail) => mail.subject)).toEqual([
      `Die Zahlung für Ihre Bestellung ${bad.orderNumber} ist fehlgeschlagen`,
    ]);
  });

  it('an expired session cancels the order; nothing reaches Printful', async () => {
    const { cookie } = await signedInBuyer(app());
    const order = await placeOrder(app(), cookie);
    await stripe().expire(sessionOf(order.checkoutUrl).id);
    await stripe().idle();
    expect((await orderRow(app(), order.orderNumber)).status).toBe('cancelled');
    expect(await app().orders.runOnce()).toBe(0);
    expect(printful().orders).toHaveLength(0);
    expect(await mailsOf(app(), 'order_confirmation')).toHaveLength(0);
  });

  it('Printful down after payment: pending_provider, retried later, still one Printful order and one charge', async () => {
    const { cookie } = await signedInBuyer(app());
    printful().fail({ status: 500, path: '/orders' });
    const { order, session } = await paidOrder(cookie);
    expect(await app().orders.runOnce()).toBe(0);
    let row = await orderRow(app(), order.orderNumber);
    expect(row.status).toBe('pending_provider');
    expect(row.last_error).toMatch(/500/);
    printful().heal();
    app().clock.advance(31_000);
    expect(await app().orders.runOnce()).toBe(1);
    row = await orderRow(app(), order.orderNumber);
    expect(row.status).toBe('confirmed');
    expect(printfulOrdersOf(order.orderNumber).map((o) => o.status)).toEqual(['pending']);
    // One Checkout session, one payment intent: the buyer was charged once.
    expect(stripe().sessions()).toHaveLength(1);
    expect(stripe().object(session.id)?.payment_status).toBe('paid');
    expect(
      stripe()
        .requests()
        .filter((r) => r.path.startsWith('/v1/payment_intents') && r.method === 'POST'),
    ).toHaveLength(0);
  });

  it('Printful took the order but the answer was lost: the retry confirms the same order, not a second one', async () => {
    const { cookie } = await signedInBuyer(app());
    const { order } = await paidOrder(cookie);
    // The confirm call fails after the draft was created: the next attempt finds the draft by our number.
    printful().fail({ status: 500, path: `/orders/`, method: 'POST', times: 1 });
    expect(await app().orders.runOnce()).toBe(0);
    expect(printfulOrdersOf(order.orderNumber).map((o) => o.status)).toEqual(['draft']);
    app().clock.advance(31_000);
    expect(await app().orders.runOnce()).toBe(1);
    expect(printfulOrdersOf(order.orderNumber).map((o) => o.status)).toEqual(['pending']);
    // And once confirmed, another attempt (a lease that ran out) leaves it alone.
    await app().db.updateTable('orders').set({ status: 'pending_provider', next_attempt_at: app().clock.now().toISOString() }).execute();
    expect(await app().orders.runOnce()).toBe(1);
    expect(printfulOrdersOf(order.orderNumber)).toHaveLength(1);
    expect(printful().orders).toHaveLength(1);
  });

  it('the process dies between "paid" and "Printful": a new runtime on the same database places it exactly once', async () => {
    const { cookie } = await signedInBuyer(app());
    const { order } = await paidOrder(cookie);
    // The webhook committed; this process's worker never ran (it "died"). A new process starts on the same database.
    const restarted = await startRuntime(app().config, app().logger, app().clock, {
      startWorker: false,
      shop: quickShopOptions.shop,
    });
    try {
      expect(await restarted.orders.runOnce()).toBe(1);
      expect(await restarted.orders.runOnce()).toBe(0);
      expect(await app().orders.runOnce()).toBe(0);
    } finally {
      await restarted.close();
    }
    expect(printfulOrdersOf(order.orderNumber).map((o) => o.status)).toEqual(['pending']);
    expect((await orderRow(app(), order.orderNumber)).status).toBe('confirmed');
  });
});

describe('orders.cancel (admins)', () => {
  it('refunds at Stripe, cancels at Printful and mails the buyer; a second cancel changes nothing and says it is done', async () => {
    const { cookie } = await signedInBuyer(app());
    const admin = await signedInUser(app(), { admin: true });
    const { order } = await paidOrder(cookie);
    await app().orders.runOnce();
    const list = ((await trpcQuery(app().url, 'orders.adminList', {}, { cookie: admin.cookie })).body.result!.data as AdminOrderList)
      .orders;
    expect(list.find((o) => o.orderNumber === order.orderNumber)?.paidAt).not.toBeNull();

    const forbidden = await trpcMutation(app().url, 'orders.cancel', { orderNumber: order.orderNumber }, { cookie });
    expect(forbidden.status).toBe(403);

    const result = await trpcMutation(app().url, 'orders.cancel', { orderNumber: order.orderNumber }, { cookie: admin.cookie });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    await stripe().idle();
    const row = await orderRow(app(), order.orderNumber);
    expect(row.status).toBe('refunded');
    expect(row.refunded_at).not.toBeNull();
    expect(printfulOrdersOf(order.orderNumber).map((o) => o.status)).toEqual(['canceled']);
    const refunds = stripe()
      .requests()
      .filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.params.payment_intent).toBe(row.stripe_payment_intent_id);
    expect(refunds[0]?.idempotencyKey).toBe(`order-refund-${row.id}`);
    expect(
      stripe()
        .events()
        .some((e) => e.type === 'charge.refunded'),
    ).toBe(true);
    expect(await mailsOf(app(), 'order_cancelled')).toHaveLength(1);
    await app().outbox.runOnce();
    const mail = app().sentMails.find((m) => m.subject.includes('storniert'));
    expect(mail?.text).toContain(order.orderNumber);
    expect(mail?.text).toContain('-- '); // the footer like every mail
    expect(app().logs.some((l) => l.msg === 'order cancelled and refunded by an admin' && l.adminId === admin.user.id)).toBe(true);
    // The audit trail: the admin cancelled and refunded, once each (the refund's webhook adds no entry of its own).
    const audited = await auditOf(app(), order.orderNumber);
    expect(audited.map((entry) => entry.action)).toEqual(['order.cancelled', 'order.refunded']);
    for (const entry of audited) expect(entry).toMatchObject({ actor_id: admin.user.id, actor_email: admin.email, ip: '127.0.0.1' });

    // Clicked again (a list not refreshed yet, a second tab): the order is what the admin wanted, no error.
    const again = await trpcMutation(app().url, 'orders.cancel', { orderNumber: order.orderNumber }, { cookie: admin.cookie });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.result?.data).toEqual({ status: 'refunded', refundedBefore: false });
    expect(
      stripe()
        .requests()
        .filter((r) => r.method === 'POST' && r.path === '/v1/refunds'),
    ).toHaveLength(1);
    expect(await auditOf(app(), order.orderNumber)).toHaveLength(2);
    expect(await mailsOf(app(), 'order_cancelled')).toHaveLength(1);
  });

  it('an order already in production at Printful is not cancelled or refunded', async () => {
    const { cookie } = await signedInBuyer(app());
    const admin = await signedInUser(app(), { admin: true });
    const { order } = await paidOrder(cookie);
    await app().orders.runOnce();
    printful().fail({ status: 400, path: '/orders/', method: 'DELETE' });
    const result = await trpcMutation(app().url, 'orders.cancel', { orderNumber: order.orderNumber }, { cookie: admin.cookie });
    expect(result.body.error?.data.appCode).toBe('ORDER_NOT_CANCELLABLE');
    expect((await orderRow(app(), order.orderNumber)).status).toBe('confirmed');
    expect(
      stripe()
        .requests()
        .filter((r) => r.path === '/v1/refunds'),
    ).toHaveLength(0);
    expect(await auditOf(app(), order.orderNumber)).toEqual([]);
  });

  it('an order moved meanwhile (another admin, a webhook) while Printful cancelled it is not refunded again', async () => {
    const { cookie } = await signedInBuyer(app());
    const admin = await signedInUser(app(), { admin: true });
    const { order } = await paidOrder(cookie);
    await app().orders.runOnce();
    expect((await orderRow(app(), order.orderNumber)).status).toBe('confirmed');
    // While Printful answers this cancel, another admin's cancel finishes the order.
    const provider = {
      ...app().shop.provider,
      cancelOrder: async (providerOrderId: string) => {
        const result = await app().shop.provider.cancelOrder(providerOrderId);
        await app().db.updateTable('orders').set({ status: 'refunded' }).where('order_number', '=', order.orderNumber).execute();
        return result;
      },
    };
    const actor = { id: admin.user.id, email: admin.email, ip: '127.0.0.1' };
    await expect(cancelPaidOrder({ ...app().appDeps, shop: { ...app().shop, provider } }, actor, order.orderNumber)).rejects.toMatchObject({
      code: 'ORDER_NOT_CANCELLABLE',
    });
    expect(
      stripe()
        .requests()
        .filter((r) => r.method === 'POST' && r.path === '/v1/refunds'),
    ).toHaveLength(0);
    expect(await mailsOf(app(), 'order_cancelled')).toHaveLength(0);
    expect(await auditOf(app(), order.orderNumber)).toEqual([]);
  });

  it('the worker placing the order at Printful while the cancel marks it: the cancel goes on with it there, cancels it and refunds', async () => {
    const { cookie } = await signedInBuyer(app());
    const admin = await signedInUser(app(), { admin: true });
    const { order } = await paidOrder(cookie);
    expect((await orderRow(app(), order.orderNumber)).status).toBe('pending_provider');
    // The cancel read the order waiting for Printful; the worker places it confirmed before the cancel marks it.
    const db = app().db;
    let placed = false;
    const racing = new Proxy(db, {
      get(target, key) {
        if (key !== 'transaction') {
          const value = Reflect.get(target, key);
          return typeof value === 'function' ? value.bind(target) : value;
        }
        return () => {
          const builder = target.transaction();
          return {
            execute: async (run: Parameters<typeof builder.execute>[0]) => {
              if (!placed) {
                placed = true;
                expect(await app().orders.runOnce()).toBe(1);
              }
              return builder.execute(run);
            },
          };
        };
      },
    });
    const actor = { id: admin.user.id, email: admin.email, ip: '127.0.0.1' };
    const result = await cancelPaidOrder({ ...app().appDeps, db: racing }, actor, order.orderNumber);
    expect(placed).toBe(true);
    expect(result).toEqual({ status: 'refunded', refundedBefore: false });
    await stripe().idle();
    expect((await orderRow(app(), order.orderNumber)).status).toBe('refunded');
    expect(printfulOrdersOf(order.orderNumber).map((o) => o.status)).toEqual(['canceled']);
    expect(
      stripe()
        .requests()
        .filter((r) => r.method === 'POST' && r.path === '/v1/refunds'),
    ).toHaveLength(1);
    expect(await mailsOf(app(), 'order_cancelled')).toHaveLength(1);
    expect((await auditOf(app(), order.orderNumber)).map((entry) => [entry.action, entry.detail])).toEqual([
      ['order.cancelled', expect.stringContaining('confirmed')],
      ['order.refunded', expect.anything()],
    ]);
  });

  it('a refund made in Stripe’s dashboard (charge.refunded) marks a queued order refunded: it never goes to Printful', async () => {
    const { cookie } = await signedInBuyer(app());
    const { order } = await paidOrder(cookie);
    const row = await orderRow(app(), order.orderNumber);
    await stripe().refund(row.stripe_payment_intent_id as string);
    await stripe().idle();
    expect((await orderRow(app(), order.orderNumber)).status).toBe('refunded');
    expect(await app().orders.runOnce()).toBe(0);
    expect(printful().orders).toHaveLength(0);
    // Nobody here did it: the audit trail records the refund as the system's (the Stripe event).
    expect(await auditOf(app(), order.orderNumber)).toMatchObject([
      { action: 'order.refunded', actor_id: null, actor_email: 'system', ip: '' },
    ]);
    // The buyer learns that the order is cancelled and the money on its way back, once.
    const mails = await mailsOf(app(), 'order_cancelled');
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [SHIPPING.email, `Ihre Bestellung ${order.orderNumber} wurde storniert`],
    ]);
    expect(mails[0]?.text).toContain('erstatten wir über Stripe');

    // The event again (Stripe redelivers), then an admin's click from a list not refreshed yet: done, nothing twice.
    const refunded = stripe()
      .events()
      .find((e) => e.type === 'charge.refunded');
    await stripe().redeliver(refunded?.id as string);
    await stripe().idle();
    const admin = await signedInUser(app(), { admin: true });
    const click = await trpcMutation(app().url, 'orders.cancel', { orderNumber: order.orderNumber }, { cookie: admin.cookie });
    expect(click.status, JSON.stringify(click.body)).toBe(200);
    expect(click.body.result?.data).toEqual({ status: 'refunded', refundedBefore: true });
    expect(await mailsOf(app(), 'order_cancelled')).toHaveLength(1);
    expect(await auditOf(app(), order.orderNumber)).toHaveLength(1);
    expect(
      stripe()
        .requests()
        .filter((r) => r.method === 'POST' && r.path === '/v1/refunds'),
    ).toHaveLength(0);
  });

  it('a refund made in Stripe’s dashboard of an order Printful refused (provider_failed): refunded, the buyer mailed once', async () => {
    const { cookie } = await signedInBuyer(app());
    const { order } = await paidOrder(cookie);
    await app()
      .db.updateTable('orders')
      .set({ status: 'provider_failed', next_attempt_at: null })
      .where('order_number', '=', order.orderNumber)
      .execute();
    await stripe().refund((await orderRow(app(), order.orderNumber)).stripe_payment_intent_id as string);
    await stripe().idle();
    const row = await orderRow(app(), order.orderNumber);
    expect(row).toMatchObject({ status: 'refunded', next_attempt_at: null });
    expect(row.cancelled_at).not.toBeNull();
    expect((await mailsOf(app(), 'order_cancelled')).map((mail) => mail.to)).toEqual([SHIPPING.email]);
  });
});

describe('the cancel mail’s greeting (ADR 054)', () => {
  it('names the buyer only at the account’s own address, whoever cancels: an admin, or a refund in Stripe’s dashboard', async () => {
    const { cookie, user } = await signedInBuyer(app());
    const admin = await signedInUser(app(), { admin: true });
    const [own, refundedInStripe, cancelledLater] = [
      (await paidOrder(cookie)).order,
      (await paidOrder(cookie)).order,
      (await paidOrder(cookie)).order,
    ];
    const cancel = async (orderNumber: string) => {
      const result = await trpcMutation(app().url, 'orders.cancel', { orderNumber }, { cookie: admin.cookie });
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      await stripe().idle();
    };
    const cancelMailOf = async (orderNumber: string) => {
      const mails = (await mailsOf(app(), 'order_cancelled')).filter((mail) => mail.subject.includes(orderNumber));
      expect(mails.map((mail) => mail.to)).toEqual([SHIPPING.email]);
      return mails[0]?.text ?? '';
    };
    await cancel(own.orderNumber);
    expect(await cancelMailOf(own.orderNumber)).toContain('Hallo Ada,\n');
    // The account's address changes (ADR 028): the orders' mails still go to their address, no longer proven the account's.
    await app().db.updateTable('users').set({ email: 'new-address@example.org' }).where('id', '=', user.id).execute();
    await stripe().refund((await orderRow(app(), refundedInStripe.orderNumber)).stripe_payment_intent_id as string);
    await stripe().idle();
    await cancel(cancelledLater.orderNumber);
    for (const order of [refundedInStripe, cancelledLater]) {
      expect((await orderRow(app(), order.orderNumber)).status).toBe('refunded');
      const text = await cancelMailOf(order.orderNumber);
      expect(text).toContain('Hallo,\n');
      expect(text).not.toContain('Ada');
    }
  });
});

describe('which orders can be cancelled and refunded (isCancellable)', () => {
  /** An order stored as the webhook leaves it: `paid` gives it a payment and its PaymentIntent. */
  const stored = (orderNumber: string, fields: Partial<NewOrder>, paid = true) =>
    insertStoredOrder(app().db, {
      id: `id-${orderNumber}`,
      order_number: orderNumber,
      user_id: null,
      email: 'ada@example.org',
      created_at: app().clock.now().toISOString(),
      stripe_session_id: `cs_${orderNumber}`,
      ...(paid ? { paid_at: app().clock.now().toISOString(), stripe_payment_intent_id: `pi_${orderNumber}` } : {}),
      ...fields,
    });
  const cancellable = async (target: TestApp, cookie: string) => {
    const { body } = await trpcQuery(target.url, 'orders.adminList', {}, { cookie });
    return Object.fromEntries((body.result!.data as AdminOrderList).orders.map((order) => [order.orderNumber, order.cancellable]));
  };

  it('is what /orders-admin shows the button for and what orders.cancel refuses otherwise', async () => {
    const admin = await signedInUser(app(), { admin: true });
    await stored('SB-260302-CONFD', { status: 'confirmed', printful_order_id: '1' });
    await stored('SB-260302-SUBMT', { status: 'submitted', printful_order_id: '2' });
    await stored('SB-260302-PPROV', { status: 'pending_provider' });
    await stored('SB-260302-PFAIL', { status: 'provider_failed' });
    // The money came after a withdrawal or a cancel: the refund is what is left to do.
    await stored('SB-260302-CNPAI', { status: 'cancelled' });
    await stored('SB-260302-CANCL', { status: 'cancelled' }, false);
    await stored('SB-260302-REFND', { status: 'refunded', refunded_at: app().clock.now().toISOString() });
    await stored('SB-260302-PPAYM', { status: 'pending_payment' }, false);
    await stored('SB-260302-DEMOO', { status: 'demo', stripe_session_id: null }, false);
    // Paid, but with no PaymentIntent to refund.
    await stored('SB-260302-NOPIN', { status: 'confirmed', stripe_payment_intent_id: null });
    const expected = {
      'SB-260302-CONFD': true,
      'SB-260302-SUBMT': true,
      'SB-260302-PPROV': true,
      'SB-260302-PFAIL': true,
      'SB-260302-CNPAI': true,
      'SB-260302-CANCL': false,
      'SB-260302-REFND': false,
      'SB-260302-PPAYM': false,
      'SB-260302-DEMOO': false,
      'SB-260302-NOPIN': false,
    };
    expect(await cancellable(app(), admin.cookie)).toEqual(expected);

    for (const [orderNumber, yes] of Object.entries(expected)) {
      if (yes) continue;
      const refused = await trpcMutation(app().url, 'orders.cancel', { orderNumber }, { cookie: admin.cookie });
      expect(refused.body.error?.data.appCode, orderNumber).toBe('ORDER_NOT_CANCELLABLE');
    }
    expect(
      stripe()
        .requests()
        .filter((r) => r.path === '/v1/refunds'),
    ).toHaveLength(0);
    expect(printful().requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
  });

  it('is never so while Stripe is not configured', async () => {
    await restartApp(false);
    const admin = await signedInUser(app(), { admin: true });
    await stored('SB-260302-CONFD', { status: 'confirmed', printful_order_id: '1' });
    await stored('SB-260302-CNPAI', { status: 'cancelled' });
    expect(await cancellable(app(), admin.cookie)).toEqual({ 'SB-260302-CONFD': false, 'SB-260302-CNPAI': false });
    const refused = await trpcMutation(app().url, 'orders.cancel', { orderNumber: 'SB-260302-CONFD' }, { cookie: admin.cookie });
    expect(refused.body.error?.data.appCode).toBe('ORDER_NOT_CANCELLABLE');
  });
});

describe('money for an order that is off', () => {
  const teamMails = async (orderNumber: string) =>
    (await mailsOf(app(), 'team_notice')).map((mail) => mail.subject).filter((subject) => subject.includes(orderNumber));
  /** The order confirmations of this order (not the SEPA "we received your order" mail of the same kind). */
  const confirmations = async (orderNumber: string) =>
    (await mailsOf(app(), 'order_confirmation'))
      .map((mail) => mail.subject)
      .filter((subject) => subject === `Ihre Bestellung ${orderNumber} bei SchoolBox`);

  /** An order paid by a SEPA debit that settles only after the order was given up (as an expired Checkout is). */
  async function cancelledBeforeLateDebit() {
    const { cookie } = await signedInBuyer(app());
    const order = await placeOrder(app(), cookie);
    const session = sessionOf(order.checkoutUrl);
    await stripe().complete(session.id, { method: 'sepa_debit', outcome: 'succeeded', settle: 'later' });
    await app()
      .db.updateTable('orders')
      .set({ status: 'cancelled', cancelled_at: app().clock.now().toISOString() })
      .where('order_number', '=', order.orderNumber)
      .execute();
    await stripe().settle(session.id);
    await stripe().idle();
    return { order, row: await orderRow(app(), order.orderNumber) };
  }

  it('withdrawn while its SEPA debit was under way: the debit settles, nothing reaches Printful, the team refunds it', async () => {
    const { cookie } = await signedInBuyer(app());
    const admin = await signedInUser(app(), { admin: true });
    const order = await placeOrder(app(), cookie);
    const session = sessionOf(order.checkoutUrl);
    await stripe().complete(session.id, { method: 'sepa_debit', outcome: 'succeeded', settle: 'later' });
    await declareWithdrawal(order.orderNumber);

    await stripe().settle(session.id);
    await stripe().idle();
    const row = await orderRow(app(), order.orderNumber);
    expect(row).toMatchObject({ status: 'cancelled', next_attempt_at: null });
    expect(row.paid_at).not.toBeNull();
    expect(row.stripe_payment_intent_id).toMatch(/^pi_/);
    expect(row.stripe_payment_intent_id).toBe(
      stripe()
        .sessions()
        .find((s) => s.id === session.id)?.payment_intent,
    );
    expect(await app().orders.runOnce()).toBe(0);
    expect(printfulOrdersOf(order.orderNumber)).toHaveLength(0);
    // No order confirmation for an order the buyer withdrew; the team hears that the money has to go back.
    expect(await confirmations(order.orderNumber)).toEqual([]);
    expect(await teamMails(order.orderNumber)).toEqual([
      `Widerruf der Bestellung ${order.orderNumber}`,
      `Bestellung ${order.orderNumber}: Zahlung nach Widerruf eingegangen`,
    ]);
    const [paidMail] = (await mailsOf(app(), 'team_notice')).filter((mail) => mail.subject.includes('nach Widerruf'));
    expect(paidMail?.text).toMatch(/stornieren und erstatten, spätestens bis \d{1,2}\. \S+ \d{4}/);

    // The orders admin offers the cancel with refund, which refunds the debit and mails the buyer.
    const listed = await trpcQuery(app().url, 'orders.adminList', { search: order.orderNumber }, { cookie: admin.cookie });
    expect((listed.body.result!.data as AdminOrderList).orders).toEqual([
      expect.objectContaining({ orderNumber: order.orderNumber, status: 'cancelled', payment: 'paid' }),
    ]);
    const cancelled = await trpcMutation(app().url, 'orders.cancel', { orderNumber: order.orderNumber }, { cookie: admin.cookie });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await stripe().idle();
    expect((await orderRow(app(), order.orderNumber)).status).toBe('refunded');
    expect(
      stripe()
        .requests()
        .filter((r) => r.method === 'POST' && r.path === '/v1/refunds'),
    ).toHaveLength(1);
    expect((await mailsOf(app(), 'order_cancelled')).map((mail) => mail.to)).toEqual([SHIPPING.email]);
    // The admin's cancel and refund, once each and theirs (the refund's event adds no entry of its own).
    expect((await auditOf(app(), order.orderNumber)).map((entry) => [entry.action, entry.actor_id])).toEqual([
      ['order.cancelled', admin.user.id],
      ['order.refunded', admin.user.id],
    ]);
  });

  it('kept off and refunded in Stripe’s dashboard instead: refunded, in the audit trail as the system’s, the buyer mailed once', async () => {
    const { order, row } = await cancelledBeforeLateDebit();
    await stripe().refund(row.stripe_payment_intent_id as string);
    await stripe().idle();
    const refunded = await orderRow(app(), order.orderNumber);
    expect(refunded.status).toBe('refunded');
    expect(refunded.refunded_at).not.toBeNull();
    expect(await auditOf(app(), order.orderNumber)).toMatchObject([
      { action: 'order.refunded', actor_id: null, actor_email: 'system', ip: '' },
    ]);
    expect((await mailsOf(app(), 'order_cancelled')).map((mail) => mail.to)).toEqual([SHIPPING.email]);
  });

  it('withdrawn before Printful (held) and refunded in Stripe’s dashboard: the buyer mailed once, an admin’s later click finds it done', async () => {
    const { cookie } = await signedInBuyer(app());
    const admin = await signedInUser(app(), { admin: true });
    const { order } = await paidOrder(cookie);
    await declareWithdrawal(order.orderNumber);
    const held = await orderRow(app(), order.orderNumber);
    expect(held.status).toBe('cancelled');

    await stripe().refund(held.stripe_payment_intent_id as string);
    await stripe().idle();
    expect((await orderRow(app(), order.orderNumber)).status).toBe('refunded');
    expect((await mailsOf(app(), 'order_cancelled')).map((mail) => mail.to)).toEqual([SHIPPING.email]);
    expect(await app().orders.runOnce()).toBe(0);
    expect(printfulOrdersOf(order.orderNumber)).toHaveLength(0);

    const click = await trpcMutation(app().url, 'orders.cancel', { orderNumber: order.orderNumber }, { cookie: admin.cookie });
    expect(click.body.result?.data).toEqual({ status: 'refunded', refundedBefore: true });
    expect(await mailsOf(app(), 'order_cancelled')).toHaveLength(1);
    expect((await auditOf(app(), order.orderNumber)).map((entry) => [entry.action, entry.actor_email])).toEqual([
      ['order.refunded', 'system'],
    ]);
  });

  it('cancelled before its late debit settled: recorded as paid, kept off, the team told once', async () => {
    const { order, row } = await cancelledBeforeLateDebit();
    expect(row.status).toBe('cancelled');
    expect(row.paid_at).not.toBeNull();
    expect(await app().orders.runOnce()).toBe(0);
    expect(printfulOrdersOf(order.orderNumber)).toHaveLength(0);
    expect(await confirmations(order.orderNumber)).toEqual([]);
    expect(await teamMails(order.orderNumber)).toEqual([`Bestellung ${order.orderNumber}: Zahlung für eine stornierte Bestellung`]);
    // The same news again (a redelivered event) tells nobody twice.
    const paidEvent = stripe()
      .events()
      .find((e) => e.type === 'checkout.session.async_payment_succeeded');
    expect(paidEvent).toBeDefined();
    await stripe().redeliver(paidEvent?.id as string);
    await stripe().idle();
    expect(await teamMails(order.orderNumber)).toHaveLength(1);
  });
});

describe('a refund made in Stripe’s dashboard for an order already at Printful', () => {
  it('is recorded; the admin’s cancel then cancels at Printful and mails the buyer without refunding twice', async () => {
    const { cookie } = await signedInBuyer(app());
    const admin = await signedInUser(app(), { admin: true });
    const { order } = await paidOrder(cookie);
    expect(await app().orders.runOnce()).toBe(1);
    const paid = await orderRow(app(), order.orderNumber);
    await stripe().refund(paid.stripe_payment_intent_id as string);
    await stripe().idle();
    let row = await orderRow(app(), order.orderNumber);
    expect(row).toMatchObject({ status: 'confirmed', refunded_at: expect.any(String) });
    expect(app().logs).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: 'order refunded in Stripe while at Printful; cancel it in the orders admin if it should not ship',
      }),
    );
    const refundsBefore = stripe()
      .requests()
      .filter((r) => r.method === 'POST' && r.path === '/v1/refunds').length;

    const result = await trpcMutation(app().url, 'orders.cancel', { orderNumber: order.orderNumber }, { cookie: admin.cookie });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    row = await orderRow(app(), order.orderNumber);
    expect(row.status).toBe('refunded');
    expect(printfulOrdersOf(order.orderNumber).map((o) => o.status)).toEqual(['canceled']);
    expect(
      stripe()
        .requests()
        .filter((r) => r.method === 'POST' && r.path === '/v1/refunds'),
    ).toHaveLength(refundsBefore);
    expect(await mailsOf(app(), 'order_cancelled')).toHaveLength(1);
    // The system recorded the refund (its event), the admin the cancel (same moment here: ordered by action).
    expect((await auditOf(app(), order.orderNumber)).map((entry) => [entry.action, entry.actor_email])).toEqual([
      ['order.cancelled', admin.email],
      ['order.refunded', 'system'],
    ]);
  });
});

describe('a payment whose webhook never came', () => {
  const HOUR = 60 * 60_000;
  const retrievals = () =>
    stripe()
      .requests()
      .filter((r) => r.method === 'GET' && r.path.startsWith('/v1/checkout/sessions/'));
  const repairs = () =>
    app().logs.filter((line) => line.msg === 'order payment settled from stripe without its webhook; check the webhook endpoint');
  /** An order whose Checkout happened at Stripe (by `act`) while the webhook reached nobody. */
  async function orderWithLostWebhook(act: (sessionId: string) => Promise<unknown>) {
    const { cookie } = await signedInUser(app());
    stripe().configure({ webhookUrl: null });
    const order = await placeOrder(app(), cookie);
    const session = sessionOf(order.checkoutUrl);
    await act(session.id);
    await stripe().idle();
    expect((await orderRow(app(), order.orderNumber)).status).toBe('pending_payment');
    return { order, session };
  }

  it('paid: a day after Checkout ran out, Stripe is asked, and the order is paid, mailed and placed at Printful in that run', async () => {
    const { order } = await orderWithLostWebhook((id) => stripe().complete(id, { method: 'card' }));
    // While the session could still be going on, nobody asks.
    app().clock.advance(24 * HOUR);
    expect(await app().orders.runOnce()).toBe(0);
    expect(retrievals()).toHaveLength(0);
    expect((await orderRow(app(), order.orderNumber)).status).toBe('pending_payment');

    app().clock.advance(1 * HOUR + 1000);
    expect(await app().orders.runOnce()).toBe(1);
    const row = await orderRow(app(), order.orderNumber);
    expect(row.status).toBe('confirmed');
    expect(row.paid_at).not.toBeNull();
    expect(printfulOrdersOf(order.orderNumber).map((o) => o.status)).toEqual(['pending']);
    expect(await mailsOf(app(), 'order_confirmation')).toHaveLength(1);
    expect(repairs()).toEqual([expect.objectContaining({ level: 'warn', orderNumber: order.orderNumber, sessionStatus: 'complete' })]);
    // Settled: not asked about again.
    app().clock.advance(2 * HOUR);
    await app().orders.runOnce();
    expect(retrievals()).toHaveLength(1);
  });

  it('expired: the order is cancelled and nothing reaches Printful', async () => {
    const { order } = await orderWithLostWebhook((id) => stripe().expire(id));
    app().clock.advance(25 * HOUR + 1000);
    expect(await app().orders.runOnce()).toBe(0);
    expect((await orderRow(app(), order.orderNumber)).status).toBe('cancelled');
    expect(printful().orders).toHaveLength(0);
    expect(await mailsOf(app(), 'order_confirmation')).toHaveLength(0);
    expect(repairs()).toEqual([expect.objectContaining({ orderNumber: order.orderNumber, sessionStatus: 'expired' })]);
  });

  it('a SEPA debit that failed: its PaymentIntent is asked, the order cancelled and the buyer told; one still under way waits', async () => {
    const { order: failed } = await orderWithLostWebhook((id) => stripe().complete(id, { method: 'sepa_debit', outcome: 'failed' }));
    const { order: underWay } = await orderWithLostWebhook((id) =>
      stripe().complete(id, { method: 'sepa_debit', outcome: 'succeeded', settle: 'later' }),
    );
    app().clock.advance(25 * HOUR + 1000);
    // (runOnce counts the orders it placed at Printful.)
    expect(await app().orders.runOnce()).toBe(0);
    expect((await orderRow(app(), failed.orderNumber)).status).toBe('cancelled');
    expect((await mailsOf(app(), 'order_cancelled')).map((mail) => mail.subject)).toEqual([
      `Die Zahlung für Ihre Bestellung ${failed.orderNumber} ist fehlgeschlagen`,
    ]);
    expect(repairs()).toEqual([
      expect.objectContaining({ orderNumber: failed.orderNumber, paymentIntentStatus: 'requires_payment_method' }),
    ]);
    expect((await orderRow(app(), underWay.orderNumber)).status).toBe('pending_payment');
    expect(printful().orders).toHaveLength(0);
  });

  it('no session ever made (Stripe down at the click, never tried again): cancelled a day later, Stripe not asked', async () => {
    const { cookie } = await signedInBuyer(app());
    stripe().inject({ path: '/v1/checkout/sessions', status: 500, times: 10 });
    const failed = await trpcMutation(app().url, 'orders.create', orderInput(), { cookie });
    expect(failed.body.error?.data.appCode).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    stripe().heal();
    const [row] = await app().db.selectFrom('orders').selectAll().execute();
    expect(row).toMatchObject({ status: 'pending_payment', stripe_session_id: null });
    app().clock.advance(24 * HOUR);
    await app().orders.runOnce();
    expect((await orderRow(app(), row?.order_number ?? '')).status).toBe('pending_payment');
    app().clock.advance(1 * HOUR + 1000);
    expect(await app().orders.runOnce()).toBe(0);
    expect((await orderRow(app(), row?.order_number ?? '')).status).toBe('cancelled');
    expect(retrievals()).toHaveLength(0);
    expect(printful().orders).toHaveLength(0);
  });

  it('Stripe down: the order keeps waiting, is asked about again an hour later, and is then paid', async () => {
    const { order } = await orderWithLostWebhook((id) => stripe().complete(id, { method: 'card' }));
    stripe().inject({
      path: '/v1/checkout/sessions/*',
      method: 'GET',
      status: 500,
      times: 10,
      body: { error: { type: 'api_error', message: 'down' } },
    });
    app().clock.advance(25 * HOUR + 1000);
    expect(await app().orders.runOnce()).toBe(0);
    expect((await orderRow(app(), order.orderNumber)).status).toBe('pending_payment');
    expect(app().logs).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: 'could not ask stripe about a stale order payment; asking again later',
        orderNumber: order.orderNumber,
      }),
    );
    stripe().heal();
    const asked = retrievals().length;
    app().clock.advance(30 * 60_000);
    expect(await app().orders.runOnce()).toBe(0);
    expect(retrievals()).toHaveLength(asked);
    app().clock.advance(30 * 60_000 + 1000);
    expect(await app().orders.runOnce()).toBe(1);
    expect((await orderRow(app(), order.orderNumber)).status).toBe('confirmed');
  });
});

describe('without Stripe', () => {
  it('the shop works as before: a Printful draft and the mail at once, no Checkout', async () => {
    await restartApp(false);
    const { cookie } = await signedInBuyer(app());
    const order = await placeOrder(app(), cookie);
    expect(order.status).toBe('submitted');
    expect(order.checkoutUrl).toBeUndefined();
    expect(printfulOrdersOf(order.orderNumber).map((o) => o.status)).toEqual(['draft']);
    expect(await mailsOf(app(), 'order_confirmation')).toHaveLength(1);
    expect(stripe().requests()).toHaveLength(0);
  });
});

/** Delivers an event the fake did not send, correctly signed (Stripe sometimes sends one change twice under two ids). */
async function deliverAsNewEvent(target: TestApp, event: Record<string, unknown>) {
  const body = JSON.stringify(event);
  const header = new Stripe(FAKE_STRIPE_SECRET_KEY).webhooks.generateTestHeaderString({
    payload: body,
    secret: FAKE_STRIPE_WEBHOOK_SECRET,
  });
  const response = await target.request('/api/stripe/webhook', {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
  });
  expect(response.status).toBe(200);
}
