/**
 * The shop while Printful fails or is slow, against the fake Printful over real HTTP: /shop is never
 * cached with its error (503 with Retry-After instead) and shows the products once Printful is back; a page
 * whose data failed is never cached, whatever the page; the last good catalog is kept in the database, so a
 * restart (or another process) has it at once and refreshes it in the background; with no copy at all a
 * visitor waits a bounded time; product details are fetched a few at a time; a refused token at the order
 * hand-over names the settings, as an error once per streak.
 */
import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { ShopProduct } from '@shared/schemas/shop';
import { AppError } from '@server/app-error';
import { CATALOG_MAX_AGE_MS } from '@server/shop/catalog';
import { catalogStoreKey, printfulCatalogSource } from '@server/shop/catalog-store';
import { DETAIL_CONCURRENCY } from '@server/shop/printful-catalog';
import { createShopServices, type PrintfulTuning } from '@server/shop/services';
import { signedInBuyer, TEST_SHIPPING } from '../support/orders';
import { FAKE_PRINTFUL_TOKEN, startFakePrintful, type FakePrintful } from '../support/fake-printful';
import { manyFakeProducts } from '../support/fake-printful-fixtures';
import { textOf } from '../support/html';
import { trpcMutation, trpcQuery } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';

const TTL_S = 60;
let fake: FakePrintful | undefined;
let app: TestApp | undefined;

afterEach(async () => {
  await app?.close();
  await fake?.close();
  app = undefined;
  fake = undefined;
});

const quick = (tuning: PrintfulTuning = {}): PrintfulTuning => ({ timeoutMs: 5000, sleep: async () => undefined, ...tuning });

/** The fake Printful and the app pointed at it, taking orders. */
async function start(tuning: PrintfulTuning = {}) {
  fake = await startFakePrintful();
  app = await startTestApp(
    {
      PRINTFUL_API_URL: fake.url,
      PRINTFUL_API_TOKEN: FAKE_PRINTFUL_TOKEN,
      SHOP_ORDERS_ENABLED: 'true',
      SHOP_CACHE_TTL_S: String(TTL_S),
    },
    { shop: (deps) => createShopServices(deps, quick(tuning)) },
  );
  return { fake, app };
}

/** Another process on the same database, or this one after a restart: the same settings, nothing in memory. */
function anotherProcess(target: TestApp, tuning: PrintfulTuning = {}) {
  return createShopServices({ config: target.config, logger: target.logger, clock: target.clock, db: target.db }, quick(tuning));
}

async function products(target: TestApp) {
  const { status, body } = await trpcQuery(target.url, 'shop.products');
  return { status, appCode: body.error?.data.appCode ?? null, products: body.result?.data as ShopProduct[] | undefined };
}

const ERROR_TEXT = 'Fehler beim Laden der Produkte';

describe('/shop while the catalog cannot be loaded', () => {
  it('is rendered afresh with 503 and Retry-After, never cached, and shows the products once Printful is back', async () => {
    const { fake, app } = await start();
    fake.fail({ status: 500 });

    const during = await app.request('/shop');
    expect(during.status).toBe(503);
    expect(during.headers.get('retry-after')).toBe('30');
    expect(during.headers.get('cache-control')).toBe('private, no-store');
    expect(during.headers.get('etag')).toBeNull();
    expect(textOf(await during.text())).toContain(ERROR_TEXT);
    // Within the pause after the failure: the error again, rendered again, not a stored copy.
    const again = await app.request('/shop');
    expect([again.status, again.headers.get('etag')]).toEqual([503, null]);
    await again.text();

    fake.heal();
    app.clock.advance(16_000);
    const after = await app.request('/shop');
    expect(after.status).toBe(200);
    const text = textOf(await after.text());
    expect(text).toContain('SchoolBox Tee');
    expect(text).not.toContain(ERROR_TEXT);
    // A good rendering is cached as before.
    const etag = after.headers.get('etag');
    expect(etag).toMatch(/^W\//);
    expect((await app.request('/shop', { headers: { 'if-none-match': etag as string } })).status).toBe(304);
  });
});

describe('a page whose data failed', () => {
  it('is never cached, whatever the page; a server failure answers with its status, a refusal leaves the route’s', async () => {
    let dataErrors: unknown[] = [];
    app = await startTestApp(
      {},
      {
        wrapRenderer: (renderer) => ({
          ...renderer,
          render: async (input) => ({ ...(await renderer.render(input)), dataErrors }),
        }),
      },
    );
    const answer = async () => {
      const response = await app!.request('/about');
      await response.text();
      return [response.status, response.headers.get('etag') !== null, response.headers.get('retry-after')];
    };

    dataErrors = [new TRPCError({ code: 'NOT_FOUND' })];
    expect(await answer()).toEqual([200, false, null]);
    dataErrors = [new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: new AppError('SHOP_UNAVAILABLE') })];
    expect(await answer()).toEqual([503, false, '30']);
    dataErrors = [new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: new AppError('SHOP_UNAVAILABLE') }), new Error('a bug')];
    expect(await answer()).toEqual([500, false, null]);

    dataErrors = [];
    expect(await answer()).toEqual([200, true, null]);
  });
});

