import { describe, expect, it } from 'vitest';
import { ORDER_LINE_MAX_QUANTITY, SHIPPING_FEE_CENTS } from '@shared/constants';
import { shopProductSchema } from '@shared/schemas/shop';
import { AppError } from '@server/app-error';
import { createLogger } from '@server/lib/logger';
import { newOrderNumber } from '@server/orders/order-number';
import { priceOrderLines } from '@server/orders/pricing';
import { DEMO_CATALOG } from '@server/shop/demo-catalog';
import { toShopProduct } from '@server/shop/printful-catalog';
import { toPrintfulOrder } from '@server/shop/printful-provider';
import { defaultFakeCatalog } from '../support/fake-printful-fixtures';

const silent = createLogger('silent');

describe('toShopProduct: a Printful product as the shop shows it', () => {
  const detail = (index: number) => {
    const product = defaultFakeCatalog()[index];
    if (!product) throw new Error('fixture missing');
    const { variants, ...summary } = product;
    return { sync_product: { ...summary, variants: variants.length, synced: variants.length }, sync_variants: variants };
  };

  it('offers only synced, active, not ignored variants with a euro price, priced in cents', () => {
    const tee = toShopProduct(detail(0), silent);
    expect(tee?.variants.map((v) => [v.id, v.color, v.size, v.priceCents])).toEqual([
      ['5001', 'Navy', 'S', 2490],
      ['5002', 'Navy', 'M', 2490],
      ['5003', 'Black', 'M', 2650],
    ]);
    expect(tee?.colors).toEqual(['Navy', 'Black']);
    expect(tee?.sizes).toEqual(['S', 'M']);
    // The mockup ("preview" file) is the variant's picture.
    expect(tee?.variants[0]?.image).toBe('https://files.cdn.printful.example/mockup/5001.png');
    expect(tee?.thumbnail).toBe('https://files.cdn.printful.example/tee_thumb.png');
  });

  it('reads options from names and falls back to the blank product photo when there is no thumbnail or preview', () => {
    const mug = toShopProduct(detail(1), silent);
    expect(mug?.variants.map((v) => [v.color, v.size, v.priceCents])).toEqual([
      ['White', '11oz', 1290],
      ['White', '15oz', 1490],
    ]);
    expect(mug?.thumbnail).toBe('https://files.cdn.printful.example/products/19/1320_blank.jpg');
    const poster = toShopProduct(detail(2), silent);
    expect(poster?.variants[0]).toMatchObject({ color: null, size: '18″×24″', priceCents: 1900 });
  });

  it('leaves out a product none of whose variants can be sold, and a variant priced in another currency', () => {
    expect(toShopProduct(detail(4), silent)).toBeNull();
    const dollars = detail(2);
    dollars.sync_variants = dollars.sync_variants.map((v) => ({ ...v, currency: 'USD' }));
    expect(toShopProduct(dollars, silent)).toBeNull();
  });

  it('produces products that satisfy the shared schema', () => {
    for (const index of [0, 1, 2]) expect(shopProductSchema.safeParse(toShopProduct(detail(index), silent)).success).toBe(true);
  });
});

describe('the demo catalog', () => {
  it('is valid, realistic merchandise with unique variant ids and our own pictures', () => {
    expect(DEMO_CATALOG.length).toBeGreaterThanOrEqual(6);
    for (const product of DEMO_CATALOG) expect(shopProductSchema.safeParse(product).success, product.id).toBe(true);
    const ids = DEMO_CATALOG.flatMap((p) => p.variants.map((v) => v.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const variant of DEMO_CATALOG.flatMap((p) => p.variants)) {
      expect(variant.image).toMatch(/^\/images\/shop\/[a-z-]+\.svg$/);
      expect(variant.priceCents).toBeGreaterThan(0);
    }
    const tshirt = DEMO_CATALOG.find((p) => p.id === 'sb-tshirt');
    expect(tshirt?.sizes).toEqual(['S', 'M', 'L', 'XL', 'XXL']);
    expect(tshirt?.colors.length).toBeGreaterThan(1);
  });
});

describe('priceOrderLines: the server prices the cart from the catalog', () => {
  const catalog = DEMO_CATALOG;
  const shirt = DEMO_CATALOG[0]?.variants[0];

  it('takes the catalog price, adds up lines of one variant and adds the shipping fee', () => {
    if (!shirt) throw new Error('no demo variant');
    const priced = priceOrderLines(catalog, [
      { variantId: shirt.id, quantity: 2 },
      { variantId: 'sb-stickers', quantity: 1 },
      { variantId: shirt.id, quantity: 1 },
    ]);
    expect(priced.lines.map((l) => [l.variantId, l.quantity, l.unitPriceCents])).toEqual([
      [shirt.id, 3, shirt.priceCents],
      ['sb-stickers', 1, 490],
    ]);
    expect(priced.subtotalCents).toBe(3 * shirt.priceCents + 490);
    expect(priced.shippingCents).toBe(SHIPPING_FEE_CENTS);
    expect(priced.totalCents).toBe(priced.subtotalCents + 499);
  });

  it('refuses an unknown variant and a merged quantity above the limit', () => {
    expect(() => priceOrderLines(catalog, [{ variantId: 'no-such-thing', quantity: 1 }])).toThrow(AppError);
    try {
      priceOrderLines(catalog, [{ variantId: 'no-such-thing', quantity: 1 }]);
    } catch (error) {
      expect((error as AppError).code).toBe('PRODUCT_UNAVAILABLE');
    }
    expect(() =>
      priceOrderLines(catalog, [
        { variantId: 'sb-mug', quantity: ORDER_LINE_MAX_QUANTITY },
        { variantId: 'sb-mug', quantity: 1 },
      ]),
    ).toThrow(AppError);
  });
});

describe('order numbers and the Printful order body', () => {
  it('makes valid Printful external ids that start with the day', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      // A second before midnight in Cologne (the team's day, see order-number.test.ts).
      const number = newOrderNumber(new Date('2026-03-02T22:59:59Z'));
      expect(number).toMatch(/^SB-260302-[2-9A-HJ-NP-Z]{5}$/);
      expect(number.length).toBeLessThanOrEqual(32);
      seen.add(number);
    }
    expect(seen.size).toBeGreaterThan(190);
  });

  it('sends sync variant ids, our prices as strings and no confirm flag in the body', () => {
    const body = toPrintfulOrder({
      orderNumber: 'SB-260302-ABCDE',
      recipient: {
        name: 'Ada Lovelace',
        email: 'ada@example.org',
        phone: null,
        address: 'Musterstraße 1',
        city: 'Köln',
        postalCode: '50667',
        country: 'DE',
      },
      items: [{ variantId: '5001', name: 'SchoolBox Tee - Navy / S', quantity: 2, unitPriceCents: 2490 }],
      currency: 'EUR',
      subtotalCents: 4980,
      shippingCents: 499,
    });
    expect(body).toEqual({
      external_id: 'SB-260302-ABCDE',
      shipping: 'STANDARD',
      recipient: {
        name: 'Ada Lovelace',
        address1: 'Musterstraße 1',
        city: 'Köln',
        zip: '50667',
        country_code: 'DE',
        email: 'ada@example.org',
      },
      items: [{ sync_variant_id: 5001, quantity: 2, retail_price: '24.90', name: 'SchoolBox Tee - Navy / S' }],
      retail_costs: { currency: 'EUR', subtotal: '49.80', discount: '0.00', shipping: '4.99', tax: '0.00' },
    });
  });
});
