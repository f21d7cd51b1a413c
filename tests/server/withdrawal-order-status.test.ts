/**
 * The withdrawal button and the order's status (§ 356a BGB), over real HTTP: an order already cancelled
 * (its SEPA debit failed, or it was refunded) is refused with WITHDRAWAL_ORDER_CANCELLED — through tRPC
 * and through the form posted without scripts alike, nothing stored, nobody mailed — while a declaration
 * stored before the cancel is still answered with its receipt. An order still waiting for its payment is
 * accepted, with a receipt that asks for no goods back. "Meine Bestellungen" offers the withdrawal where a
 * declaration would be accepted, except for a demo order.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { FORM_NAME_FIELD } from '@shared/forms';
import type { CreatedOrder, MyOrder } from '@shared/schemas/checkout';
import type { NewOrder } from '@server/db/schema';
import { signedInUser } from '../support/accounts';
import { postForm } from '../support/form-posts';
import { textOf } from '../support/html';
import { trpcMutation, trpcQuery } from '../support/http';
import { insertStoredOrder, signedInBuyer, TEST_SHIPPING } from '../support/orders';
import { startShopApp, useShopFakes } from '../support/shop-app';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const PATH = '/widerruf/erklaeren';
const REFUSAL =
  'Diese Bestellung ist bereits storniert: Sie wurde nicht bezahlt, oder wir haben den Betrag erstattet. Es gibt daher nichts zu widerrufen – es wird nichts versandt, und Sie müssen nichts zurücksenden.';
const RETURN_GOODS = 'Bitte senden Sie die Waren innerhalb von 14 Tagen an:';
const NOTHING_TO_RETURN =
  'Für diese Bestellung ist bei uns noch keine Zahlung eingegangen, und es wurde nichts versandt: Sie müssen nichts zurücksenden. Geht noch eine Zahlung ein, erstatten wir sie.';

const declaration = (orderNumber: string) => ({ name: 'Ada Lovelace', orderNumber, email: 'ada@example.org', message: '', locale: 'de' });
const declare = (target: TestApp, orderNumber: string) => trpcMutation(target.url, 'withdrawals.declare', declaration(orderNumber));
const withdrawals = (target: TestApp) => target.db.selectFrom('withdrawals').selectAll().execute();
/** Receipts and team mails: what a declaration queues. */
const declarationMails = (target: TestApp) =>
  target.db.selectFrom('outbox').select(['kind', 'to', 'text']).where('kind', 'in', ['withdrawal_receipt', 'team_notice']).execute();

async function storedOrder(target: TestApp, order_number: string, fields: Partial<NewOrder>) {
  const created_at = target.clock.now().toISOString();
  await insertStoredOrder(target.db, {
    id: `id-${order_number}`,
    order_number,
    user_id: null,
    email: 'ada@example.org',
    created_at,
    ...fields,
  });
}

describe('an order cancelled after its SEPA debit failed (with Stripe)', () => {
  const { stripe, printful } = useShopFakes();

  it('is refused through tRPC: WITHDRAWAL_ORDER_CANCELLED (409) with the association’s address; nothing stored or mailed', async () => {
    app = await startShopApp(printful(), stripe(), { SITE_EMAIL: 'shop@sonnenkiste.example' });
    const { cookie } = await signedInBuyer(app);
    const input = { shipping: TEST_SHIPPING, lines: [{ variantId: '5001', quantity: 1 }], idempotencyKey: randomUUID(), locale: 'de' };
    const order = (await trpcMutation(app.url, 'orders.create', input, { cookie })).body.result?.data as CreatedOrder;
    const session = stripe()
      .sessions()
      .find((s) => s.url === order.checkoutUrl) as { id: string };
    await stripe().complete(session.id, { method: 'sepa_debit', outcome: 'failed' });
    const row = await app.db
      .selectFrom('orders')
      .select(['status', 'paid_at'])
      .where('order_number', '=', order.orderNumber)
      .executeTakeFirst();
    expect(row).toEqual({ status: 'cancelled', paid_at: null });

    const { status, body } = await declare(app, order.orderNumber);
    expect(status).toBe(409);
    expect(body.error?.data.appCode).toBe('WITHDRAWAL_ORDER_CANCELLED');
    expect((body.error?.data as { details?: { email?: string } } | undefined)?.details?.email).toBe('shop@sonnenkiste.example');
    expect(await withdrawals(app)).toHaveLength(0);
    expect(await declarationMails(app)).toHaveLength(0);
  });
});

