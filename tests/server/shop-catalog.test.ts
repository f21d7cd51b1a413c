/**
 * shop.products over real HTTP, against the fake Printful server over real HTTP: paging, rate limits,
 * failures and the cache in front of them, and the bundled demo catalog when no token is set.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { ShopProduct } from '@shared/schemas/shop';
import { DEMO_CATALOG } from '@server/shop/demo-catalog';
import { DETAIL_CONCURRENCY } from '@server/shop/printful-catalog';
import { createShopServices } from '@server/shop/services';
import { FAKE_PRINTFUL_TOKEN, startFakePrintful, type FakePrintful, type FakePrintfulOptions } from '../support/fake-printful';
import { manyFakeProducts } from '../support/fake-printful-fixtures';
import { trpcQuery } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';

const TTL_S = 60;
let fake: FakePrintful | undefined;
let app: TestApp | undefined;
/** The waits the Printful client asked for (the test's sleep returns at once). */
let sleeps: number[] = [];

afterEach(async () => {
  await app?.close();
  await fake?.close();
  app = undefined;
  fake = undefined;
});

/** The fake Printful, and the app pointed at it with a client that times out after `timeoutMs`. */
async function start(options: { fake?: FakePrintfulOptions; env?: Record<string, string>; timeoutMs?: number } = {}) {
  fake = await startFakePrintful(options.fake);
  sleeps = [];
  app = await startTestApp(
    { PRINTFUL_API_URL: fake.url, PRINTFUL_API_TOKEN: FAKE_PRINTFUL_TOKEN, SHOP_CACHE_TTL_S: String(TTL_S), ...options.env },
    { shop: (deps) => createShopServices(deps, { timeoutMs: options.timeoutMs ?? 5000, sleep: async (ms) => void sleeps.push(ms) }) },
  );
  return { fake, app };
}

async function products(target: TestApp) {
  const { status, body } = await trpcQuery(target.url, 'shop.products');
  return {
    status,
    appCode: body.error?.data.appCode ?? null,
    message: body.error?.message,
    products: body.result?.data as ShopProduct[] | undefined,
  };
}

const listRequests = (f: FakePrintful) => f.requests.filter((r) => r.path === '/store/products');
const detailRequests = (f: FakePrintful) => f.requests.filter((r) => r.path.startsWith('/store/products/'));

describe('the Printful catalog', () => {
  it('turns the store into shop products: sellable variants only, prices in cents, colours and sizes', async () => {
    const { app } = await start();
    const result = await products(app);
    expect(result.status).toBe(200);
    expect(result.products?.map((p) => [p.id, p.name, p.colors, p.sizes])).toEqual([
      ['1001', 'SchoolBox Tee', ['Navy', 'Black'], ['S', 'M']],
      ['1002', 'SchoolBox Mug', ['White'], ['11oz', '15oz']],
      ['1003', 'SchoolBox Poster', [], ['18″×24″']],
    ]);
    expect(result.products?.[0]?.variants.map((v) => v.priceCents)).toEqual([2490, 2490, 2650]);
  });

  it('pages through the store to the end, 100 at a time, with the bearer token on every request', async () => {
    const { fake, app } = await start();
    fake.setProducts(manyFakeProducts(230));
    const result = await products(app);
    expect(result.products).toHaveLength(230);
    expect(result.products?.at(-1)?.name).toBe('Product 230');
    expect(listRequests(fake).map((r) => [r.query.offset, r.query.limit])).toEqual([
      ['0', '100'],
      ['100', '100'],
      ['200', '100'],
    ]);
    expect(detailRequests(fake)).toHaveLength(230);
    expect(new Set(fake.requests.map((r) => r.authorization))).toEqual(new Set([`Bearer ${FAKE_PRINTFUL_TOKEN}`]));
    // A store-level token needs no store header, and none is sent when no store id is configured.
    expect(fake.requests.every((r) => r.storeId === null)).toBe(true);
  });

  it('sends X-PF-Store-Id, which an account-level token needs', async () => {
    const { fake, app } = await start({ fake: { storeId: '952434' }, env: { PRINTFUL_STORE_ID: '952434' } });
    expect((await products(app)).products).toHaveLength(3);
    expect(fake.requests.every((r) => r.storeId === '952434')).toBe(true);
  });

  it('answers SHOP_UNAVAILABLE when Printful refuses for want of a store id', async () => {
    const { fake, app } = await start({ fake: { storeId: '952434' } });
    const result = await products(app);
    expect([result.status, result.appCode]).toEqual([503, 'SHOP_UNAVAILABLE']);
    expect(fake.requests[0]?.status).toBe(400);
  });
});

