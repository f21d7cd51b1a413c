import { afterEach, describe, expect, it } from 'vitest';
import { createContentVersion } from '@server/lib/content-version';
import { applyRetention } from '@server/retention/delete';
import { createLegalHistory, LEGAL_HISTORY_REFRESH_MS } from '@server/site/legal-history';
import { textOf } from '../support/html';
import { trpcQuery } from '../support/http';
import { insertStoredOrder } from '../support/orders';
import { startTestApp, type TestApp } from '../support/test-app';

// ADR 055: the shop's legal duties outlive SHOP_ORDERS_ENABLED. While the database holds orders whose buyer
// is not yet anonymized, the footer keeps the shop's legal links and the privacy policy its orders section
// (with the withdrawal declarations); while it holds donations or orders paid through Stripe, the sections
// on Stripe payments and donations stay after STRIPE_SECRET_KEY is unset; while it holds orders sent to
// Printful, the policy names Printful after PRINTFUL_API_TOKEN is removed.

const SHOP_LINKS = ['/agb', '/widerruf', '/widerruf/erklaeren'];

let app: TestApp;
afterEach(() => app.close());

/** The footer's legal links, without their language parameter. */
async function footerLinks(path = '/'): Promise<string[]> {
  const html = await (await app.request(path)).text();
  const list = /data-testid="footer-legal-links"[^>]*>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '';
  return [...list.matchAll(/href="([^"]*)"/g)].map((match) => (match[1] as string).replace(/\?.*$/, ''));
}

/** The ids of /datenschutz's sections, and the text of its sections on orders and on withdrawals. */
async function privacyPolicy() {
  const html = await (await app.request('/datenschutz')).text();
  const ids = [...html.matchAll(/<section[^>]*\sid="([^"]+)"[^>]*aria-labelledby="\1-title"/g)].map((match) => match[1] as string);
  const orders = /<section[^>]*\sid="orders"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
  const withdrawals = /<section[^>]*\sid="withdrawals"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
  return { ids, orders: textOf(orders), withdrawals: textOf(withdrawals), withdrawalsHtml: withdrawals };
}

/** An order placed while the shop was open, through the demo catalog or for real. */
const order = (id: string, extra: Parameters<typeof insertStoredOrder>[1] extends infer O ? Partial<O> : never = {}) =>
  insertStoredOrder(app.db, {
    id,
    order_number: `SB-${id}`,
    user_id: null,
    email: `${id}@example.org`,
    created_at: '2026-02-20T10:00:00Z',
    ...extra,
  });

async function insertDonation(id: string) {
  await app.db
    .insertInto('donations')
    .values({
      id,
      mode: 'one_time',
      amount_cents: 2500,
      currency: 'eur',
      status: 'paid',
      donor_email: `${id}@example.org`,
      donor_name: 'Ada Lovelace',
      locale: 'de',
      stripe_session_id: `cs_${id}`,
      stripe_customer_id: null,
      stripe_subscription_id: null,
      stripe_payment_intent_id: `pi_${id}`,
      created_at: '2026-02-20T10:00:00Z',
      updated_at: '2026-02-20T10:00:00Z',
      confirmed_at: '2026-02-20T10:01:00Z',
    })
    .execute();
}

/**
 * Time passes, and a visitor comes: the content version's check looks again whether orders are held
 * (runtime.ts), and a change retires the cached pages.
 */
async function afterTheNextRefresh() {
  app.clock.advance(LEGAL_HISTORY_REFRESH_MS + 1);
  await app.request('/');
  await app.appDeps.legalHistory.idle();
}

