/**
 * Two parties acting on one order at the same moment, against the fake Stripe and the fake Printful.
 *
 * A withdrawal and the order's money (PostgreSQL, where two servers write at once): each takes the
 * order's row lock first (src-server/orders/order-lock.ts) and decides from what the other committed, in
 * either order — the money for a withdrawn order keeps it off, a withdrawal of a paid order holds it.
 * The interleaving is forced, not hoped for: a transaction of the test holds the outbox (where both
 * queue their mails) locked until both are under way and waiting; before the row lock, each then went
 * on from a state the other was about to change, and the withdrawn order went to Printful.
 *
 * A refund made in Stripe's dashboard while an admin's cancel is refunding: Stripe's "already
 * refunded" counts as refunded for the admin, and the refund is in the audit trail once, as the system's.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CancelledOrder, CreatedOrder } from '@shared/schemas/checkout';
import { cancelPaidOrder } from '@server/orders/cancel-order';
import { signedInUser } from '../support/accounts';
import { trpcMutation } from '../support/http';
import { TEST_SHIPPING } from '../support/orders';
import { useShopWithFakes } from '../support/shop-app';
import { onPostgres } from '../support/test-database';

const { stripe, printful, app } = useShopWithFakes();

const orderRow = (orderNumber: string) =>
  app().db.selectFrom('orders').selectAll().where('order_number', '=', orderNumber).executeTakeFirstOrThrow();
const mailsAbout = async (kind: string, orderNumber: string) =>
  (await app().db.selectFrom('outbox').selectAll().where('kind', '=', kind).execute()).filter(
    (mail) => mail.subject.includes(orderNumber) || mail.text.includes(orderNumber),
  );
const auditOf = (orderNumber: string) =>
  app()
    .db.selectFrom('audit_log')
    .selectAll()
    .where('object_type', '=', 'order')
    .where('object_id', '=', orderNumber)
    .orderBy('created_at')
    .orderBy('action')
    .execute();
const refundCalls = () =>
  stripe()
    .requests()
    .filter((r) => r.method === 'POST' && r.path === '/v1/refunds');

/** An order placed by a signed-in buyer; its Checkout session at the fake; its e-mail address as stored. */
async function placedOrder() {
  const { cookie } = await signedInUser(app());
  const input = { shipping: TEST_SHIPPING, lines: [{ variantId: '5001', quantity: 1 }], idempotencyKey: randomUUID(), locale: 'de' };
  const created = await trpcMutation(app().url, 'orders.create', input, { cookie });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const order = created.body.result?.data as CreatedOrder;
  const session = stripe()
    .sessions()
    .find((s) => s.url === order.checkoutUrl) as { id: string };
  return { order, session, email: (await orderRow(order.orderNumber)).email };
}

