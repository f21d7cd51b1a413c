import { describe, expect, it } from 'vitest';
import { addToCart, cartCount, cartSubtotalCents, removeLine, setLineQuantity, type CartLine } from '@shared/cart';
import { formatCents } from '@shared/money';

const shirt = { id: 'shirt', name: 'T-Shirt', image: '/shirt.png', color: 'Rot', size: 'M', priceCents: 2499 };

describe('cart math', () => {
  it('appends a new combination and raises the quantity of a known one', () => {
    const first = addToCart([], shirt);
    expect(first.increased).toBe(false);
    const second = addToCart(first.lines, shirt);
    expect(second.increased).toBe(true);
    expect(second.lines).toHaveLength(1);
    expect(second.lines[0]?.quantity).toBe(2);
    const third = addToCart(second.lines, { ...shirt, size: 'L' });
    expect(third.lines).toHaveLength(2);
  });

  it('removes a line whose quantity drops to zero or below', () => {
    const lines: CartLine[] = [{ ...shirt, quantity: 1 }];
    expect(setLineQuantity(lines, shirt, 0)).toEqual([]);
    expect(setLineQuantity(lines, shirt, -3)).toEqual([]);
    expect(setLineQuantity(lines, shirt, 4)[0]?.quantity).toBe(4);
    expect(removeLine(lines, { ...shirt, color: 'Blau' })).toHaveLength(1);
  });

  it('counts quantities and sums prices in cents', () => {
    const lines: CartLine[] = [
      { ...shirt, quantity: 2 },
      { ...shirt, id: 'mug', color: undefined, size: undefined, priceCents: 1299, quantity: 1 },
    ];
    expect(cartCount(lines)).toBe(3);
    expect(cartSubtotalCents(lines)).toBe(6297);
    expect(formatCents(6297 + 499)).toBe('67,96\u00a0€');
  });
});
