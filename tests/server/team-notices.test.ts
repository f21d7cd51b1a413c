/**
 * The team's mail about an order's money (kind team_notice, to CONTACT_INBOX, in German), over real HTTP
 * against the fake Printful and the fake Stripe: one mail when an order is placed without online payment,
 * when one is paid through Stripe, when one is withdrawn, and when Printful will not take one for good —
 * each queued with the change it reports — and none for a demo order, an order waiting for or never
 * getting its payment, a replayed webhook, a retry, or a repeated withdrawal.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { CreatedOrder } from '@shared/schemas/checkout';
import { trpcMutation, trpcQuery } from '../support/http';
import { insertStoredOrder, signedInBuyer, TEST_SHIPPING } from '../support/orders';
import { startShopApp, useShopFakes } from '../support/shop-app';
import { startTestApp, type TestApp } from '../support/test-app';

const TEAM = 'bestellungen@schoolbox.example';

const { stripe, printful } = useShopFakes();
let app: TestApp | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** The shop against the fake Printful; with Stripe (pay first) or without (drafts, payment by arrangement). */
function startShop(mode: 'draft' | 'pay_first' | 'demo'): Promise<TestApp> {
  // Without a Printful token the shop is the demo catalog.
  const env = { CONTACT_INBOX: TEAM, ...(mode === 'demo' ? { PRINTFUL_API_TOKEN: '' } : {}) };
  return startShopApp(printful(), mode === 'pay_first' ? stripe() : null, env);
}

async function placeOrder(target: TestApp, cookie: string, lines: Array<Record<string, unknown>> = [{ variantId: '5001', quantity: 2 }]) {
  const input = { shipping: TEST_SHIPPING, lines, idempotencyKey: randomUUID(), locale: 'en' };
  const { status, body } = await trpcMutation(target.url, 'orders.create', input, { cookie });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.result?.data as CreatedOrder;
}

/** The team's mails, by subject (code points, whatever the database's collation). */
const teamMails = async (target: TestApp) =>
  (await target.db.selectFrom('outbox').selectAll().where('kind', '=', 'team_notice').execute()).sort((a, b) =>
    a.subject < b.subject ? -1 : a.subject > b.subject ? 1 : 0,
  );
const orderRow = (target: TestApp, orderNumber: string) =>
  target.db.selectFrom('orders').selectAll().where('order_number', '=', orderNumber).executeTakeFirstOrThrow();
