/**
 * A refund Stripe made that failed later (refund.failed; stripe-api.md §5: a closed card, a rejected SEPA
 * return), against the fake Stripe and the fake Printful: the money is not back, so the order or the gift
 * counts as paid again, the failure is in the audit trail as the system's, the team is mailed, and an
 * order's refund can be made again — a new refund, not Stripe's replay of the failed one.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatCents } from '@shared/money';
import type { CreatedOrder } from '@shared/schemas/checkout';
import type { DonationTotals } from '@shared/schemas/donations-admin';
import type { AdminOrderList } from '@shared/schemas/orders-admin';
import { signedInUser } from '../support/accounts';
import { trpcMutation, trpcQuery } from '../support/http';
import { signedInBuyer, TEST_SHIPPING } from '../support/orders';
import { useShopWithFakes } from '../support/shop-app';

const { stripe, printful, app } = useShopWithFakes();

async function paidOrder(): Promise<CreatedOrder> {
  const { cookie } = await signedInBuyer(app());
  const input = {
    shipping: TEST_SHIPPING,
    lines: [{ variantId: '5001', quantity: 1 }],
    idempotencyKey: randomUUID(),
    locale: 'de',
  };
  const { status, body } = await trpcMutation(app().url, 'orders.create', input, { cookie });
  expect(status, JSON.stringify(body)).toBe(200);
  const order = body.result?.data as CreatedOrder;
  const session = stripe()
    .sessions()
    .find((s) => s.url === order.checkoutUrl);
  await stripe().complete(session?.id as string, { method: 'card' });
  return order;
}

const orderRow = (orderNumber: string) =>
  app().db.selectFrom('orders').selectAll().where('order_number', '=', orderNumber).executeTakeFirstOrThrow();
const trail = async (objectId: string) =>
  (
    await app()
      .db.selectFrom('audit_log')
      .select(['action', 'actor_email', 'created_at', 'detail'])
      .where('object_id', '=', objectId)
      .execute()
  )
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.action.localeCompare(b.action))
    .map((entry) => [entry.action, entry.actor_email]);
const refundRequests = () =>
  stripe()
    .requests()
    .filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
const refundsOf = (paymentIntentId: string) =>
  stripe()
    .events()
    .filter((e) => e.type === 'refund.created' && e.data.object.payment_intent === paymentIntentId)
    .map((e) => e.data.object.id as string);
const teamMails = () => app().db.selectFrom('outbox').selectAll().where('kind', '=', 'team_notice').orderBy('created_at').execute();
const adminOrder = async (cookie: string, orderNumber: string) =>
  ((await trpcQuery(app().url, 'orders.adminList', {}, { cookie })).body.result?.data as AdminOrderList | undefined)?.orders.find(
    (o) => o.orderNumber === orderNumber,
  );

describe('an order’s refund that failed later', () => {
  it('the admin’s cancel: the order is paid and cancelled again, the team told; the next click makes a new refund', async () => {
    const admin = await signedInUser(app(), { admin: true });
    const order = await paidOrder();
    await app().orders.runOnce();
    const cancelled = await trpcMutation(app().url, 'orders.cancel', { orderNumber: order.orderNumber }, { cookie: admin.cookie });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await stripe().idle();
    const paymentIntentId = (await orderRow(order.orderNumber)).stripe_payment_intent_id as string;
    const [firstRefund] = refundsOf(paymentIntentId);
    const teamBefore = (await teamMails()).length;

    app().clock.advance(5 * 24 * 3600_000);
    await stripe().failRefund(firstRefund as string, 'expired_or_canceled_card');
    await stripe().idle();

    const row = await orderRow(order.orderNumber);
    expect(row).toMatchObject({ status: 'cancelled', refunded_at: null, refund_failed_at: expect.any(String) });
    expect(row.paid_at).not.toBeNull();
    expect(await trail(order.orderNumber)).toEqual([
      ['order.cancelled', admin.email],
      ['order.refunded', admin.email],
      ['order.refund_failed', 'system'],
    ]);
    const mails = await teamMails();
    expect(mails).toHaveLength(teamBefore + 1);
    const mail = mails.at(-1);
    expect(mail?.subject).toBe(`Bestellung ${order.orderNumber}: Erstattung fehlgeschlagen`);
    expect(mail?.text).toContain('expired_or_canceled_card');
    expect(mail?.text).toContain('erneut „Stornieren und erstatten“');
    // /orders-admin shows it paid again, the failure beside it and the button back.
    const listed = await adminOrder(admin.cookie, order.orderNumber);
    expect(listed).toMatchObject({ payment: 'paid', refundedAt: null, refundFailedAt: row.refund_failed_at, cancellable: true });

    // The click again: a new refund under a new key (the first key would replay the failed refund).
    const again = await trpcMutation(app().url, 'orders.cancel', { orderNumber: order.orderNumber }, { cookie: admin.cookie });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.result?.data).toEqual({ status: 'refunded', refundedBefore: false });
    await stripe().idle();
    expect(refundRequests().map((r) => r.idempotencyKey)).toEqual([`order-refund-${row.id}`, `order-refund-${row.id}-retry-1`]);
    expect(refundsOf(paymentIntentId)).toHaveLength(2);
    expect(await orderRow(order.orderNumber)).toMatchObject({
      status: 'refunded',
      refunded_at: expect.any(String),
      refund_failed_at: null,
    });
    // The refund that stands is the admin's again, once; Printful's order was cancelled once, by the first click.
    expect(await trail(order.orderNumber)).toEqual([
      ['order.cancelled', admin.email],
      ['order.refunded', admin.email],
      ['order.refund_failed', 'system'],
      ['order.refunded', admin.email],
    ]);
    expect(
      printful()
        .orders.filter((o) => o.external_id === order.orderNumber)
        .map((o) => o.status),
    ).toEqual(['canceled']);
    // The buyer hears that the money goes back now, really.
    expect(await app().db.selectFrom('outbox').select('id').where('kind', '=', 'order_cancelled').execute()).toHaveLength(2);
    // A third click: done is done.
    const third = await trpcMutation(app().url, 'orders.cancel', { orderNumber: order.orderNumber }, { cookie: admin.cookie });
    expect(third.body.result?.data).toEqual({ status: 'refunded', refundedBefore: false });
    expect(refundRequests()).toHaveLength(2);
  });

  it('a refund made in Stripe’s dashboard of an order at Printful: refunded no more, the order goes on, the team told', async () => {
    const order = await paidOrder();
    expect(await app().orders.runOnce()).toBe(1);
    const paymentIntentId = (await orderRow(order.orderNumber)).stripe_payment_intent_id as string;
    const refund = await stripe().refund(paymentIntentId);
    await stripe().idle();
    expect((await orderRow(order.orderNumber)).refunded_at).not.toBeNull();

    app().clock.advance(3 * 24 * 3600_000);
    await stripe().failRefund(refund.id as string, 'declined');
    await stripe().idle();
    expect(await orderRow(order.orderNumber)).toMatchObject({
      status: 'confirmed',
      refunded_at: null,
      refund_failed_at: expect.any(String),
    });
    expect(await trail(order.orderNumber)).toEqual([
      ['order.refunded', 'system'],
      ['order.refund_failed', 'system'],
    ]);
    const mail = (await teamMails()).at(-1);
    expect(mail?.subject).toBe(`Bestellung ${order.orderNumber}: Erstattung fehlgeschlagen`);
    expect(mail?.text).toContain('Bitte dort erneut erstatten');

    // Refunded again in the dashboard, and this one holds: refunded, its entry written anew.
    app().clock.advance(3600_000);
    await stripe().refund(paymentIntentId);
    await stripe().idle();
    expect(await orderRow(order.orderNumber)).toMatchObject({ refunded_at: expect.any(String), refund_failed_at: null });
    expect((await trail(order.orderNumber)).filter(([action]) => action === 'order.refunded')).toHaveLength(2);
  });

  it('a failed refund whose event comes twice changes the order once', async () => {
    const order = await paidOrder();
    await app().orders.runOnce();
    const paymentIntentId = (await orderRow(order.orderNumber)).stripe_payment_intent_id as string;
    const refund = await stripe().refund(paymentIntentId);
    await stripe().idle();
    await stripe().failRefund(refund.id as string);
    await stripe().idle();
    const failedEvent = stripe()
      .events()
      .find((e) => e.type === 'refund.failed');
    await stripe().redeliver(failedEvent?.id as string);
    expect((await trail(order.orderNumber)).filter(([action]) => action === 'order.refund_failed')).toHaveLength(1);
    expect((await teamMails()).filter((m) => m.subject.includes('Erstattung fehlgeschlagen'))).toHaveLength(1);
  });
});

describe('a donation’s refund that failed later', () => {
  async function paidGift(amount: string) {
    const { status, body } = await trpcMutation(app().url, 'donations.start', {
      amount,
      mode: 'one_time',
      email: 'spender@example.org',
      locale: 'de',
    });
    expect(status, JSON.stringify(body)).toBe(200);
    const url = (body.result?.data as { url: string } | undefined)?.url;
    const session = stripe()
      .sessions()
      .find((s) => s.url === url);
    await stripe().complete(session?.id as string, { method: 'card' });
    const donation = await app()
      .db.selectFrom('donations')
      .selectAll()
      .where('stripe_session_id', '=', session?.id as string)
      .executeTakeFirstOrThrow();
    return { donation, paymentIntentId: donation.stripe_payment_intent_id as string };
  }
  const donationState = async (id: string) => ({
    status: (await app().db.selectFrom('donations').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status,
    payments: await app().db.selectFrom('donation_payments').select(['status', 'refunded_cents']).where('donation_id', '=', id).execute(),
  });

  it('refunded whole: the gift and its payment are paid again, the failure in the trail, the team told', async () => {
    const { donation, paymentIntentId } = await paidGift('25');
    const refund = await stripe().refund(paymentIntentId);
    await stripe().idle();
    expect(await donationState(donation.id)).toEqual({ status: 'refunded', payments: [{ status: 'refunded', refunded_cents: 2500 }] });

    app().clock.advance(3 * 24 * 3600_000);
    await stripe().failRefund(refund.id as string, 'expired_or_canceled_card');
    await stripe().idle();
    expect(await donationState(donation.id)).toEqual({ status: 'paid', payments: [{ status: 'paid', refunded_cents: 0 }] });
    expect(await trail(donation.id)).toEqual([
      ['donation.refunded', 'system'],
      ['donation.refund_failed', 'system'],
    ]);
    const mail = (await teamMails()).at(-1);
    expect(mail?.subject).toBe(`Spende: Erstattung über ${formatCents(2500)} fehlgeschlagen`);
    expect(mail?.text).toContain('expired_or_canceled_card');
    expect(mail?.text).toContain('spender@example.org');
    expect(mail?.text).toContain('/donations-admin?month=');
    // The treasurer's figures count the money as received again.
    const admin = await signedInUser(app(), { admin: true });
    const totals = (await trpcQuery(app().url, 'donationsAdmin.totals', {}, { cookie: admin.cookie })).body.result?.data as DonationTotals;
    expect(totals.years[0]).toMatchObject({ oneTimeCents: 2500, refundedCents: 0, payments: 1 });
  });

  it('a part refunded: only that part is counted back', async () => {
    const { donation, paymentIntentId } = await paidGift('25');
    const first = await stripe().refund(paymentIntentId, 1000);
    await stripe().refund(paymentIntentId, 500);
    await stripe().idle();
    expect((await donationState(donation.id)).payments).toEqual([{ status: 'paid', refunded_cents: 1500 }]);
    await stripe().failRefund(first.id as string);
    await stripe().idle();
    expect(await donationState(donation.id)).toEqual({ status: 'paid', payments: [{ status: 'paid', refunded_cents: 500 }] });
  });
});