describe('the last good catalog, kept in the database', () => {
  it('is served after a restart while Printful fails, up to CATALOG_MAX_AGE_MS', async () => {
    const { fake, app } = await start();
    const first = (await products(app)).products;
    expect(first).toHaveLength(3);
    const key = catalogStoreKey(printfulCatalogSource(FAKE_PRINTFUL_TOKEN, ''));
    const stored = await app.db.selectFrom('app_state').select('value').where('key', '=', key).executeTakeFirst();
    expect(JSON.parse(stored?.value ?? '{}')).toMatchObject({ fetchedAt: '2026-03-02T10:00:00.000Z', products: first });

    fake.fail({ status: 500 });
    app.clock.advance((TTL_S + 1) * 1000);
    const restarted = anotherProcess(app);
    expect(await restarted.catalog.products()).toEqual(first);
    await restarted.catalog.idle();
    expect(fake.requests.at(-1)?.status).toBe(500);
    expect(app.logs).toContainEqual(
      expect.objectContaining({ level: 'warn', msg: 'shop catalog refresh failed; serving the last good copy' }),
    );

    // A week later still without Printful, nothing is sold from it any more.
    app.clock.advance(CATALOG_MAX_AGE_MS);
    await expect(anotherProcess(app).catalog.products()).rejects.toMatchObject({ code: 'SHOP_UNAVAILABLE' });
  });

  it('is served at once while Printful is slow, refreshed in the background, and taken up by the other processes', async () => {
    const { fake, app } = await start();
    await products(app);
    app.clock.advance((TTL_S + 1) * 1000);
    fake.setProducts(manyFakeProducts(2));
    fake.setLatency(3000);

    const restarted = anotherProcess(app);
    const startedAt = performance.now();
    expect(await restarted.catalog.products()).toHaveLength(3);
    // Waiting for Printful would take 6 s (the list, then the details); the limit leaves room for a busy machine.
    expect(performance.now() - startedAt).toBeLessThan(2000);
    await restarted.catalog.idle();
    expect((await restarted.catalog.products()).map((p) => p.name)).toEqual(['Product 1', 'Product 2']);

    // The app's own copy is stale too: its refresh takes the one just stored instead of asking Printful.
    const asked = fake.requests.length;
    fake.setLatency(0);
    expect((await products(app)).products).toHaveLength(3);
    await app.shop.catalog.idle();
    expect((await products(app)).products?.map((p) => p.name)).toEqual(['Product 1', 'Product 2']);
    expect(fake.requests).toHaveLength(asked);
  });

  it('is loaded at start-up (warm), so that the first visitor asks Printful nothing', async () => {
    const { fake, app } = await start();
    app.shop.catalog.warm();
    await app.shop.catalog.idle();
    const asked = fake.requests.length;
    expect(asked).toBeGreaterThan(0);
    expect((await products(app)).products).toHaveLength(3);
    // A process started later finds the stored copy and leaves Printful alone.
    const later = anotherProcess(app);
    later.catalog.warm();
    await later.catalog.idle();
    expect(await later.catalog.products()).toHaveLength(3);
    expect(fake.requests).toHaveLength(asked);
  });
});

