import { describe, expect, it } from 'vitest';
import {
  addToCart,
  cartCount,
  cartItemFor,
  cartSubtotalCents,
  checkoutTotalCents,
  isSameCart,
  mergeLines,
  recheckCart,
  removeLine,
  setLineQuantity,
  toOrderLines,
  type CartLine,
} from '@shared/cart';
import { ORDER_LINE_MAX_QUANTITY } from '@shared/constants';
import { formatCents } from '@shared/money';
import type { ShopProduct } from '@shared/schemas/shop';

const shirt = { id: 'shirt-red-m', name: 'T-Shirt', image: '/shirt.png', color: 'Rot', size: 'M', priceCents: 2499 };

const catalog: ShopProduct[] = [
  {
    id: 'shirt',
    name: 'T-Shirt',
    thumbnail: '/shirt.png',
    variants: [
      { id: 'shirt-red-m', name: 'T-Shirt - Rot / M', color: 'Rot', size: 'M', priceCents: 2699, image: '/shirt-red.png' },
      { id: 'shirt-red-l', name: 'T-Shirt - Rot / L', color: 'Rot', size: 'L', priceCents: 2699, image: null },
    ],
    colors: ['Rot'],
    sizes: ['M', 'L'],
  },
  {
    id: 'mug',
    name: 'Tasse',
    thumbnail: null,
    variants: [{ id: 'mug', name: 'Tasse', color: null, size: null, priceCents: 1299, image: null }],
    colors: [],
    sizes: [],
  },
];

describe('cart math', () => {
  it('appends a new combination and raises the quantity of a known one', () => {
    const first = addToCart([], shirt);
    expect(first.outcome).toBe('added');
    const second = addToCart(first.lines, shirt);
    expect(second.outcome).toBe('increased');
    expect(second.lines).toHaveLength(1);
    expect(second.lines[0]?.quantity).toBe(2);
    const third = addToCart(second.lines, { ...shirt, size: 'L' });
    expect(third.lines).toHaveLength(2);
  });

  it('never goes above the most one order line may carry', () => {
    const full: CartLine[] = [{ ...shirt, quantity: ORDER_LINE_MAX_QUANTITY }];
    expect(addToCart(full, shirt).lines[0]?.quantity).toBe(ORDER_LINE_MAX_QUANTITY);
    // Said as it is: nothing was added (the toast says the limit, not "Menge erhöht").
    expect(addToCart(full, shirt).outcome).toBe('atLimit');
    expect(addToCart([{ ...shirt, quantity: ORDER_LINE_MAX_QUANTITY - 1 }], shirt)).toMatchObject({
      outcome: 'increased',
      lines: [{ quantity: ORDER_LINE_MAX_QUANTITY }],
    });
    // Another size of the same product is a line of its own, with room.
    expect(addToCart(full, { ...shirt, size: 'L' }).outcome).toBe('added');
    expect(setLineQuantity(full, shirt, 500)[0]?.quantity).toBe(ORDER_LINE_MAX_QUANTITY);
  });

  it('removes a line whose quantity drops to zero or below', () => {
    const lines: CartLine[] = [{ ...shirt, quantity: 1 }];
    expect(setLineQuantity(lines, shirt, 0)).toEqual([]);
    expect(setLineQuantity(lines, shirt, -3)).toEqual([]);
    expect(setLineQuantity(lines, shirt, 4)[0]?.quantity).toBe(4);
    expect(removeLine(lines, { ...shirt, color: 'Blau' })).toHaveLength(1);
    expect(removeLine(lines, shirt)).toEqual([]);
  });

  it('merges lines of the same combination, adding their quantities', () => {
    const merged = mergeLines([
      { ...shirt, quantity: 2 },
      { ...shirt, size: 'L', quantity: 1 },
      { ...shirt, quantity: 3 },
    ]);
    expect(merged.map((line) => [line.size, line.quantity])).toEqual([
      ['M', 5],
      ['L', 1],
    ]);
    expect(
      mergeLines([
        { ...shirt, quantity: 90 },
        { ...shirt, quantity: 90 },
      ])[0]?.quantity,
    ).toBe(ORDER_LINE_MAX_QUANTITY);
  });

  it('counts quantities and sums prices in cents; checkout adds 4,99 € shipping', () => {
    const lines: CartLine[] = [
      { ...shirt, quantity: 2 },
      { ...shirt, id: 'mug', color: undefined, size: undefined, priceCents: 1299, quantity: 1 },
    ];
    expect(cartCount(lines)).toBe(3);
    expect(cartSubtotalCents(lines)).toBe(6297);
    expect(checkoutTotalCents(lines)).toBe(6796);
    expect(formatCents(checkoutTotalCents(lines))).toBe('67,96\u00a0€');
    expect(cartCount([])).toBe(0);
    expect(cartSubtotalCents([])).toBe(0);
  });

  it('makes a cart item of a catalog variant: variant picture first, no colour or size when it has none', () => {
    const [tee, mug] = catalog as [ShopProduct, ShopProduct];
    expect(cartItemFor(tee, tee.variants[0]!)).toEqual({
      id: 'shirt-red-m',
      name: 'T-Shirt',
      image: '/shirt-red.png',
      color: 'Rot',
      size: 'M',
      priceCents: 2699,
    });
    expect(cartItemFor(tee, tee.variants[1]!).image).toBe('/shirt.png');
    expect(cartItemFor(mug, mug.variants[0]!)).toEqual({ id: 'mug', name: 'Tasse', image: null, priceCents: 1299 });
  });

  it('sends only variant and quantity (with colour and size for the log) to the order', () => {
    expect(
      toOrderLines([
        { ...shirt, quantity: 2 },
        { id: 'mug', name: 'Tasse', image: null, quantity: 1, priceCents: 1 },
      ]),
    ).toEqual([
      { variantId: 'shirt-red-m', quantity: 2, color: 'Rot', size: 'M' },
      { variantId: 'mug', quantity: 1, color: null, size: null },
    ]);
  });
});

