/**
 * orders.create / orders.mine / orders.adminList over real HTTP, with the fake Printful server behind:
 * server-side prices, refusals, idempotency, the Printful draft, the confirmation mail, and the worker
 * that keeps trying when Printful is down.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { CreatedOrder, CreateOrderInput, MyOrder } from '@shared/schemas/checkout';
import type { AdminOrderList } from '@shared/schemas/orders-admin';
import { listOrdersForOperators } from '@server/orders/queries';
import { createShopServices } from '@server/shop/services';
import { sessionCookie, signedInUser, createUser } from '../support/accounts';
import { FAKE_PRINTFUL_TOKEN, startFakePrintful, type FakePrintful } from '../support/fake-printful';
import { trpcMutation, trpcQuery } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';
import { claimOrder, submitClaimedOrder } from '@server/orders/submission';
import { teamMailOf } from '@server/orders/team-mails';
import type { OrderRow } from '@server/db/schema';
import { signedInBuyer, TEST_SHIPPING } from '../support/orders';

let fake: FakePrintful | undefined;
let app: TestApp | undefined;

afterEach(async () => {
  await app?.close();
  await fake?.close();
  app = undefined;
  fake = undefined;
});

/** The fake Printful and the app pointed at it, taking orders unless told otherwise. */
async function start(env: Record<string, string> = {}) {
  fake = await startFakePrintful();
  app = await startTestApp(
    { PRINTFUL_API_URL: fake.url, PRINTFUL_API_TOKEN: FAKE_PRINTFUL_TOKEN, SHOP_ORDERS_ENABLED: 'true', ...env },
    { shop: (deps) => createShopServices(deps, { timeoutMs: 5000, sleep: async () => undefined }) },
  );
  return { fake, app };
}

const SHIPPING = TEST_SHIPPING;

function orderInput(lines: Array<Record<string, unknown>>, overrides: Partial<CreateOrderInput> = {}) {
  return { shipping: SHIPPING, lines, idempotencyKey: randomUUID(), locale: 'de', ...overrides };
}

async function placeOrder(target: TestApp, cookie: string | undefined, input: unknown) {
  const { status, body } = await trpcMutation(target.url, 'orders.create', input, { cookie });
  return { status, appCode: body.error?.data.appCode ?? null, order: body.result?.data as CreatedOrder | undefined };
}

const storedOrders = (target: TestApp) => target.db.selectFrom('orders').selectAll().orderBy('created_at').execute();
const confirmationMails = (target: TestApp) =>
  target.db.selectFrom('outbox').selectAll().where('kind', '=', 'order_confirmation').execute();
/** Mail text with the no-break spaces of the currency format as plain spaces, for readable expectations. */
const plain = (text: string | undefined) => (text ?? '').replace(/\u00a0/g, ' ');
const printfulOrderPosts = (f: FakePrintful) => f.requests.filter((r) => r.method === 'POST' && r.path === '/orders');

