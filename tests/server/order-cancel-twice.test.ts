/**
 * An admin's "Stornieren und erstatten" clicked twice at once (two tabs, two admins, a double click), and
 * a cancel that stopped after Stripe made its refund, against the fake Stripe and the fake Printful.
 *
 * Two cancels at once end as one: one `order.cancelled` and one `order.refunded` entry, one refund at
 * Stripe (one idempotency key per order), one mail to the buyer, and both clicks answer the order
 * refunded (cancel-order.ts: the entries are checked and written under the order's row lock). On
 * PostgreSQL the two really run at the same time; each case runs a few rounds.
 *
 * A cancel that stopped after Stripe refunded (the process died, or its last transaction failed) is
 * finished by the refund's own event (refund.created, its metadata naming the order): refunded, the
 * refund recorded as the cancelling admin's, the buyer mailed once; a later click finds it done.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { CreatedOrder } from '@shared/schemas/checkout';
import type { AuditActor } from '@server/audit/record';
import { cancelPaidOrder } from '@server/orders/cancel-order';
import { signedInUser } from '../support/accounts';
import { trpcMutation } from '../support/http';
import { signedInBuyer, TEST_SHIPPING } from '../support/orders';
import { useShopWithFakes } from '../support/shop-app';

const { stripe, printful, app } = useShopWithFakes();

/** How many times each race runs (on PostgreSQL the interleaving differs from round to round). */
const ROUNDS = 3;

const orderRow = (orderNumber: string) =>
  app().db.selectFrom('orders').selectAll().where('order_number', '=', orderNumber).executeTakeFirstOrThrow();
const cancelMails = async (orderNumber: string) =>
  (await app().db.selectFrom('outbox').selectAll().where('kind', '=', 'order_cancelled').execute()).filter((mail) =>
    mail.subject.includes(orderNumber),
  );
const auditOf = async (orderNumber: string) =>
  (
    await app()
      .db.selectFrom('audit_log')
      .selectAll()
      .where('object_type', '=', 'order')
      .where('object_id', '=', orderNumber)
      .orderBy('created_at')
      .orderBy('action')
      .execute()
  ).map((entry) => [entry.action, entry.actor_email]);
/** The refunds Stripe made for this payment (not the calls: a replayed call makes none). */
const refundsOf = (paymentIntentId: string) =>
  stripe()
    .events()
    .filter((e) => e.type === 'refund.created' && e.data.object.payment_intent === paymentIntentId);
const actorOf = (admin: { user: { id: string }; email: string }): AuditActor => ({
  id: admin.user.id,
  email: admin.email,
  ip: '127.0.0.1',
});

async function placedOrder(cookie: string) {
  const input = { shipping: TEST_SHIPPING, lines: [{ variantId: '5001', quantity: 1 }], idempotencyKey: randomUUID(), locale: 'de' };
  const created = await trpcMutation(app().url, 'orders.create', input, { cookie });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const order = created.body.result?.data as CreatedOrder;
  const session = stripe()
    .sessions()
    .find((s) => s.url === order.checkoutUrl) as { id: string };
  return { order, session };
}

/** A paid order confirmed at Printful. */
async function confirmedOrder(cookie: string) {
  const { order, session } = await placedOrder(cookie);
  await stripe().complete(session.id, { method: 'card' });
  await app().orders.runOnce();
  const row = await orderRow(order.orderNumber);
  expect(row.status).toBe('confirmed');
  return { orderNumber: order.orderNumber, paymentIntentId: row.stripe_payment_intent_id as string };
}