describe('rate limits (429)', () => {
  it('waits the delay from the message, then retries and succeeds', async () => {
    const { fake, app } = await start();
    fake.fail({ status: 429, times: 1, path: '/store/products', retryAfterSeconds: 3 });
    const result = await products(app);
    expect(result.products).toHaveLength(3);
    expect(sleeps).toEqual([3000]);
    expect(listRequests(fake).map((r) => r.status)).toEqual([429, 200]);
  });

  it('prefers the Retry-After header when Printful sends one', async () => {
    const { fake, app } = await start();
    fake.fail({ status: 429, times: 2, path: '/store/products/1002', retryAfterSeconds: 50, retryAfterHeader: 2 });
    expect((await products(app)).products).toHaveLength(3);
    expect(sleeps).toEqual([2000, 2000]);
    expect(fake.requests.filter((r) => r.path === '/store/products/1002').map((r) => r.status)).toEqual([429, 429, 200]);
  });

  it('does not keep a visitor waiting for a long lockout: SHOP_UNAVAILABLE at once', async () => {
    const { fake, app } = await start();
    fake.fail({ status: 429, path: '/store/products', retryAfterSeconds: 60 });
    const result = await products(app);
    expect([result.status, result.appCode]).toEqual([503, 'SHOP_UNAVAILABLE']);
    expect(sleeps).toEqual([]);
    expect(listRequests(fake)).toHaveLength(1);
  });
});