describe('an order cancelled and refunded (stored as such)', () => {
  it('is refused through the form posted without scripts: the page again with the refusal and the address to write to', async () => {
    app = await startTestApp({ SITE_EMAIL: 'shop@sonnenkiste.example' });
    await storedOrder(app, 'SB-260302-RRRRR', { status: 'refunded', paid_at: app.clock.now().toISOString() });
    await storedOrder(app, 'SB-260302-CCCCC', { status: 'cancelled' });
    for (const orderNumber of ['SB-260302-RRRRR', 'SB-260302-CCCCC']) {
      const response = await postForm(app, PATH, { [FORM_NAME_FIELD]: 'withdrawal', ...declaration(orderNumber) });
      expect(response.status, orderNumber).toBe(200);
      const html = await response.text();
      expect(html).toContain('data-testid="withdrawal-error"');
      expect(textOf(html)).toContain(REFUSAL);
      expect(html).toContain('href="mailto:shop@sonnenkiste.example"');
    }
    // The same refusal through tRPC: one domain rule for both paths.
    expect((await declare(app, 'SB-260302-RRRRR')).body.error?.data.appCode).toBe('WITHDRAWAL_ORDER_CANCELLED');
    expect(await withdrawals(app)).toHaveLength(0);
    expect(await declarationMails(app)).toHaveLength(0);
  });

  it('a declaration stored before the order was refunded is answered with its receipt again, and mails the team no more', async () => {
    app = await startTestApp();
    await storedOrder(app, 'SB-260302-WWWWW', { status: 'confirmed', paid_at: app.clock.now().toISOString() });
    const first = await declare(app, 'SB-260302-WWWWW');
    expect(first.status).toBe(200);
    await app.db.updateTable('orders').set({ status: 'refunded' }).where('order_number', '=', 'SB-260302-WWWWW').execute();
    app.clock.advance(60 * 60_000);
    const again = await declare(app, 'SB-260302-WWWWW');
    expect(again.status).toBe(200);
    expect(again.body.result?.data).toEqual(first.body.result?.data);
    expect(await withdrawals(app)).toHaveLength(1);
    const mails = await declarationMails(app);
    expect(mails.map((mail) => mail.kind).sort()).toEqual(['team_notice', 'withdrawal_receipt', 'withdrawal_receipt']);
    // Refused for a new declaration all the same.
    await storedOrder(app, 'SB-260302-RFUND', { status: 'refunded', paid_at: app.clock.now().toISOString() });
    expect((await declare(app, 'SB-260302-RFUND')).status).toBe(409);
  });
});