describe('with the shop switched off', () => {
  it('keeps the shop legal links and the orders section over an order it took, while checkout stays closed', async () => {
    app = await startTestApp({ SHOP_ORDERS_ENABLED: 'false' });
    await order('o1');
    expect(await footerLinks('/')).toEqual(expect.arrayContaining(SHOP_LINKS));
    expect(await footerLinks('/impressum?lang=en')).toEqual(expect.arrayContaining(SHOP_LINKS));
    const policy = await privacyPolicy();
    expect(policy.ids).toContain('orders');
    // The withdrawal declarations are described beside it, with the link to the withdrawal function.
    expect(policy.ids).toContain('withdrawals');
    expect(policy.withdrawals).toContain('Vertrag widerrufen');
    expect(policy.withdrawalsHtml).toContain('href="/widerruf/erklaeren');
    // Not paid through Stripe, and no donation: no section on Stripe.
    expect(policy.ids).not.toContain('payments');
    expect(policy.ids).not.toContain('donations');
    // The shop itself stays closed: the setting alone decides whether it takes orders.
    const config = (await trpcQuery(app.url, 'site.config')).body.result?.data as { shopOrdersEnabled: boolean; shopHistory: boolean };
    expect(config).toMatchObject({ shopOrdersEnabled: false, shopHistory: true });
    const legal = (await trpcQuery(app.url, 'site.legal')).body.result?.data as { features: Record<string, boolean> };
    expect(legal.features).toMatchObject({ shopOrders: false, shopHistory: true, donationHistory: false, stripeHistory: false });
  });

  it('shows neither on a fresh installation, nor over demo-shop orders only', async () => {
    app = await startTestApp({ SHOP_ORDERS_ENABLED: 'false' });
    await order('demo1', { status: 'demo' });
    const links = await footerLinks('/');
    expect(links).toEqual(expect.arrayContaining(['/impressum', '/datenschutz']));
    for (const link of SHOP_LINKS) expect(links).not.toContain(link);
    expect((await privacyPolicy()).ids).not.toContain('orders');
  });

  it('drops them again once retention has anonymized the last buyer', async () => {
    app = await startTestApp({ SHOP_ORDERS_ENABLED: 'false' });
    // Placed in 2015: past the eight years' retention at the tests' start (2026).
    await order('old1', { created_at: '2015-06-01T10:00:00Z' });
    expect(await footerLinks('/')).toEqual(expect.arrayContaining(SHOP_LINKS));
    expect((await privacyPolicy()).ids).toContain('orders');

    const counts = await applyRetention(app.db, app.clock.now(), app.config.retention);
    expect(counts.anonymizedOrders).toBe(1);
    await afterTheNextRefresh();
    const links = await footerLinks('/');
    for (const link of SHOP_LINKS) expect(links).not.toContain(link);
    expect((await privacyPolicy()).ids).not.toContain('orders');
  });

  it('retires a page cached before the first order at the next refresh', async () => {
    app = await startTestApp({ SHOP_ORDERS_ENABLED: 'false' });
    expect(await footerLinks('/')).not.toContain('/agb');
    // Taken by another process still running with the shop open (a rolling restart).
    await order('o2');
    await afterTheNextRefresh();
    expect(await footerLinks('/')).toEqual(expect.arrayContaining(SHOP_LINKS));
    expect((await privacyPolicy()).ids).toContain('orders');
  });
});

describe('with Stripe unset', () => {
  it('keeps the sections on Stripe payments and donations over a donation', async () => {
    app = await startTestApp({ SHOP_ORDERS_ENABLED: 'false' });
    await insertDonation('d1');
    const { ids } = await privacyPolicy();
    expect(ids).toEqual(expect.arrayContaining(['payments', 'donations']));
    expect(ids).not.toContain('orders');
    for (const link of SHOP_LINKS) expect(await footerLinks('/')).not.toContain(link);
  });

  it('keeps the section on Stripe payments over an order paid through Stripe, without one on donations', async () => {
    app = await startTestApp({ SHOP_ORDERS_ENABLED: 'false' });
    await order('paid1', { status: 'submitted', stripe_session_id: 'cs_paid1', paid_at: '2026-02-20T10:05:00Z' });
    const { ids } = await privacyPolicy();
    expect(ids).toEqual(expect.arrayContaining(['orders', 'payments']));
    expect(ids).not.toContain('donations');
  });
});