describe.skipIf(!onPostgres)('a withdrawal while the SEPA debit settles (PostgreSQL, two writers)', () => {
  let blocker: pg.Client;
  beforeEach(async () => {
    blocker = new pg.Client({ connectionString: app().config.databaseUrl });
    await blocker.connect();
  });
  afterEach(async () => {
    await blocker.query('rollback').catch(() => undefined);
    await blocker.end();
  });

  /** Holds back every mail queued from now on: the transactions that queue one wait, uncommitted. */
  const holdOutbox = async () => {
    await blocker.query('begin');
    await blocker.query('lock table outbox in exclusive mode');
  };
  const releaseOutbox = () => blocker.query('commit');
  /** How many of the app's transactions on this schema wait for a lock (the outbox's, or an order row's). */
  const waiting = async () => {
    const { rows } = await blocker.query<{ n: number }>(
      `select count(distinct l.pid)::int as n from pg_locks l
       where not l.granted and l.pid <> pg_backend_pid()
         and l.pid in (select pid from pg_locks where granted and relation in (to_regclass('orders'), to_regclass('withdrawals')))`,
    );
    return rows[0]?.n ?? 0;
  };
  const untilWaiting = (n: number) => expect.poll(waiting, { timeout: 10_000, interval: 20 }).toBe(n);

  /** An order paid by SEPA whose debit has not settled yet: `pending_payment`, its PaymentIntent recorded. */
  async function debitUnderWay() {
    const placed = await placedOrder();
    await stripe().complete(placed.session.id, { method: 'sepa_debit', outcome: 'succeeded', settle: 'later' });
    expect(await orderRow(placed.order.orderNumber)).toMatchObject({ status: 'pending_payment', paid_at: null });
    return placed;
  }
  const declare = (orderNumber: string, email: string) =>
    trpcMutation(app().url, 'withdrawals.declare', { name: 'Bea Buyer', orderNumber, email, message: '', locale: 'de' });

  it('withdrawn first, the money arriving before the withdrawal committed: kept off, the team told to refund', async () => {
    const { order, session, email } = await debitUnderWay();
    await holdOutbox();
    // The withdrawal is stored, its transaction waits to queue its mails.
    const declared = declare(order.orderNumber, email);
    await untilWaiting(1);
    // The money arrives meanwhile (another server's webhook): it has to see the withdrawal.
    const settled = stripe().settle(session.id);
    await untilWaiting(2);
    await releaseOutbox();
    expect((await declared).status).toBe(200);
    await settled;
    await stripe().idle();

    const row = await orderRow(order.orderNumber);
    expect(row).toMatchObject({ status: 'cancelled', next_attempt_at: null });
    expect(row.paid_at).not.toBeNull();
    expect(await app().orders.runOnce()).toBe(0);
    expect(printful().orders.filter((o) => o.external_id === order.orderNumber)).toEqual([]);
    // The buyer: nothing was paid when they withdrew, and nothing to send back; no order confirmation.
    const [receipt, ...more] = await mailsAbout('withdrawal_receipt', order.orderNumber);
    expect(more).toEqual([]);
    expect(receipt?.text).toContain('noch keine Zahlung eingegangen');
    expect((await mailsAbout('order_confirmation', order.orderNumber)).map((mail) => mail.subject)).not.toContain(
      `Ihre Bestellung ${order.orderNumber} bei SchoolBox`,
    );
    // The team: the withdrawal, then the money to refund; never "paid, on its way to Printful".
    expect((await mailsAbout('team_notice', order.orderNumber)).map((mail) => mail.subject)).toEqual([
      `Widerruf der Bestellung ${order.orderNumber}`,
      `Bestellung ${order.orderNumber}: Zahlung nach Widerruf eingegangen`,
    ]);
  });

  it('the money first, the withdrawal arriving before the payment committed: the paid order is held before Printful', async () => {
    const { order, session, email } = await debitUnderWay();
    await holdOutbox();
    // The payment is recorded, its transaction waits to queue its mails.
    const settled = stripe().settle(session.id);
    await untilWaiting(1);
    // The withdrawal meanwhile (another server): it has to see the payment and hold the order.
    const declared = declare(order.orderNumber, email);
    await untilWaiting(2);
    await releaseOutbox();
    await settled;
    await stripe().idle();
    expect((await declared).status).toBe(200);

    const row = await orderRow(order.orderNumber);
    expect(row).toMatchObject({ status: 'cancelled', next_attempt_at: null });
    expect(row.paid_at).not.toBeNull();
    expect(await app().orders.runOnce()).toBe(0);
    expect(printful().orders.filter((o) => o.external_id === order.orderNumber)).toEqual([]);
    // The buyer: the order is stopped, the money comes back.
    const [receipt] = await mailsAbout('withdrawal_receipt', order.orderNumber);
    expect(receipt?.text).toContain('noch nicht in Produktion und ist angehalten');
    // The team: paid, then withdrawn and held (its status: cancelled).
    const team = await mailsAbout('team_notice', order.orderNumber);
    expect(team.map((mail) => mail.subject)).toEqual([
      `Bestellung ${order.orderNumber} online bezahlt`,
      `Widerruf der Bestellung ${order.orderNumber}`,
    ]);
    expect(team[1]?.text).toContain('Status: Storniert');
  });
});