describe('an order paid and not yet handed to Printful', () => {
  const STOPPED =
    'Ihre Bestellung war noch nicht in Produktion und ist angehalten: Es wird nichts hergestellt oder versandt, und Sie müssen nichts zurücksenden. Bereits gezahlte Beträge erstatten wir Ihnen innerhalb von 14 Tagen.';
  const orderOf = (target: TestApp, orderNumber: string) =>
    target.db
      .selectFrom('orders')
      .select(['status', 'paid_at', 'next_attempt_at'])
      .where('order_number', '=', orderNumber)
      .executeTakeFirstOrThrow();

  it('is held at the withdrawal: cancelled with its payment kept for the refund, nothing to send back, the team told', async () => {
    app = await startTestApp();
    const paidAt = app.clock.now().toISOString();
    await storedOrder(app, 'SB-260302-HHHHH', { status: 'pending_provider', paid_at: paidAt, next_attempt_at: paidAt });
    expect((await declare(app, 'SB-260302-HHHHH')).status).toBe(200);
    // The order worker will not take it any more; /orders-admin offers the refund (paid, cancelled).
    expect(await orderOf(app, 'SB-260302-HHHHH')).toEqual({ status: 'cancelled', paid_at: paidAt, next_attempt_at: null });
    const mails = await declarationMails(app);
    const receipt = mails.find((mail) => mail.kind === 'withdrawal_receipt');
    expect(textOf(receipt?.text ?? '')).toContain(STOPPED);
    expect(receipt?.text).not.toContain(RETURN_GOODS);
    const team = mails.find((mail) => mail.kind === 'team_notice');
    expect(team?.text).toContain('Die Bestellung war noch nicht bei Printful und ist angehalten');
    expect(team?.text).toContain('Status: Storniert');
  });

  it('is held also while the order worker waits to try Printful again; one paid by arrangement is not (a draft is never made)', async () => {
    app = await startTestApp();
    const paidAt = app.clock.now().toISOString();
    const retryAt = new Date(app.clock.now().getTime() + 30 * 60_000).toISOString();
    await storedOrder(app, 'SB-260302-LLLLL', { status: 'pending_provider', paid_at: paidAt, next_attempt_at: retryAt });
    await storedOrder(app, 'SB-260302-DRAFT', { status: 'pending_provider', paid_at: null, next_attempt_at: paidAt });
    expect((await declare(app, 'SB-260302-LLLLL')).status).toBe(200);
    expect(await orderOf(app, 'SB-260302-LLLLL')).toEqual({ status: 'cancelled', paid_at: paidAt, next_attempt_at: null });
    expect((await declare(app, 'SB-260302-DRAFT')).status).toBe(200);
    expect((await orderOf(app, 'SB-260302-DRAFT')).status).toBe('pending_provider');
    const receipts = (await declarationMails(app)).filter((mail) => mail.kind === 'withdrawal_receipt').map((mail) => textOf(mail.text));
    expect(receipts.filter((text) => text.includes(STOPPED))).toHaveLength(1);
    expect(receipts.filter((text) => text.includes(RETURN_GOODS))).toHaveLength(1);
  });
});

describe('an order still waiting for its payment', () => {
  it('is accepted, over tRPC and the plain form alike, with a receipt that asks for no goods back', async () => {
    app = await startTestApp();
    await storedOrder(app, 'SB-260302-PPPPP', { status: 'pending_payment' });
    await storedOrder(app, 'SB-260302-QQQQQ', { status: 'pending_payment' });
    expect((await declare(app, 'SB-260302-PPPPP')).status).toBe(200);
    const posted = await postForm(app, PATH, { [FORM_NAME_FIELD]: 'withdrawal', ...declaration('SB-260302-QQQQQ') });
    expect(posted.status).toBe(303);
    expect(await withdrawals(app)).toHaveLength(2);
    const receipts = (await declarationMails(app)).filter((mail) => mail.kind === 'withdrawal_receipt');
    expect(receipts).toHaveLength(2);
    for (const receipt of receipts) {
      expect(receipt.to).toBe('ada@example.org');
      expect(receipt.text).toContain(NOTHING_TO_RETURN);
      expect(receipt.text).not.toContain(RETURN_GOODS);
    }
  });

  it('a demo-shop order (never made, never charged) asks for no goods back and mails the team nothing', async () => {
    app = await startTestApp();
    await storedOrder(app, 'SB-260302-DDDDD', { status: 'demo' });
    expect((await declare(app, 'SB-260302-DDDDD')).status).toBe(200);
    const mails = await declarationMails(app);
    expect(mails.map((mail) => mail.kind)).toEqual(['withdrawal_receipt']);
    expect(mails[0]?.text).not.toContain(RETURN_GOODS);
  });

  it('an order placed by arrangement (not paid online, maybe on its way) keeps the return instruction', async () => {
    app = await startTestApp();
    await storedOrder(app, 'SB-260302-SSSSS', { status: 'submitted' });
    await storedOrder(app, 'SB-260302-TTTTT', { status: 'pending_payment' });
    for (const orderNumber of ['SB-260302-SSSSS', 'SB-260302-TTTTT']) expect((await declare(app, orderNumber)).status).toBe(200);
    const receipts = (await declarationMails(app)).filter((mail) => mail.kind === 'withdrawal_receipt');
    const byOrder = (orderNumber: string) => receipts.find((mail) => mail.text.includes(`Bestellung ${orderNumber}.`))?.text ?? '';
    expect(byOrder('SB-260302-SSSSS')).toContain(RETURN_GOODS);
    expect(byOrder('SB-260302-TTTTT')).toContain(NOTHING_TO_RETURN);
  });
});

