/**
 * Product names and colours in the reader's language (issue 20), over real HTTP: the demo catalog's
 * own English and French names, and for a Printful store (the fake Printful server) the admins'
 * translation table, its fallback to Printful's name, who may write it, and the cached shop pages it
 * retires. Orders keep the names the buyer saw.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProductTranslationRow, ShopProduct } from '@shared/schemas/shop';
import { DEMO_CATALOG } from '@server/shop/demo-catalog';
import { createShopServices } from '@server/shop/services';
import { signedInUser } from '../support/accounts';
import { FAKE_PRINTFUL_TOKEN, startFakePrintful, type FakePrintful } from '../support/fake-printful';
import { textOf } from '../support/html';
import { trpcMutation, trpcQuery } from '../support/http';
import { signedInBuyer, TEST_SHIPPING } from '../support/orders';
import { startTestApp, type TestApp } from '../support/test-app';

let fake: FakePrintful | undefined;
let app: TestApp | undefined;

afterEach(async () => {
  await app?.close();
  await fake?.close();
  app = undefined;
  fake = undefined;
});

/** The app with the bundled demo catalog (no Printful token). */
async function startDemo() {
  app = await startTestApp({ SHOP_ORDERS_ENABLED: 'true' });
  return app;
}

/** The app in front of the fake Printful store (SchoolBox Tee, SchoolBox Mug, SchoolBox Poster). */
async function startPrintful() {
  fake = await startFakePrintful();
  app = await startTestApp(
    { PRINTFUL_API_URL: fake.url, PRINTFUL_API_TOKEN: FAKE_PRINTFUL_TOKEN, SHOP_CACHE_TTL_S: '600' },
    { shop: (deps) => createShopServices(deps, { timeoutMs: 5000, sleep: async () => undefined }) },
  );
  return { fake, app };
}

async function catalog(target: TestApp, lang?: string): Promise<ShopProduct[]> {
  const { status, body } = await trpcQuery(target.url, 'shop.products', lang === undefined ? undefined : { lang });
  expect(status, JSON.stringify(body.error)).toBe(200);
  return body.result?.data as ShopProduct[];
}

const names = (products: ShopProduct[]) => products.map((product) => product.name);
const productNamed = (products: ShopProduct[], id: string) => products.find((product) => product.id === id);

async function saveTranslation(target: TestApp, cookie: string | undefined, input: unknown) {
  const { status, body } = await trpcMutation(target.url, 'shop.saveTranslation', input, { cookie });
  return { status, appCode: body.error?.data.appCode ?? null, row: body.result?.data as ProductTranslationRow | undefined };
}

async function shopPage(target: TestApp, path: string) {
  const response = await target.request(path);
  expect(response.status).toBe(200);
  return { etag: response.headers.get('etag'), text: textOf(await response.text()) };
}

describe('the demo catalog in three languages', () => {
  it('names products and colours in French and English, with the same variants and prices', async () => {
    const target = await startDemo();
    const french = await catalog(target, 'fr');
    const english = await catalog(target, 'en');
    expect(await catalog(target)).toEqual(DEMO_CATALOG);
    expect(await catalog(target, 'de')).toEqual(DEMO_CATALOG);

    expect(names(french)).toEqual([
      'T-shirt SchoolBox',
      'Sweat à capuche SchoolBox',
      'Sac en toile « L’éducation pour tous »',
      'Mug SchoolBox',
      'Casquette SchoolBox',
      'Gourde en inox',
      'Lot de 5 autocollants',
    ]);
    expect(names(english)).toContain('Stainless steel water bottle');
    expect(productNamed(french, 'sb-tshirt')?.colors).toEqual(['Bleu marine', 'Noir', 'Blanc']);
    expect(productNamed(english, 'sb-hoodie')?.colors).toEqual(['Charcoal', 'Navy']);
    const frenchTee = productNamed(french, 'sb-tshirt');
    expect(frenchTee?.variants[0]).toMatchObject({ name: 'T-shirt SchoolBox - Bleu marine / S', color: 'Bleu marine', size: 'S' });
    // Only the words change: ids, prices, sizes and pictures are the catalog's.
    const strip = (products: ShopProduct[]) =>
      products.map((product) => product.variants.map(({ id, priceCents, size, image }) => [id, priceCents, size, image]));
    expect(strip(french)).toEqual(strip([...DEMO_CATALOG]));
  });

  it('renders /shop?lang=fr and ?lang=en on the server with those names', async () => {
    const target = await startDemo();
    const french = await shopPage(target, '/shop?lang=fr');
    expect(french.text).toContain('Sac en toile « L’éducation pour tous »');
    expect(french.text).toContain('Bleu marine');
    expect(french.text).not.toContain('Stoffbeutel');
    expect(french.text).not.toContain('Marineblau');
    const english = await shopPage(target, '/shop?lang=en');
    expect(english.text).toContain('Tote bag “Education for All”');
    expect(english.text).toContain('Charcoal');
    expect((await shopPage(target, '/shop')).text).toContain('Stoffbeutel „Bildung für alle“');
  });

  it('stores and mails an order with the names the buyer saw, in their language', async () => {
    const target = await startDemo();
    const { cookie } = await signedInBuyer(target);
    const input = {
      shipping: TEST_SHIPPING,
      lines: [{ variantId: 'sb-tote-natural', quantity: 1 }],
      idempotencyKey: randomUUID(),
      locale: 'fr',
    };
    const { status, body } = await trpcMutation(target.url, 'orders.create', input, { cookie });
    expect(status, JSON.stringify(body.error)).toBe(200);
    const items = await target.db.selectFrom('order_items').select(['name', 'color']).execute();
    expect(items).toEqual([{ name: 'Sac en toile « L’éducation pour tous »', color: 'Écru' }]);
    await target.outbox.runOnce();
    const mail = target.sentMails.find((sent) => sent.to === TEST_SHIPPING.email);
    expect(mail?.text).toContain('Sac en toile « L’éducation pour tous » (Écru)');
  });
});