/** An order withdrawn before its money came: kept off, `cancelled` with the payment recorded, no admin's cancel yet. */
async function paidAfterWithdrawal(cookie: string) {
  const { order, session } = await placedOrder(cookie);
  const declared = await trpcMutation(app().url, 'withdrawals.declare', {
    name: 'Ada Lovelace',
    orderNumber: order.orderNumber,
    email: TEST_SHIPPING.email,
    message: '',
    locale: 'de',
  });
  expect(declared.status, JSON.stringify(declared.body)).toBe(200);
  await stripe().complete(session.id, { method: 'card' });
  const row = await orderRow(order.orderNumber);
  expect(row).toMatchObject({ status: 'cancelled', paid_at: expect.any(String) });
  expect(await auditOf(order.orderNumber)).toEqual([]);
  return { orderNumber: order.orderNumber, paymentIntentId: row.stripe_payment_intent_id as string };
}

describe('two cancels of one order at the same moment', () => {
  it('an order whose money came after a withdrawal: one cancel entry, one refund, one mail; both clicks answer success', async () => {
    const { cookie } = await signedInBuyer(app());
    const admin = await signedInUser(app(), { admin: true });
    for (let round = 0; round < ROUNDS; round++) {
      const { orderNumber, paymentIntentId } = await paidAfterWithdrawal(cookie);
      const both = await Promise.all([
        cancelPaidOrder(app().appDeps, actorOf(admin), orderNumber),
        cancelPaidOrder(app().appDeps, actorOf(admin), orderNumber),
      ]);
      await stripe().idle();
      expect(both).toEqual([
        { status: 'refunded', refundedBefore: false },
        { status: 'refunded', refundedBefore: false },
      ]);
      expect(await orderRow(orderNumber)).toMatchObject({ status: 'refunded', refunded_at: expect.any(String) });
      expect(await auditOf(orderNumber)).toEqual([
        ['order.cancelled', admin.email],
        ['order.refunded', admin.email],
      ]);
      expect(refundsOf(paymentIntentId)).toHaveLength(1);
      expect(await cancelMails(orderNumber)).toHaveLength(1);
    }
  });

  it('the same through orders.cancel, by two admins: both 200, each entry once', async () => {
    const { cookie } = await signedInBuyer(app());
    const first = await signedInUser(app(), { admin: true });
    const second = await signedInUser(app(), { admin: true });
    for (let round = 0; round < ROUNDS; round++) {
      const { orderNumber, paymentIntentId } = await paidAfterWithdrawal(cookie);
      const answers = await Promise.all(
        [first, second].map((admin) => trpcMutation(app().url, 'orders.cancel', { orderNumber }, { cookie: admin.cookie })),
      );
      await stripe().idle();
      for (const answer of answers) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        expect(answer.body.result?.data).toEqual({ status: 'refunded', refundedBefore: false });
      }
      const audit = await auditOf(orderNumber);
      expect(audit.map(([action]) => action)).toEqual(['order.cancelled', 'order.refunded']);
      expect([first.email, second.email]).toContain(audit[0]?.[1]);
      expect(refundsOf(paymentIntentId)).toHaveLength(1);
      expect(await cancelMails(orderNumber)).toHaveLength(1);
    }
  });

  it('an order confirmed at Printful: cancelled there once, refunded once; the click Printful refused answers success too', async () => {
    const { cookie } = await signedInBuyer(app());
    const admin = await signedInUser(app(), { admin: true });
    for (let round = 0; round < ROUNDS; round++) {
      const { orderNumber, paymentIntentId } = await confirmedOrder(cookie);
      const both = await Promise.all([
        cancelPaidOrder(app().appDeps, actorOf(admin), orderNumber),
        cancelPaidOrder(app().appDeps, actorOf(admin), orderNumber),
      ]);
      await stripe().idle();
      expect(both).toEqual([
        { status: 'refunded', refundedBefore: false },
        { status: 'refunded', refundedBefore: false },
      ]);
      expect(
        printful()
          .orders.filter((o) => o.external_id === orderNumber)
          .map((o) => o.status),
      ).toEqual(['canceled']);
      expect(await orderRow(orderNumber)).toMatchObject({ status: 'refunded' });
      expect(await auditOf(orderNumber)).toEqual([
        ['order.cancelled', admin.email],
        ['order.refunded', admin.email],
      ]);
      expect(refundsOf(paymentIntentId)).toHaveLength(1);
      expect(await cancelMails(orderNumber)).toHaveLength(1);
    }
  });

  it('one after the other (a list not refreshed yet): the second finds it done, with the answer of the first', async () => {
    const { cookie } = await signedInBuyer(app());
    const admin = await signedInUser(app(), { admin: true });
    const { orderNumber } = await confirmedOrder(cookie);
    expect(await cancelPaidOrder(app().appDeps, actorOf(admin), orderNumber)).toEqual({ status: 'refunded', refundedBefore: false });
    await stripe().idle();
    expect(await cancelPaidOrder(app().appDeps, actorOf(admin), orderNumber)).toEqual({ status: 'refunded', refundedBefore: false });
    expect(
      stripe()
        .requests()
        .filter((r) => r.method === 'POST' && r.path === '/v1/refunds'),
    ).toHaveLength(1);
    expect(printful().requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    expect(await auditOf(orderNumber)).toHaveLength(2);
    expect(await cancelMails(orderNumber)).toHaveLength(1);
  });

  it('a click whose refund Stripe answers "key in use" (the other click with the same key under way) waits for it and answers success too', async () => {
    const { cookie } = await signedInBuyer(app());
    const admin = await signedInUser(app(), { admin: true });
    const { orderNumber, paymentIntentId } = await paidAfterWithdrawal(cookie);
    // Stripe's 409 while another request with the same key runs: for this click's request and the SDK's one retry.
    stripe().inject({
      path: '/v1/refunds',
      method: 'POST',
      status: 409,
      body: { error: { type: 'idempotency_error', code: 'idempotency_key_in_use', message: 'another request is using this key' } },
      times: 2,
    });
    const refundCalls = () =>
      stripe()
        .requests()
        .filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
    const waiting = cancelPaidOrder(app().appDeps, actorOf(admin), orderNumber);
    await vi.waitFor(() => expect(refundCalls()).toHaveLength(2), { timeout: 15_000, interval: 20 });
    // The other click, whose refund goes through and finishes the order.
    const other = await cancelPaidOrder(app().appDeps, actorOf(admin), orderNumber);
    expect(other).toEqual({ status: 'refunded', refundedBefore: false });
    expect(await waiting).toEqual({ status: 'refunded', refundedBefore: false });
    await stripe().idle();
    expect(await auditOf(orderNumber)).toEqual([
      ['order.cancelled', admin.email],
      ['order.refunded', admin.email],
    ]);
    expect(refundsOf(paymentIntentId)).toHaveLength(1);
    expect(await cancelMails(orderNumber)).toHaveLength(1);
  });
});