describe('the withdrawal offered under "Meine Bestellungen" (orders.mine `withdrawable`)', () => {
  it('is offered where a declaration would be accepted, not for a demo order nor once declared', async () => {
    const target = await startTestApp();
    app = target;
    const buyer = await signedInUser(target);
    const paidAt = target.clock.now().toISOString();
    const cases: Array<[string, Partial<NewOrder>, { offered: boolean; accepted: boolean }]> = [
      ['SB-260302-SUBMT', { status: 'submitted' }, { offered: true, accepted: true }],
      ['SB-260302-PPROV', { status: 'pending_provider' }, { offered: true, accepted: true }],
      ['SB-260302-PFAIL', { status: 'provider_failed' }, { offered: true, accepted: true }],
      ['SB-260302-PPAYM', { status: 'pending_payment', stripe_session_id: 'cs_test_ppaym' }, { offered: true, accepted: true }],
      ['SB-260302-CONFD', { status: 'confirmed', paid_at: paidAt }, { offered: true, accepted: true }],
      // Accepted (its receipt asks for nothing back), but never made or charged: nothing to offer.
      ['SB-260302-DEMOO', { status: 'demo' }, { offered: false, accepted: true }],
      ['SB-260302-CANCL', { status: 'cancelled', stripe_session_id: 'cs_test_cancl' }, { offered: false, accepted: false }],
      // Money that came after the cancel: the team refunds it, there is still nothing to withdraw from.
      ['SB-260302-CNPAI', { status: 'cancelled', paid_at: paidAt }, { offered: false, accepted: false }],
      ['SB-260302-REFND', { status: 'refunded', paid_at: paidAt }, { offered: false, accepted: false }],
    ];
    for (const [orderNumber, fields] of cases) await storedOrder(target, orderNumber, { user_id: buyer.user.id, ...fields });
    const offered = async () => {
      const mine = (await trpcQuery(target.url, 'orders.mine', undefined, { cookie: buyer.cookie })).body.result?.data as MyOrder[];
      return Object.fromEntries(mine.map((order) => [order.orderNumber, order.withdrawable]));
    };

    expect(await offered()).toEqual(Object.fromEntries(cases.map(([orderNumber, , { offered }]) => [orderNumber, offered])));
    // What is offered is what the withdrawal button accepts (a demo order's declaration aside).
    for (const [orderNumber, , { accepted }] of cases)
      expect((await declare(target, orderNumber)).status, orderNumber).toBe(accepted ? 200 : 409);
    // Declared: offered no more.
    expect(Object.values(await offered()).every((withdrawable) => withdrawable === false)).toBe(true);
  });

  it('is not offered for an order whose Checkout never opened: the order is not listed at all', async () => {
    const target = await startTestApp();
    app = target;
    const buyer = await signedInUser(target);
    // Stripe failed at the click (no session): the buyer was told nothing was charged.
    await storedOrder(target, 'SB-260302-NOSES', { user_id: buyer.user.id, status: 'pending_payment', stripe_session_id: null });
    await storedOrder(target, 'SB-260302-NOSEC', { user_id: buyer.user.id, status: 'cancelled', stripe_session_id: null });
    await storedOrder(target, 'SB-260302-ARRNG', { user_id: buyer.user.id, status: 'submitted', stripe_session_id: null });
    const mine = (await trpcQuery(target.url, 'orders.mine', undefined, { cookie: buyer.cookie })).body.result?.data as MyOrder[];
    expect(mine.map((order) => order.orderNumber)).toEqual(['SB-260302-ARRNG']);
  });
});