describe('failures and the cache', () => {
  it('serves the last good copy when Printful fails (5xx), and refreshes once it is back', async () => {
    const { fake, app } = await start();
    const first = await products(app);
    expect(first.products).toHaveLength(3);

    fake.fail({ status: 500 });
    app.clock.advance((TTL_S + 1) * 1000);
    const during = await products(app);
    expect(during.status).toBe(200);
    expect(during.products).toEqual(first.products);
    await app.shop.catalog.idle();
    expect(fake.requests.at(-1)?.status).toBe(500);
    expect(app.logs.some((line) => line.msg === 'shop catalog refresh failed; serving the last good copy')).toBe(true);
    // Still the old copy, and Printful is left alone for a while after the failure.
    const requestsSoFar = fake.requests.length;
    expect((await products(app)).products).toEqual(first.products);
    await app.shop.catalog.idle();
    expect(fake.requests).toHaveLength(requestsSoFar);

    fake.heal();
    fake.setProducts(manyFakeProducts(2));
    app.clock.advance(60_000);
    await products(app); // starts the refresh, still answers with the old copy
    await app.shop.catalog.idle();
    expect((await products(app)).products?.map((p) => p.name)).toEqual(['Product 1', 'Product 2']);
  });

  it('answers SHOP_UNAVAILABLE (503) when Printful fails and nothing is cached, without Printful’s text', async () => {
    const { fake, app } = await start();
    fake.fail({ status: 502 });
    const result = await products(app);
    expect([result.status, result.appCode]).toEqual([503, 'SHOP_UNAVAILABLE']);
    expect(result.message).not.toMatch(/printful|html/i);
  });

  it('maps a bad token to SHOP_UNAVAILABLE and tells the operator in the log', async () => {
    const { fake, app } = await start({ env: { PRINTFUL_API_TOKEN: 'not-the-token' } });
    const result = await products(app);
    expect([result.status, result.appCode]).toEqual([503, 'SHOP_UNAVAILABLE']);
    expect(fake.requests.map((r) => r.status)).toEqual([401]);
    const logged = app.logs.find((line) => line.level === 'error' && String(line.msg).includes('Printful refused the API token'));
    expect(logged).toBeDefined();
    expect(JSON.stringify(app.logs)).not.toContain('not-the-token');
  });

  it('gives up on a Printful that does not answer in time', async () => {
    const { fake, app } = await start({ timeoutMs: 100 });
    fake.setLatency(3000);
    const result = await products(app);
    expect([result.status, result.appCode]).toEqual([503, 'SHOP_UNAVAILABLE']);
    const logged = app.logs.find((line) => line.msg === 'shop catalog could not be loaded');
    expect(JSON.stringify(logged)).toContain('no answer within 100 ms');
  });

  it('makes one catalog load for 20 parallel visitors, with a few upstream requests at a time', async () => {
    const { fake, app } = await start();
    fake.setLatency(30);
    const results = await Promise.all(Array.from({ length: 20 }, () => products(app)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    for (const result of results) expect(result.products).toEqual(results[0]?.products);
    expect(listRequests(fake)).toHaveLength(1);
    // Four products are fetched side by side (the ignored one is skipped), each once.
    expect(
      detailRequests(fake)
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/store/products/1001', '/store/products/1002', '/store/products/1003', '/store/products/1005']);
    expect(fake.maxConcurrent).toBeLessThanOrEqual(DETAIL_CONCURRENCY);
  });

  it('asks Printful nothing within the TTL, and refreshes in the background after it', async () => {
    const { fake, app } = await start();
    await products(app);
    const afterFirst = fake.requests.length;
    app.clock.advance((TTL_S - 1) * 1000);
    await products(app);
    expect(fake.requests).toHaveLength(afterFirst);

    fake.setProducts(manyFakeProducts(1));
    app.clock.advance(2000);
    // The stale copy answers at once while the refresh runs.
    expect((await products(app)).products).toHaveLength(3);
    await app.shop.catalog.idle();
    expect((await products(app)).products?.map((p) => p.name)).toEqual(['Product 1']);
  });
});

describe('cached /shop pages and the catalog', () => {
  it('retires the cached /shop page when a refresh brings other products, and keeps it when they are the same', async () => {
    const { fake, app } = await start();
    const first = await app.request('/shop');
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(await first.text()).not.toContain('Product 1');

    // The same products again: the page stays the one cached.
    app.clock.advance((TTL_S + 1) * 1000);
    await products(app);
    await app.shop.catalog.idle();
    expect((await app.request('/shop')).headers.get('etag')).toBe(etag);

    // Other products: the next /shop shows them, although the page cache would keep its copy for minutes.
    // Only pages are asked (a visitor without scripts, a crawler): the cached page's check starts the refresh
    // (this answer may already show the new products, when the refresh is done before the version is read).
    fake.setProducts(manyFakeProducts(1));
    app.clock.advance((TTL_S + 1) * 1000);
    expect((await app.request('/shop')).status).toBe(200);
    await app.shop.catalog.idle();
    const changed = await app.request('/shop');
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(await changed.text()).toContain('Product 1');
  });
});

describe('the demo catalog (no PRINTFUL_API_TOKEN)', () => {
  it('is served without asking Printful, with pictures that exist', async () => {
    fake = await startFakePrintful();
    app = await startTestApp({ PRINTFUL_API_URL: fake.url });
    const result = await products(app);
    expect(result.status).toBe(200);
    expect(result.products).toEqual(DEMO_CATALOG);
    expect(result.products?.map((p) => p.name)).toContain('SchoolBox T-Shirt');
    expect(fake.requests).toHaveLength(0);
    const publicDir = fileURLToPath(new URL('../../src-client/public', import.meta.url));
    for (const image of new Set(DEMO_CATALOG.flatMap((p) => [p.thumbnail, ...p.variants.map((v) => v.image)]))) {
      expect(existsSync(`${publicDir}${image}`), String(image)).toBe(true);
    }
  });
});