describe('a cancel that stopped after Stripe made its refund', () => {
  /** The admin's cancel, whose refund Stripe makes, after which the cancel stops (as a process that died). */
  function cancelStoppingAfterRefund(actor: AuditActor, orderNumber: string) {
    const real = app().appDeps.stripe;
    if (!real) throw new Error('Stripe is configured in these tests');
    const refunds = {
      create: async (...args: Parameters<typeof real.refunds.create>) => {
        await real.refunds.create(...args);
        throw new Error('the process died here');
      },
    };
    const dying = new Proxy(real, { get: (target, key) => (key === 'refunds' ? refunds : Reflect.get(target, key)) });
    return cancelPaidOrder({ ...app().appDeps, stripe: dying }, actor, orderNumber);
  }

  it('its event finishes it: refunded, the refund the admin’s, one mail; a later click finds it done', async () => {
    const { cookie } = await signedInBuyer(app());
    const admin = await signedInUser(app(), { admin: true });
    const { orderNumber, paymentIntentId } = await confirmedOrder(cookie);
    // The events wait until the cancel has stopped.
    stripe().configure({ delivery: 'queued' });
    await expect(cancelStoppingAfterRefund(actorOf(admin), orderNumber)).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
    expect(await orderRow(orderNumber)).toMatchObject({ status: 'cancelled' });
    expect(await cancelMails(orderNumber)).toHaveLength(0);

    stripe().configure({ delivery: 'inline' });
    await stripe().flush();
    expect(
      stripe()
        .deliveries()
        .map((d) => [d.type, d.status]),
    ).toEqual(
      expect.arrayContaining([
        ['refund.created', 200],
        ['charge.refunded', 200],
      ]),
    );
    expect(await orderRow(orderNumber)).toMatchObject({ status: 'refunded', refunded_at: expect.any(String) });
    const entries = await app()
      .db.selectFrom('audit_log')
      .selectAll()
      .where('object_id', '=', orderNumber)
      .orderBy('created_at')
      .orderBy('action')
      .execute();
    expect(entries.map((entry) => [entry.action, entry.actor_id, entry.actor_email])).toEqual([
      ['order.cancelled', admin.user.id, admin.email],
      ['order.refunded', admin.user.id, admin.email],
    ]);
    const refund = refundsOf(paymentIntentId)[0]?.data.object as { id: string };
    expect(JSON.parse(entries[1]?.detail ?? '{}')).toMatchObject({ refundId: refund.id });
    expect(await cancelMails(orderNumber)).toHaveLength(1);

    // The admin clicks again: done, nothing refunded, recorded or mailed twice.
    const again = await trpcMutation(app().url, 'orders.cancel', { orderNumber }, { cookie: admin.cookie });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.result?.data).toEqual({ status: 'refunded', refundedBefore: false });
    expect(refundsOf(paymentIntentId)).toHaveLength(1);
    expect(await auditOf(orderNumber)).toHaveLength(2);
    expect(await cancelMails(orderNumber)).toHaveLength(1);
  });

  it('its event delivered twice, or before the charge’s: the order is finished once', async () => {
    const { cookie } = await signedInBuyer(app());
    const admin = await signedInUser(app(), { admin: true });
    const { orderNumber } = await paidAfterWithdrawal(cookie);
    stripe().configure({ delivery: 'queued', duplicate: true, shuffle: true });
    await expect(cancelStoppingAfterRefund(actorOf(admin), orderNumber)).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
    await stripe().flush();
    expect(
      stripe()
        .deliveries()
        .every((d) => d.ok),
    ).toBe(true);
    expect(await orderRow(orderNumber)).toMatchObject({ status: 'refunded' });
    expect(await auditOf(orderNumber)).toEqual([
      ['order.cancelled', admin.email],
      ['order.refunded', admin.email],
    ]);
    expect(await cancelMails(orderNumber)).toHaveLength(1);
  });

  it('a refund made in Stripe’s dashboard (no metadata of ours) does not finish an admin’s cancel that failed before refunding', async () => {
    const { cookie } = await signedInBuyer(app());
    const admin = await signedInUser(app(), { admin: true });
    const { orderNumber, paymentIntentId } = await paidAfterWithdrawal(cookie);
    stripe().inject({ path: '/v1/refunds', method: 'POST', status: 500, times: 5 });
    await expect(cancelPaidOrder(app().appDeps, actorOf(admin), orderNumber)).rejects.toMatchObject({
      code: 'PAYMENT_PROVIDER_UNAVAILABLE',
    });
    stripe().heal();
    await stripe().refund(paymentIntentId);
    await stripe().idle();
    // As before: the money is back (refunded_at), the buyer's mail and the entry wait for the admin's click.
    expect(await orderRow(orderNumber)).toMatchObject({ status: 'cancelled', refunded_at: expect.any(String) });
    expect(await cancelMails(orderNumber)).toHaveLength(0);
    expect(await cancelPaidOrder(app().appDeps, actorOf(admin), orderNumber)).toEqual({ status: 'refunded', refundedBefore: true });
    expect(await auditOf(orderNumber)).toEqual([
      ['order.cancelled', admin.email],
      ['order.refunded', 'system'],
    ]);
    expect(await cancelMails(orderNumber)).toHaveLength(1);
  });
});