describe('the translation table for a Printful store', () => {
  it('shows an admin’s English name on the English shop and falls back to Printful’s name where empty', async () => {
    const { app: target } = await startPrintful();
    const { cookie } = await signedInUser(target, { admin: true });
    const saved = await saveTranslation(target, cookie, { productId: '1002', names: { en: '  SchoolBox mug with logo ', fr: '' } });
    expect(saved.status).toBe(200);
    expect(saved.row).toMatchObject({
      productId: '1002',
      name: 'SchoolBox Mug',
      names: { en: 'SchoolBox mug with logo', fr: '' },
      fallbacks: { en: 'SchoolBox Mug', fr: 'SchoolBox Mug' },
    });

    expect(names(await catalog(target, 'en'))).toEqual(['SchoolBox Tee', 'SchoolBox mug with logo', 'SchoolBox Poster']);
    expect(names(await catalog(target, 'fr'))).toEqual(['SchoolBox Tee', 'SchoolBox Mug', 'SchoolBox Poster']);
    expect(names(await catalog(target, 'de'))).toEqual(['SchoolBox Tee', 'SchoolBox Mug', 'SchoolBox Poster']);
    // The variant names follow the product's (Printful names them "<product> - <options>").
    expect(productNamed(await catalog(target, 'en'), '1002')?.variants.map((variant) => variant.name)).toEqual([
      'SchoolBox mug with logo - White / 11oz',
      'SchoolBox mug with logo - White / 15oz',
    ]);

    const table = await trpcQuery(target.url, 'shop.translations', undefined, { cookie });
    const rows = table.body.result?.data as ProductTranslationRow[];
    expect(rows.map((row) => [row.productId, row.name, row.names.en, row.names.fr])).toEqual([
      ['1001', 'SchoolBox Tee', '', ''],
      ['1002', 'SchoolBox Mug', 'SchoolBox mug with logo', ''],
      ['1003', 'SchoolBox Poster', '', ''],
    ]);

    // Emptied again: the row goes, and English readers see Printful's name.
    await saveTranslation(target, cookie, { productId: '1002', names: { en: '', fr: 'Mug SchoolBox' } });
    expect(names(await catalog(target, 'en'))).toContain('SchoolBox Mug');
    expect(names(await catalog(target, 'fr'))).toContain('Mug SchoolBox');
    const stored = await target.db.selectFrom('product_translations').select(['product_id', 'locale', 'name']).execute();
    expect(stored).toEqual([{ product_id: '1002', locale: 'fr', name: 'Mug SchoolBox' }]);
  });

  it('asks Printful once for every language: the translations are laid over the one cached catalog', async () => {
    const { fake, app: target } = await startPrintful();
    for (const lang of ['de', 'en', 'fr', 'en']) await catalog(target, lang);
    expect(fake.requests.filter((request) => request.path === '/store/products')).toHaveLength(1);
  });

  it('lets only admins read and write the table, and refuses unknown products and overlong names', async () => {
    const { app: target } = await startPrintful();
    const input = { productId: '1001', names: { en: 'Tee', fr: 'T-shirt' } };
    expect((await saveTranslation(target, undefined, input)).appCode).toBe('UNAUTHENTICATED');
    const member = await signedInUser(target);
    expect((await saveTranslation(target, member.cookie, input)).appCode).toBe('FORBIDDEN');
    expect((await trpcQuery(target.url, 'shop.translations', undefined, { cookie: member.cookie })).body.error?.data.appCode).toBe(
      'FORBIDDEN',
    );
    const admin = await signedInUser(target, { admin: true });
    expect((await saveTranslation(target, admin.cookie, { ...input, productId: '9999' })).appCode).toBe('NOT_FOUND');
    expect((await saveTranslation(target, admin.cookie, { ...input, names: { en: 'x'.repeat(201), fr: '' } })).appCode).toBe(
      'VALIDATION_FAILED',
    );
    expect(await target.db.selectFrom('product_translations').selectAll().execute()).toEqual([]);
    expect(names(await catalog(target, 'en'))[0]).toBe('SchoolBox Tee');
  });

  it('retires the cached shop pages when a translation is saved', async () => {
    const { app: target } = await startPrintful();
    const first = await shopPage(target, '/shop?lang=en');
    expect(first.etag).toBeTruthy();
    expect(first.text).toContain('SchoolBox Poster');
    expect((await shopPage(target, '/shop?lang=en')).etag).toBe(first.etag);

    const { cookie } = await signedInUser(target, { admin: true });
    expect((await saveTranslation(target, cookie, { productId: '1003', names: { en: 'Poster “Education”', fr: '' } })).status).toBe(200);
    const after = await shopPage(target, '/shop?lang=en');
    expect(after.etag).not.toBe(first.etag);
    expect(after.text).toContain('Poster “Education”');
    expect(after.text).not.toContain('SchoolBox Poster');
  });
});