describe('orders.create', () => {
  it('charges the catalog price whatever the client sends, and places a Printful draft with our number', async () => {
    const { fake, app } = await start();
    const { cookie } = await signedInBuyer(app);
    const tampered = orderInput([
      {
        variantId: '5001',
        quantity: 2,
        color: 'Navy',
        size: 'S',
        priceCents: 1,
        price: '0.01',
        name: 'Free shirt',
        image: 'https://evil.example/x.png',
      },
      { variantId: '5101', quantity: 1, priceNumeric: 0 },
    ]);
    const { status, order } = await placeOrder(app, cookie, tampered);
    expect(status).toBe(200);
    expect(order).toMatchObject({ status: 'submitted', totalCents: 2 * 2490 + 1290 + 499 });
    expect(order?.orderNumber).toMatch(/^SB-260302-[A-Z0-9]{5}$/);

    const [stored] = await storedOrders(app);
    expect(stored).toMatchObject({ subtotal_cents: 6270, shipping_cents: 499, total_cents: 6769, status: 'submitted', currency: 'EUR' });
    const items = await app.db.selectFrom('order_items').selectAll().orderBy('position').execute();
    expect(items.map((i) => [i.variant_id, i.name, i.color, i.size, i.unit_price_cents, i.quantity, i.image])).toEqual([
      ['5001', 'SchoolBox Tee', 'Navy', 'S', 2490, 2, 'https://files.cdn.printful.example/mockup/5001.png'],
      ['5101', 'SchoolBox Mug', 'White', '11oz', 1290, 1, 'https://files.cdn.printful.example/products/19/1320_blank.jpg'],
    ]);

    // Printful got a draft: no confirm flag, our number as external_id, our prices.
    const [post] = printfulOrderPosts(fake);
    expect(post?.query.confirm).toBeUndefined();
    expect(post?.body).toMatchObject({
      external_id: order?.orderNumber,
      recipient: {
        name: 'Ada Lovelace',
        address1: 'Musterstraße 1',
        city: 'Köln',
        zip: '50667',
        country_code: 'DE',
        email: 'ada@example.org',
      },
      items: [
        { sync_variant_id: 5001, quantity: 2, retail_price: '24.90' },
        { sync_variant_id: 5101, quantity: 1, retail_price: '12.90' },
      ],
      retail_costs: { currency: 'EUR', subtotal: '62.70', shipping: '4.99' },
    });
    expect(fake.orders.map((o) => [o.external_id, o.status])).toEqual([[order?.orderNumber, 'draft']]);
    expect(stored?.printful_order_id).toBe(String(fake.orders[0]?.id));
    expect(stored?.printful_status).toBe('draft');
  });

  it('queues the confirmation mail: number, lines, total and address, in the buyer’s language', async () => {
    const { app } = await start();
    const { cookie } = await signedInBuyer(app);
    const { order } = await placeOrder(app, cookie, orderInput([{ variantId: '5003', quantity: 3 }]));
    expect(await confirmationMails(app)).toHaveLength(1);
    await app.outbox.runOnce();
    const mail = app.sentMails.find((m) => m.to === 'ada@example.org');
    expect(mail?.subject).toBe(`Ihre Bestellung ${order?.orderNumber} bei SchoolBox`);
    for (const text of [
      `Bestellnummer: ${order?.orderNumber}`,
      // The date on the team's calendar (legal-de.md 4.6), the total said to include VAT.
      `Bestelldatum: ${new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'Europe/Berlin' }).format(app.clock.now())}`,
      '3 × SchoolBox Tee (Black, M) (je 26,50 €): 79,50 €',
      'Zwischensumme: 79,50 €',
      'Versand: 4,99 €',
      'Gesamtsumme inkl. MwSt.: 84,49 €',
      'Lieferadresse: Ada Lovelace, Musterstraße 1, 50667 Köln, Deutschland',
      'Wir melden uns in Kürze per E-Mail mit den Zahlungsinformationen.',
    ]) {
      expect(plain(mail?.text)).toContain(text);
    }
    expect(mail?.html).toContain('<html lang="de">');

    const english = await placeOrder(app, cookie, orderInput([{ variantId: '5003', quantity: 1 }], { locale: 'en' }));
    expect(english.status).toBe(200);
    await app.outbox.runOnce();
    // The buyer's mails (the team's, to CONTACT_INBOX, are in German: team-notices.test.ts).
    const buyerMail = app.sentMails.filter((m) => m.to === 'ada@example.org').at(-1);
    expect(buyerMail?.html).toContain('<html lang="en">');
    // The country is named in the buyer's language.
    expect(buyerMail?.text).toContain('Ada Lovelace, Musterstraße 1, 50667 Köln, Germany');
  });

  it('mails the order to the account’s own address whatever the form says: typed text reaches no stranger (ADR 054)', async () => {
    const { fake, app } = await start();
    const { cookie, email } = await signedInUser(app);
    // A QA finding: a verified buyer typed a lure into the delivery address and a stranger's e-mail; the
    // confirmation (no payment needed without Stripe) carried it there, signed by the association.
    const lure = {
      ...SHIPPING,
      firstName: 'Ihr Konto ist gesperrt. Jetzt entsperren unter',
      lastName: 'http://evil.example/login',
      email: 'victim@qa.example',
      address: 'Rufen Sie +49 900 123456 an',
    };
    const input = orderInput([{ variantId: '5003', quantity: 1 }], { shipping: lure });
    const { status, order } = await placeOrder(app, cookie, input);
    expect(status).toBe(200);
    // A retry of the same form (a double click) is the same order, not a refusal for "another address".
    expect((await placeOrder(app, cookie, input)).order?.orderNumber).toBe(order?.orderNumber);

    const [stored] = await storedOrders(app);
    expect(stored?.email).toBe(email);
    expect(printfulOrderPosts(fake)[0]?.body).toMatchObject({ recipient: { email } });
    await app.outbox.runOnce();
    expect(app.sentMails.map((m) => m.to)).not.toContain('victim@qa.example');
    const confirmation = app.sentMails.find((m) => m.to === email);
    expect(confirmation?.subject).toBe(`Ihre Bestellung ${order?.orderNumber} bei SchoolBox`);
    // Typed text stays text: the address line's "http://…" is no link.
    expect(confirmation?.html).not.toContain('href="http://evil.example');

    // The withdrawal names the order by its number and the address its mails went to.
    const declare = (declared: string) =>
      trpcMutation(app.url, 'withdrawals.declare', {
        name: 'Ada',
        orderNumber: order?.orderNumber,
        email: declared,
        message: '',
        locale: 'de',
      });
    expect((await declare('victim@qa.example')).body.error?.data.appCode).toBe('WITHDRAWAL_ORDER_UNKNOWN');
    expect((await declare(email)).status).toBe(200);
  });

  it('an order cancelled or refunded while Printful is asked keeps its status, and nobody is told to place it by hand', async () => {
    const { fake, app } = await start({ CONTACT_INBOX: 'team@schoolbox.example' });
    const { cookie } = await signedInUser(app);
    await trpcQuery(app.url, 'shop.products'); // the catalog is cached before Printful refuses orders
    fake.fail({ status: 500, path: '/orders' });
    const { order } = await placeOrder(app, cookie, orderInput([{ variantId: '5001', quantity: 1 }]));
    const stored = (await storedOrders(app))[0] as OrderRow;
    expect(stored.status).toBe('pending_provider');
    // The worker holds it; meanwhile it is refunded (in Stripe's dashboard, say); then Printful refuses it for good.
    app.clock.advance(60 * 60_000);
    const claimed = (await claimOrder(app.db, stored.id, app.clock.now())) as OrderRow;
    await app.db.updateTable('orders').set({ status: 'refunded' }).where('id', '=', stored.id).execute();
    fake.fail({ status: 400, path: '/orders' });
    const deps = { db: app.db, provider: app.shop.provider, clock: app.clock, logger: app.logger, team: teamMailOf(app.config) };
    await submitClaimedOrder(deps, claimed);
    expect((await storedOrders(app))[0]?.status).toBe('refunded');
    const teamMails = await app.db.selectFrom('outbox').select('subject').where('kind', '=', 'team_notice').execute();
    expect(teamMails.map((mail) => mail.subject)).not.toContain(`Bestellung ${order?.orderNumber}: Printful hat sie nicht angenommen`);
  });

  it('an order called off while Printful is asked has its new Printful order cancelled there at once; if Printful refuses, the team is told', async () => {
    const { fake, app } = await start({ CONTACT_INBOX: 'team@schoolbox.example' });
    const { cookie } = await signedInUser(app);
    await trpcQuery(app.url, 'shop.products');
    fake.fail({ status: 500, path: '/orders' });
    await placeOrder(app, cookie, orderInput([{ variantId: '5001', quantity: 1 }]));
    await placeOrder(app, cookie, orderInput([{ variantId: '5002', quantity: 1 }]));
    const [first, second] = (await storedOrders(app)) as [OrderRow, OrderRow];
    fake.heal();
    app.clock.advance(60 * 60_000);
    const deps = { db: app.db, provider: app.shop.provider, clock: app.clock, logger: app.logger, team: teamMailOf(app.config) };
    const callOff = (order: OrderRow) => app.db.updateTable('orders').set({ status: 'cancelled' }).where('id', '=', order.id).execute();

    // The worker holds the first; meanwhile it is called off (a withdrawal holds it); Printful takes it all the same.
    const claimed = (await claimOrder(app.db, first.id, app.clock.now())) as OrderRow;
    await callOff(first);
    await submitClaimedOrder(deps, claimed);
    expect(fake.orders.filter((o) => o.external_id === first.order_number).map((o) => o.status)).toEqual(['canceled']);
    expect((await storedOrders(app)).find((o) => o.id === first.id)?.status).toBe('cancelled');

    // The second: Printful will not cancel it (in production already, say): the team hears it has to.
    const claimedSecond = (await claimOrder(app.db, second.id, app.clock.now())) as OrderRow;
    await callOff(second);
    fake.fail({ status: 400, path: '/orders/', method: 'DELETE' });
    await submitClaimedOrder(deps, claimedSecond);
    const teamMails = await app.db.selectFrom('outbox').select('subject').where('kind', '=', 'team_notice').execute();
    expect(teamMails.map((mail) => mail.subject)).toContain(`Bestellung ${second.order_number}: bitte in Printful stornieren`);
  });

  it('refuses an unknown variant and stores, mails and sends nothing', async () => {
    const { fake, app } = await start();
    const { cookie } = await signedInUser(app);
    const result = await placeOrder(
      app,
      cookie,
      orderInput([
        { variantId: '5001', quantity: 1 },
        { variantId: '999999', quantity: 1 },
      ]),
    );
    expect([result.status, result.appCode]).toEqual([409, 'PRODUCT_UNAVAILABLE']);
    // An ignored or discontinued variant is as unknown as a made-up one.
    for (const variantId of ['5004', '5005', '5006']) {
      expect((await placeOrder(app, cookie, orderInput([{ variantId, quantity: 1 }]))).appCode, variantId).toBe('PRODUCT_UNAVAILABLE');
    }
    expect(await storedOrders(app)).toHaveLength(0);
    expect(await confirmationMails(app)).toHaveLength(0);
    expect(printfulOrderPosts(fake)).toHaveLength(0);
  });

  it('refuses quantities outside 1–99', async () => {
    const { app } = await start();
    const { cookie } = await signedInUser(app);
    for (const quantity of [0, 100, -1, 1.5]) {
      const result = await placeOrder(app, cookie, orderInput([{ variantId: '5001', quantity }]));
      expect([result.status, result.appCode], String(quantity)).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect(await storedOrders(app)).toHaveLength(0);
    expect((await placeOrder(app, cookie, orderInput([{ variantId: '5001', quantity: 99 }]))).status).toBe(200);
    expect((await placeOrder(app, cookie, orderInput([{ variantId: '5001', quantity: 1 }]))).status).toBe(200);
  });

  it('refuses missing shipping data and a country Printful would need a state for', async () => {
    const { app } = await start();
    const { cookie } = await signedInUser(app);
    const { status, body } = await trpcMutation(
      app.url,
      'orders.create',
      { ...orderInput([{ variantId: '5001', quantity: 1 }]), shipping: { ...SHIPPING, firstName: ' ', address: '', country: 'US' } },
      { cookie },
    );
    expect([status, body.error?.data.appCode]).toEqual([400, 'VALIDATION_FAILED']);
    expect(Object.keys(body.error?.data.fieldErrors ?? {})).toEqual(['shipping']);
    expect(await storedOrders(app)).toHaveLength(0);
  });

  it('makes one order per idempotency key, for a retry and for a double click', async () => {
    const { fake, app } = await start();
    const { cookie } = await signedInUser(app);
    const input = orderInput([{ variantId: '5002', quantity: 1 }]);
    const first = await placeOrder(app, cookie, input);
    const retry = await placeOrder(app, cookie, input);
    expect(retry.order).toEqual(first.order);

    const doubleClick = orderInput([{ variantId: '5003', quantity: 2 }]);
    const [a, b] = await Promise.all([placeOrder(app, cookie, doubleClick), placeOrder(app, cookie, doubleClick)]);
    expect(a.status).toBe(200);
    expect(b.order?.orderNumber).toBe(a.order?.orderNumber);

    expect(await storedOrders(app)).toHaveLength(2);
    expect(await confirmationMails(app)).toHaveLength(2);
    expect(printfulOrderPosts(fake)).toHaveLength(2);
    // The key belongs to its user: another user with the same key gets an order of their own.
    const other = await signedInUser(app);
    const theirs = await placeOrder(app, other.cookie, input);
    expect(theirs.order?.orderNumber).not.toBe(first.order?.orderNumber);
  });

  it('refuses a key sent again with another address or cart: the first order is not returned to be paid and shipped as it was', async () => {
    const { app } = await start();
    const { cookie } = await signedInUser(app);
    const input = orderInput([{ variantId: '5002', quantity: 1 }]);
    const first = await placeOrder(app, cookie, input);
    expect(first.status).toBe(200);

    const moved = { ...input, shipping: { ...SHIPPING, address: 'Neue Straße 99', city: 'Bonn', postalCode: '53111' } };
    const biggerCart = { ...input, lines: [{ variantId: '5002', quantity: 3 }] };
    for (const changed of [moved, biggerCart]) {
      const again = await placeOrder(app, cookie, changed);
      expect(again.status).toBe(400);
      expect(again.appCode).toBe('VALIDATION_FAILED');
    }
    // The same request again is still the same order.
    expect((await placeOrder(app, cookie, { ...input })).order).toEqual(first.order);
    expect(await storedOrders(app)).toHaveLength(1);
  });

  it('keeps the order when Printful is down, confirms it, and the worker hands it over later with backoff', async () => {
    const { fake, app } = await start();
    const { cookie } = await signedInBuyer(app);
    await trpcQuery(app.url, 'shop.products'); // the catalog is cached before Printful goes down
    fake.fail({ status: 500, path: '/orders' });

    const { status, order } = await placeOrder(app, cookie, orderInput([{ variantId: '5001', quantity: 1 }]));
    expect(status).toBe(200);
    expect(order?.status).toBe('pending_provider');
    let [stored] = await storedOrders(app);
    expect(stored).toMatchObject({
      status: 'pending_provider',
      provider_attempts: 1,
      printful_order_id: null,
      next_attempt_at: '2026-03-02T10:00:30.000Z',
    });
    expect(stored?.last_error).toContain('500');
    // The buyer is confirmed all the same.
    await app.outbox.runOnce();
    expect(app.sentMails.filter((m) => m.to === 'ada@example.org').map((m) => m.subject)).toEqual([
      `Ihre Bestellung ${order?.orderNumber} bei SchoolBox`,
    ]);

    expect(await app.orders.runOnce()).toBe(0); // not due yet
    expect(printfulOrderPosts(fake)).toHaveLength(1);

    app.clock.advance(31_000);
    expect(await app.orders.runOnce()).toBe(0); // due, tried, still down
    [stored] = await storedOrders(app);
    expect(stored).toMatchObject({ status: 'pending_provider', provider_attempts: 2, next_attempt_at: '2026-03-02T10:01:31.000Z' });
    expect(printfulOrderPosts(fake)).toHaveLength(2);

    fake.heal();
    app.clock.advance(61_000);
    expect(await app.orders.runOnce()).toBe(1);
    [stored] = await storedOrders(app);
    expect(stored).toMatchObject({ status: 'submitted', printful_status: 'draft', next_attempt_at: null, last_error: null });
    expect(fake.orders.map((o) => [o.external_id, o.status, String(o.id)])).toEqual([
      [order?.orderNumber, 'draft', stored?.printful_order_id],
    ]);
    expect(await app.orders.runOnce()).toBe(0);
    expect(printfulOrderPosts(fake)).toHaveLength(3);

    const mine = await trpcQuery(app.url, 'orders.mine', undefined, { cookie });
    expect((mine.body.result!.data as MyOrder[]).map((o) => o.status)).toEqual(['submitted']);
  });

  it('marks an order Printful refuses outright as provider_failed and does not retry it', async () => {
    const { fake, app } = await start();
    const { cookie } = await signedInUser(app);
    await trpcQuery(app.url, 'shop.products');
    fake.setProducts([]); // the variant is gone at Printful, still in our cached catalog
    const { order } = await placeOrder(app, cookie, orderInput([{ variantId: '5001', quantity: 1 }]));
    expect(order?.status).toBe('provider_failed');
    const [stored] = await storedOrders(app);
    expect(stored?.last_error).toContain('Variant not found');
    expect(app.logs.some((l) => l.level === 'error' && l.orderNumber === order?.orderNumber)).toBe(true);
    app.clock.advance(24 * 60 * 60_000);
    expect(await app.orders.runOnce()).toBe(0);
    expect(printfulOrderPosts(fake)).toHaveLength(1);
    expect(await confirmationMails(app)).toHaveLength(1);
  });

  it('answers SHOP_UNAVAILABLE when no catalog can be had, and stores nothing', async () => {
    const { fake, app } = await start();
    const { cookie } = await signedInUser(app);
    fake.fail({ status: 500 });
    const result = await placeOrder(app, cookie, orderInput([{ variantId: '5001', quantity: 1 }]));
    expect([result.status, result.appCode]).toEqual([503, 'SHOP_UNAVAILABLE']);
    expect(await storedOrders(app)).toHaveLength(0);
  });

  it('is refused while orders are switched off, before the input is even read', async () => {
    const { fake, app } = await start({ SHOP_ORDERS_ENABLED: 'false' });
    const { cookie } = await signedInUser(app);
    for (const input of [orderInput([{ variantId: '5001', quantity: 1 }]), {}]) {
      const result = await placeOrder(app, cookie, input);
      expect([result.status, result.appCode]).toEqual([409, 'ORDERS_DISABLED']);
    }
    expect(await storedOrders(app)).toHaveLength(0);
    expect(fake.requests).toHaveLength(0);
  });

  it('is refused to anonymous visitors and to accounts whose address is not verified', async () => {
    const { app } = await start();
    const input = orderInput([{ variantId: '5001', quantity: 1 }]);
    const anonymous = await placeOrder(app, undefined, input);
    expect([anonymous.status, anonymous.appCode]).toEqual([401, 'UNAUTHENTICATED']);

    const unverified = await createUser(app, { verified: false });
    const signIn = await trpcMutation(app.url, 'auth.signIn', { email: unverified.email, password: unverified.password });
    expect(signIn.body.error?.data.appCode).toBe('EMAIL_NOT_VERIFIED');
    // Even with a session (which sign-in would not give), the order is refused.
    const refused = await placeOrder(app, await sessionCookie(app, unverified.user.id), input);
    expect([refused.status, refused.appCode]).toEqual([403, 'EMAIL_NOT_VERIFIED']);
    expect(await storedOrders(app)).toHaveLength(0);
  });
});

describe('demo mode (no PRINTFUL_API_TOKEN)', () => {
  it('stores and confirms orders from the demo catalog with status demo, and sends them nowhere', async () => {
    fake = await startFakePrintful();
    app = await startTestApp({ PRINTFUL_API_URL: fake.url, SHOP_ORDERS_ENABLED: 'true' });
    const { cookie } = await signedInUser(app);
    const { status, order } = await placeOrder(app, cookie, orderInput([{ variantId: 'sb-tshirt-navy-m', quantity: 2, priceCents: 1 }]));
    expect(status).toBe(200);
    expect(order).toEqual({ orderNumber: expect.any(String), status: 'demo', totalCents: 2 * 2490 + 499 });
    await app.outbox.runOnce();
    expect(app.sentMails[0]?.text).toContain('Dies ist eine Bestellung im Demo-Shop');
    expect(plain(app.sentMails[0]?.text)).toContain('2 × SchoolBox T-Shirt (Marineblau, M) (je 24,90 €): 49,80 €');
    app.clock.advance(60 * 60_000);
    expect(await app.orders.runOnce()).toBe(0);
    expect(fake.requests).toHaveLength(0);
    expect((await storedOrders(app))[0]?.status).toBe('demo');
  });
});

describe('orders.mine and orders.adminList', () => {
  it('shows each user only their own orders, newest first, with status and lines', async () => {
    const { app } = await start();
    const ada = await signedInUser(app);
    const bob = await signedInUser(app);
    const first = await placeOrder(app, ada.cookie, orderInput([{ variantId: '5001', quantity: 1 }]));
    app.clock.advance(1000);
    const second = await placeOrder(app, ada.cookie, orderInput([{ variantId: '5101', quantity: 2 }]));
    await placeOrder(app, bob.cookie, orderInput([{ variantId: '5003', quantity: 1 }]));

    const mine = (await trpcQuery(app.url, 'orders.mine', undefined, { cookie: ada.cookie })).body.result!.data as MyOrder[];
    expect(mine.map((o) => o.orderNumber)).toEqual([second.order?.orderNumber, first.order?.orderNumber]);
    expect(mine[0]).toMatchObject({
      status: 'submitted',
      totalCents: 2 * 1290 + 499,
      lines: [{ name: 'SchoolBox Mug', color: 'White', size: '11oz', quantity: 2, unitPriceCents: 1290 }],
    });
    const anonymous = await trpcQuery(app.url, 'orders.mine');
    expect(anonymous.body.error?.data.appCode).toBe('UNAUTHENTICATED');
  });

  it('lists every order with its Printful id and status, for admins only; the CLI reads the same', async () => {
    const { fake, app } = await start();
    const buyer = await signedInUser(app);
    const admin = await signedInUser(app, { admin: true });
    const placed = await placeOrder(
      app,
      buyer.cookie,
      orderInput([
        { variantId: '5001', quantity: 2 },
        { variantId: '5002', quantity: 1 },
      ]),
    );
    fake.fail({ status: 503, path: '/orders' });
    const pending = await placeOrder(app, buyer.cookie, orderInput([{ variantId: '5003', quantity: 1 }]));

    expect((await trpcQuery(app.url, 'orders.adminList', {}, { cookie: buyer.cookie })).body.error?.data.appCode).toBe('FORBIDDEN');
    expect((await trpcQuery(app.url, 'orders.adminList', {})).body.error?.data.appCode).toBe('UNAUTHENTICATED');
    const list = ((await trpcQuery(app.url, 'orders.adminList', {}, { cookie: admin.cookie })).body.result!.data as AdminOrderList).orders;
    expect(list.map((o) => [o.orderNumber, o.status, o.printfulOrderId, o.itemCount])).toEqual(
      expect.arrayContaining([
        [placed.order?.orderNumber, 'submitted', String(fake.orders[0]?.id), 3],
        [pending.order?.orderNumber, 'pending_provider', null, 1],
      ]),
    );
    expect(list).toHaveLength(2);
    expect(list.find((o) => o.status === 'pending_provider')?.lastError).toContain('503');
    // The CLI's orders:list: the same orders in the same order, each the admin list's summary of it.
    expect(list).toEqual((await listOrdersForOperators(app.db)).map((order) => expect.objectContaining(order)));
  });
});