describe('the stored copy when PRINTFUL_API_TOKEN changes to another store’s token', () => {
  const OTHER_TOKEN = 'other-store-token';

  /** The keys of the stored catalogs, with what is stored under them. */
  const storedCopies = async (target: TestApp) =>
    (await target.db.selectFrom('app_state').select(['key', 'value']).execute()).filter((row) => row.key.startsWith('shop_catalog:'));

  it('is not the old store’s: none while the new store’s Printful fails, its own once it answers; the old copy then goes', async () => {
    const { app } = await start();
    expect((await products(app)).products?.map((product) => product.name)).toContain('SchoolBox Tee');
    const oldKey = catalogStoreKey(printfulCatalogSource(FAKE_PRINTFUL_TOKEN, ''));
    // The token is named by a digest; never stored itself.
    const before = await storedCopies(app);
    expect(before.map((row) => row.key)).toEqual([oldKey]);
    expect(JSON.stringify(before)).not.toContain(FAKE_PRINTFUL_TOKEN);

    // The operator puts the other store's token in and restarts; that store's Printful fails at first.
    const other = await startFakePrintful({ token: OTHER_TOKEN, products: manyFakeProducts(2) });
    try {
      const config = { ...app.config, printful: { ...app.config.printful, apiUrl: other.url, apiToken: OTHER_TOKEN } };
      const restarted = () => createShopServices({ config, logger: app.logger, clock: app.clock, db: app.db }, quick());
      other.fail({ status: 500 });
      const during = restarted();
      await expect(during.catalog.products()).rejects.toMatchObject({ code: 'SHOP_UNAVAILABLE' });
      await during.catalog.idle();

      other.heal();
      const after = restarted();
      expect((await after.catalog.products()).map((product) => product.name)).toEqual(['Product 1', 'Product 2']);
      await after.catalog.idle();
      const newKey = catalogStoreKey(printfulCatalogSource(OTHER_TOKEN, ''));
      expect(newKey).not.toBe(oldKey);
      expect((await storedCopies(app)).map((row) => row.key)).toEqual([newKey]);
    } finally {
      await other.close();
    }
  });

  it('is one per store id when PRINTFUL_STORE_ID is set, whatever the token', () => {
    expect(printfulCatalogSource(FAKE_PRINTFUL_TOKEN, '952434')).toBe('printful:952434');
    expect(printfulCatalogSource(OTHER_TOKEN, '952434')).toBe('printful:952434');
  });
});

describe('with no copy at all', () => {
  it('keeps a visitor waiting no longer than the bound, and has the catalog for the next one', async () => {
    const { fake, app } = await start({ firstLoadWaitMs: 300 });
    fake.setLatency(2500);
    const startedAt = performance.now();
    const first = await products(app);
    expect([first.status, first.appCode]).toEqual([503, 'SHOP_UNAVAILABLE']);
    // The bound is 300 ms, Printful's answer 5 s away; the limit leaves room for a busy machine.
    expect(performance.now() - startedAt).toBeLessThan(2000);
    // The load went on in the background.
    await app.shop.catalog.idle();
    expect((await products(app)).products).toHaveLength(3);
  });

  it('fetches the product details a few at a time, in the store’s order', async () => {
    const { fake, app } = await start();
    fake.setProducts(manyFakeProducts(10));
    fake.setLatency(50);
    const result = await products(app);
    expect(result.products?.map((p) => p.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Product ${i + 1}`));
    // One list request, then three rounds of details instead of ten.
    expect(fake.maxConcurrent).toBe(DETAIL_CONCURRENCY);
  });
});

describe('a refused token at the order hand-over', () => {
  it('is logged as an error naming the settings once per streak, then as warnings', async () => {
    const { fake, app } = await start();
    const { cookie } = await signedInBuyer(app);
    await products(app);
    fake.fail({ status: 401, path: '/orders' });
    const input = { shipping: TEST_SHIPPING, lines: [{ variantId: '5001', quantity: 1 }], idempotencyKey: randomUUID(), locale: 'de' };
    const placed = await trpcMutation(app.url, 'orders.create', input, { cookie });
    expect(placed.status).toBe(200);

    const refusals = () => app.logs.filter((line) => String(line.msg).includes('PRINTFUL_API_TOKEN')).map((line) => line.level);
    expect(refusals()).toEqual(['error']);
    expect(app.logs.find((line) => line.level === 'error')?.msg).toContain('PRINTFUL_STORE_ID');
    app.clock.advance(31_000);
    expect(await app.orders.runOnce()).toBe(0);
    expect(refusals()).toEqual(['error', 'warn']);
    expect(app.logs.some((line) => line.msg === 'order not yet handed to Printful; will retry')).toBe(false);

    // Printful takes the token again (the catalog's refresh), then refuses it again: a new streak.
    fake.heal();
    app.clock.advance((TTL_S + 1) * 1000);
    await products(app);
    await app.shop.catalog.idle();
    fake.fail({ status: 401, path: '/orders' });
    app.clock.advance(60_000);
    expect(await app.orders.runOnce()).toBe(0);
    expect(refusals()).toEqual(['error', 'warn', 'error']);
  });
});