describe('rechecking a stored cart against the catalog', () => {
  it('takes the current price and name, and drops lines whose variant is gone', () => {
    const stored: CartLine[] = [
      { ...shirt, quantity: 2 },
      { id: 'retired-cap', name: 'Cap', image: null, quantity: 1, priceCents: 990 },
      { id: 'mug', name: 'Tasse', image: null, quantity: 1, priceCents: 1299 },
    ];
    const result = recheckCart(stored, catalog);
    expect(result.lines).toEqual([
      { id: 'shirt-red-m', name: 'T-Shirt', image: '/shirt-red.png', color: 'Rot', size: 'M', priceCents: 2699, quantity: 2 },
      { id: 'mug', name: 'Tasse', image: null, priceCents: 1299, quantity: 1 },
    ]);
    expect(result.updated.map((line) => [line.id, line.priceCents])).toEqual([['shirt-red-m', 2699]]);
    expect(result.removed.map((line) => line.id)).toEqual(['retired-cap']);
    expect(cartSubtotalCents(result.lines)).toBe(2 * 2699 + 1299);
  });

  it('renames lines in the language of the catalog without calling it a change', () => {
    const stored: CartLine[] = [{ ...shirt, quantity: 1, priceCents: 2699 }];
    const english = catalog.map((product) => ({
      ...product,
      name: `${product.name} (EN)`,
      variants: product.variants.map((variant) => ({ ...variant, color: variant.color && 'Red' })),
    }));
    const result = recheckCart(stored, english);
    expect(result.lines.map((line) => [line.name, line.color])).toEqual([['T-Shirt (EN)', 'Red']]);
    expect(result.updated).toEqual([]);
  });

  it('changes nothing in a cart that matches the catalog', () => {
    const current = recheckCart([{ ...shirt, quantity: 1 }], catalog).lines;
    const again = recheckCart(current, catalog);
    expect(again.updated).toEqual([]);
    expect(again.removed).toEqual([]);
    expect(isSameCart(again.lines, current)).toBe(true);
    expect(isSameCart(again.lines, [{ ...current[0]!, quantity: 2 }])).toBe(false);
  });
});