const sessionOf = (url: string | undefined) => {
  const session = stripe()
    .sessions()
    .find((s) => s.url === url);
  expect(session, `no session for ${url}`).toBeDefined();
  return session as { id: string };
};
/** Mail text with the no-break spaces of the currency and date formats as plain spaces. */
const plain = (text: string | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** What every team mail states about the order, and its link to the order in /orders-admin. */
function expectOrderFacts(target: TestApp, text: string, orderNumber: string, total: string, status: string) {
  for (const line of [
    `Bestellnummer: ${orderNumber}`,
    'Name: Ada Lovelace',
    'E-Mail: ada@example.org',
    `Gesamtsumme inkl. MwSt.: ${total}`,
    `Status: ${status}`,
    'In der Bestellübersicht öffnen:',
    `${target.url}/orders-admin?q=${orderNumber}`,
  ]) {
    expect(plain(text), line).toContain(line);
  }
  // Only what the team needs: no delivery address, no phone, no cart.
  expect(text).not.toContain('Musterstraße');
  expect(text).not.toContain('SchoolBox Tee');
}

describe('an order placed without online payment (drafts)', () => {
  it('queues one German mail to CONTACT_INBOX with the order, in the transaction of the order (also for an English buyer)', async () => {
    app = await startShop('draft');
    const { cookie } = await signedInBuyer(app);
    const order = await placeOrder(app, cookie);
    const [mail, ...more] = await teamMails(app);
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ to: TEAM, subject: `Neue Bestellung ${order.orderNumber}: Zahlung nach Absprache`, status: 'pending' });
    expect(mail?.created_at).toBe((await orderRow(app, order.orderNumber)).created_at);
    expect(mail?.text).toContain('Im Shop ist eine neue Bestellung ohne Online-Zahlung eingegangen.');
    expect(mail?.text).toContain('Bitte die Zahlungsinformationen per E-Mail schicken');
    // The team writes to the buyer, in the language they ordered in.
    expect(mail?.text).toContain('E-Mail: ada@example.org\nSprache: English\n');
    // Status as the order was stored (before Printful took the draft).
    expectOrderFacts(app, mail?.text ?? '', order.orderNumber, '54,79 €', 'Wartet auf Printful');
    expect(mail?.html).toContain('<html lang="de">');
    expect(mail?.html).toContain(`href="${app.url}/orders-admin?q=${order.orderNumber}&amp;lang=de"`);

    // Sent like any mail, to the team's address.
    await app.outbox.runOnce();
    expect(app.sentMails.filter((sent) => sent.to === TEAM).map((sent) => sent.subject)).toEqual([mail?.subject]);
  });

  it('a retried click (same key) makes no second mail; a demo order makes none', async () => {
    app = await startShop('draft');
    const { cookie } = await signedInBuyer(app);
    const input = { shipping: TEST_SHIPPING, lines: [{ variantId: '5001', quantity: 1 }], idempotencyKey: randomUUID(), locale: 'de' };
    for (let i = 0; i < 2; i++) expect((await trpcMutation(app.url, 'orders.create', input, { cookie })).status).toBe(200);
    expect(await teamMails(app)).toHaveLength(1);
    await app.close();

    app = await startShop('demo');
    const demo = await signedInBuyer(app);
    const order = await placeOrder(app, demo.cookie, [{ variantId: 'sb-tshirt-navy-m', quantity: 1 }]);
    expect(order.status).toBe('demo');
    expect(await app.db.selectFrom('outbox').select('kind').execute()).toEqual([{ kind: 'order_confirmation' }]);
  });

  it('a draft Printful refuses for good: one more mail, saying it is not paid; a retried failure mails nobody', async () => {
    app = await startShop('draft');
    const { cookie } = await signedInBuyer(app);
    // Printful down for now: retried later, no mail beyond the new order's.
    printful().fail({ status: 500, path: '/orders', times: 1 });
    const retried = await placeOrder(app, cookie);
    expect(retried.status).toBe('pending_provider');
    expect((await teamMails(app)).map((mail) => mail.subject)).toEqual([`Neue Bestellung ${retried.orderNumber}: Zahlung nach Absprache`]);
    await app.db.deleteFrom('outbox').execute();

    await trpcQuery(app.url, 'shop.products');
    printful().setProducts([]); // the variant is gone at Printful, still in our cached catalog
    const order = await placeOrder(app, cookie);
    expect(order.status).toBe('provider_failed');
    const mails = await teamMails(app);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [TEAM, `Bestellung ${order.orderNumber}: Printful hat sie nicht angenommen`],
      [TEAM, `Neue Bestellung ${order.orderNumber}: Zahlung nach Absprache`],
    ]);
    const failed = mails[0]?.text ?? '';
    expect(failed).toContain('Die Bestellung konnte nicht an Printful übergeben werden, und es wird nicht weiter automatisch versucht.');
    expect(failed).toContain('Antwort von Printful:');
    expect(failed).toContain('Variant not found');
    expect(failed).toContain('Die Bestellung ist noch nicht bezahlt');
    expectOrderFacts(app, failed, order.orderNumber, '54,79 €', 'Fehlgeschlagen');
  });
});