describe('a refund made in Stripe’s dashboard while an admin’s cancel is refunding', () => {
  /** A paid order waiting for Printful, and an admin. */
  async function paidOrderAndAdmin() {
    const placed = await placedOrder();
    await stripe().complete(placed.session.id, { method: 'card' });
    const row = await orderRow(placed.order.orderNumber);
    expect(row.status).toBe('pending_provider');
    const admin = await signedInUser(app(), { admin: true });
    return { ...placed, paymentIntentId: row.stripe_payment_intent_id as string, admin };
  }
  /**
   * The admin's cancel, whose refund call to Stripe first lets `before` happen (the dashboard's refund),
   * while the cancel is under way (the order `cancelled`, its entry written), and `after` once Stripe answered.
   */
  function cancelWith(
    admin: { user: { id: string }; email: string },
    orderNumber: string,
    { before = async () => undefined, after = async () => undefined }: { before?: () => Promise<unknown>; after?: () => Promise<unknown> },
  ) {
    const real = app().appDeps.stripe;
    if (!real) throw new Error('Stripe is configured in these tests');
    const refunds = {
      create: async (...args: Parameters<typeof real.refunds.create>) => {
        await before();
        const refund = await real.refunds.create(...args);
        await after();
        return refund;
      },
    };
    const withDashboard = new Proxy(real, { get: (target, key) => (key === 'refunds' ? refunds : Reflect.get(target, key)) });
    const actor = { id: admin.user.id, email: admin.email, ip: '127.0.0.1' };
    return cancelPaidOrder({ ...app().appDeps, stripe: withDashboard }, actor, orderNumber);
  }

  it('its event first: the admin’s cancel succeeds with the note, and the refund is recorded once, as the system’s', async () => {
    const { order, paymentIntentId, admin } = await paidOrderAndAdmin();
    // The dashboard's refund, its event delivered at once: the order is being cancelled by an admin then.
    const result: CancelledOrder = await cancelWith(admin, order.orderNumber, { before: () => stripe().refund(paymentIntentId) });
    expect(result).toEqual({ status: 'refunded', refundedBefore: true });
    // Stripe refused the second refund (charge_already_refunded); nothing more was refunded.
    expect(refundCalls().map((call) => call.status)).toEqual([400]);
    expect(await orderRow(order.orderNumber)).toMatchObject({ status: 'refunded', refunded_at: expect.any(String) });
    expect(await mailsAbout('order_cancelled', order.orderNumber)).toHaveLength(1);
    expect((await auditOf(order.orderNumber)).map((entry) => [entry.action, entry.actor_email])).toEqual([
      ['order.cancelled', admin.email],
      ['order.refunded', 'system'],
    ]);
    // Clicked again: nothing left to do, so the same answer, and nothing recorded or mailed twice.
    const again = await trpcMutation(app().url, 'orders.cancel', { orderNumber: order.orderNumber }, { cookie: admin.cookie });
    expect(again.body.result?.data).toEqual({ status: 'refunded', refundedBefore: true });
    expect(await auditOf(order.orderNumber)).toHaveLength(2);
    expect(await mailsAbout('order_cancelled', order.orderNumber)).toHaveLength(1);
  });

  it('its event last: the admin’s cancel records the refund as the system’s, and the late event adds nothing', async () => {
    const { order, paymentIntentId, admin } = await paidOrderAndAdmin();
    // The dashboard's refund, its event held back by Stripe until the admin's cancel is done.
    stripe().configure({ delivery: 'queued' });
    const result = await cancelWith(admin, order.orderNumber, { before: () => stripe().refund(paymentIntentId) });
    expect(result).toEqual({ status: 'refunded', refundedBefore: true });
    stripe().configure({ delivery: 'inline' });
    await stripe().flush();
    expect(
      stripe()
        .deliveries()
        .filter((d) => d.type === 'charge.refunded')
        .map((d) => d.status),
    ).toEqual([200]);
    expect((await auditOf(order.orderNumber)).map((entry) => [entry.action, entry.actor_email])).toEqual([
      ['order.cancelled', admin.email],
      ['order.refunded', 'system'],
    ]);
    expect(await mailsAbout('order_cancelled', order.orderNumber)).toHaveLength(1);
  });

  it('over tRPC, as the tester clicked: 200 with refundedBefore instead of PAYMENT_PROVIDER_UNAVAILABLE', async () => {
    const { order, paymentIntentId, admin } = await paidOrderAndAdmin();
    // Stripe answers the admin's refund late; the dashboard's refund comes in between.
    stripe().inject({ path: '/v1/refunds', method: 'POST', times: 1, delayMs: 1500 });
    const cancel = trpcMutation(app().url, 'orders.cancel', { orderNumber: order.orderNumber }, { cookie: admin.cookie });
    await expect.poll(() => refundCalls().length, { timeout: 5000, interval: 20 }).toBe(1);
    await stripe().refund(paymentIntentId);
    const { status, body } = await cancel;
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.result?.data).toEqual({ status: 'refunded', refundedBefore: true });
    expect((await auditOf(order.orderNumber)).map((entry) => [entry.action, entry.actor_email])).toEqual([
      ['order.cancelled', admin.email],
      ['order.refunded', 'system'],
    ]);
  });

  it('the admin’s own refund stays the admin’s, also when its event comes before the cancel is done', async () => {
    const { order, admin } = await paidOrderAndAdmin();
    // The refund's event is delivered before the cancel goes on: it finds the admin's cancel under way.
    const result = await cancelWith(admin, order.orderNumber, { after: () => stripe().idle() });
    expect(result).toEqual({ status: 'refunded', refundedBefore: false });
    expect(
      stripe()
        .deliveries()
        .filter((d) => d.type === 'charge.refunded')
        .map((d) => d.status),
    ).toEqual([200]);
    expect((await auditOf(order.orderNumber)).map((entry) => [entry.action, entry.actor_id])).toEqual([
      ['order.cancelled', admin.user.id],
      ['order.refunded', admin.user.id],
    ]);
  });
});