describe('with the Printful token removed', () => {
  it('goes on naming Printful as the processor over an order sent to it, until retention anonymizes its buyer', async () => {
    // No PRINTFUL_API_TOKEN (the tests' default): today's orders would be shipped by the association itself.
    app = await startTestApp({ SHOP_ORDERS_ENABLED: 'false' });
    await order('local1', { status: 'confirmed' });
    let policy = await privacyPolicy();
    expect(policy.ids).toContain('orders');
    expect(policy.orders).not.toContain('Printful');
    expect(policy.orders).toContain('von unserem Verein selbst bearbeitet');

    // Placed in 2015 while the token was set, and sent to Printful.
    await order('sent1', { status: 'submitted', printful_order_id: '987654', created_at: '2015-06-01T10:00:00Z' });
    await afterTheNextRefresh();
    policy = await privacyPolicy();
    expect(policy.orders).toContain('Printful');
    expect(policy.orders).not.toContain('von unserem Verein selbst bearbeitet');
    const html = await (await app.request('/datenschutz')).text();
    const recipients = /<section[^>]*\sid="recipients"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(textOf(recipients)).toContain('Printful');
    const legal = (await trpcQuery(app.url, 'site.legal')).body.result?.data as { features: Record<string, boolean> };
    expect(legal.features).toMatchObject({ printful: false, printfulHistory: true });

    // Past the eight years' retention: that buyer is anonymized, and Printful leaves the policy.
    const counts = await applyRetention(app.db, app.clock.now(), app.config.retention);
    expect(counts.anonymizedOrders).toBe(1);
    await afterTheNextRefresh();
    expect((await privacyPolicy()).orders).not.toContain('Printful');
  });
});

describe('with several processes on one database', () => {
  it('a change whose version move failed moves it at the next refresh (the pages cached before it do not stay)', async () => {
    app = await startTestApp({ SHOP_ORDERS_ENABLED: 'false' });
    const real = createContentVersion(app.db, app.clock);
    let failBump = true;
    const content = {
      ...real,
      bump: async () => {
        if (failBump) throw new Error('disk full');
        return real.bump();
      },
    };
    const history = createLegalHistory({ db: app.db, content, clock: app.clock, logger: app.logger });
    expect((await history.current()).shopHistory).toBe(false);
    const version = await real.current();

    await order('o4');
    app.clock.advance(LEGAL_HISTORY_REFRESH_MS + 1);
    history.touch();
    await history.idle();
    expect(await real.current()).toBe(version);
    // At the version the cached pages were made at, their facts stay: no page mixes the two.
    expect((await history.current()).shopHistory).toBe(false);

    failBump = false;
    app.clock.advance(LEGAL_HISTORY_REFRESH_MS + 1);
    history.touch();
    await history.idle();
    expect(await real.current()).toBeGreaterThan(version);
    expect((await history.current()).shopHistory).toBe(true);
  });

  it('a change one process sees moves the content version, and the others read the fact again', async () => {
    app = await startTestApp({ SHOP_ORDERS_ENABLED: 'false' });
    // A second process: its own content version and facts in memory, the same database.
    const content = createContentVersion(app.db, app.clock);
    const other = createLegalHistory({ db: app.db, content, clock: app.clock, logger: app.logger });
    expect((await other.current()).shopHistory).toBe(false);
    expect(await footerLinks('/')).not.toContain('/agb');

    await order('o3');
    // This process sees it at its next refresh, and moves the version on.
    await afterTheNextRefresh();
    expect(await footerLinks('/')).toContain('/agb');
    // The other learns the version at its next check (a second later at most) and reads the fact again.
    app.clock.advance(1_001);
    expect((await other.current()).shopHistory).toBe(true);
  });
});