describe('orders paid through Stripe', () => {
  it('waiting for payment: no mail; paid: one mail, also when the webhook comes ten times', async () => {
    app = await startShop('pay_first');
    const { cookie } = await signedInBuyer(app);
    const order = await placeOrder(app, cookie);
    expect(order.status).toBe('pending_payment');
    expect(await teamMails(app)).toHaveLength(0);

    await stripe().complete(sessionOf(order.checkoutUrl).id, { method: 'card' });
    const completed = stripe()
      .events()
      .find((event) => event.type === 'checkout.session.completed');
    for (let i = 0; i < 10; i++) await stripe().redeliver(completed?.id as string);
    const [mail, ...more] = await teamMails(app);
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ to: TEAM, subject: `Bestellung ${order.orderNumber} online bezahlt` });
    expect(mail?.text).toContain('Eine Bestellung im Shop ist über Stripe bezahlt worden.');
    expectOrderFacts(app, mail?.text ?? '', order.orderNumber, '54,79 €', 'Wartet auf Printful');

    // Printful takes it: that is no news to the team.
    expect(await app.orders.runOnce()).toBe(1);
    expect(await teamMails(app)).toHaveLength(1);
  });

  it('not paid (a failed SEPA debit, an expired Checkout): no mail; only the order that was paid has one', async () => {
    app = await startShop('pay_first');
    const { cookie } = await signedInBuyer(app);
    const paid = await placeOrder(app, cookie);
    const paidSession = sessionOf(paid.checkoutUrl).id;
    await stripe().complete(paidSession, { method: 'sepa_debit', outcome: 'succeeded', settle: 'later' });
    // A SEPA debit under way is not money yet.
    expect(await teamMails(app)).toHaveLength(0);
    const failed = await placeOrder(app, cookie);
    await stripe().complete(sessionOf(failed.checkoutUrl).id, { method: 'sepa_debit', outcome: 'failed' });
    const expired = await placeOrder(app, cookie);
    await stripe().expire(sessionOf(expired.checkoutUrl).id);
    await stripe().idle();
    expect((await orderRow(app, failed.orderNumber)).status).toBe('cancelled');
    expect((await orderRow(app, expired.orderNumber)).status).toBe('cancelled');
    await stripe().settle(paidSession);
    expect((await teamMails(app)).map((mail) => mail.subject)).toEqual([`Bestellung ${paid.orderNumber} online bezahlt`]);
  });

  it('a paid order Printful refuses for good: one mail saying it is paid, with the refund as a way out', async () => {
    app = await startShop('pay_first');
    const { cookie } = await signedInBuyer(app);
    const order = await placeOrder(app, cookie);
    await stripe().complete(sessionOf(order.checkoutUrl).id, { method: 'card' });
    printful().setProducts([]);
    expect(await app.orders.runOnce()).toBe(0);
    expect((await orderRow(app, order.orderNumber)).status).toBe('provider_failed');
    const mails = await teamMails(app);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Bestellung ${order.orderNumber} online bezahlt`,
      `Bestellung ${order.orderNumber}: Printful hat sie nicht angenommen`,
    ]);
    const text = mails[1]?.text ?? '';
    expect(text).toContain(
      'Die Bestellung ist bezahlt: Bitte prüfen und sie in Printful von Hand anlegen oder in der Bestellübersicht stornieren und erstatten.',
    );
    expectOrderFacts(app, text, order.orderNumber, '54,79 €', 'Fehlgeschlagen');
    app.clock.advance(24 * 60 * 60_000);
    expect(await app.orders.runOnce()).toBe(0);
    expect(await teamMails(app)).toHaveLength(2);
  });
});

describe('a withdrawal', () => {
  const declare = (target: TestApp, orderNumber: string) =>
    trpcMutation(target.url, 'withdrawals.declare', {
      name: 'Ada Lovelace',
      orderNumber,
      email: 'ada@example.org',
      message: 'Passt nicht.',
      locale: 'en',
    });

  it('queues one mail with the time of receipt and the refund deadline; a repeated declaration none', async () => {
    app = await startTestApp({ CONTACT_INBOX: TEAM });
    const created_at = app.clock.now().toISOString();
    await insertStoredOrder(app.db, { id: 'o-1', order_number: 'SB-260302-AAAAA', user_id: null, email: 'ada@example.org', created_at });
    expect((await declare(app, 'SB-260302-AAAAA')).status).toBe(200);
    const [mail, ...more] = await teamMails(app);
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ to: TEAM, subject: 'Widerruf der Bestellung SB-260302-AAAAA' });
    const text = plain(mail?.text);
    expect(text).toContain('Die Bestellung wurde über die Widerrufsfunktion der Website widerrufen.');
    // The test clock: 2 March 2026, 10:00 UTC = 11:00 in Cologne; 14 days on.
    expect(text).toContain('Eingegangen am: 2. März 2026 um 11:00:00 MEZ');
    expect(text).toContain('Erhaltene Zahlungen sind bis spätestens 16. März 2026 zu erstatten');
    expectOrderFacts(app, mail?.text ?? '', 'SB-260302-AAAAA', '29,99 €', 'Entwurf bei Printful');
    // The customer's own words stay in the withdrawal (and its receipt to them).
    expect(text).not.toContain('Passt nicht.');

    app.clock.advance(60 * 60_000);
    expect((await declare(app, 'SB-260302-AAAAA')).status).toBe(200);
    expect(await teamMails(app)).toHaveLength(1);
  });

  it('of an order still waiting for its payment: the team is told to stop a payment that may still come', async () => {
    app = await startTestApp({ CONTACT_INBOX: TEAM });
    const created_at = app.clock.now().toISOString();
    await insertStoredOrder(app.db, {
      id: 'o-1',
      order_number: 'SB-260302-BBBBB',
      user_id: null,
      email: 'ada@example.org',
      created_at,
      status: 'pending_payment',
    });
    expect((await declare(app, 'SB-260302-BBBBB')).status).toBe(200);
    const [mail] = await teamMails(app);
    const text = plain(mail?.text);
    expect(text).toContain(
      'Die Bestellung ist noch nicht bezahlt, und es wurde nichts versandt. Geht die Zahlung (etwa eine SEPA-Lastschrift) doch noch ein, bitte die Bestellung stornieren und bis spätestens 16. März 2026 erstatten.',
    );
    expect(text).not.toContain('Erhaltene Zahlungen');
    expectOrderFacts(app, mail?.text ?? '', 'SB-260302-BBBBB', '29,99 €', 'Wartet auf Zahlung');
  });
});
