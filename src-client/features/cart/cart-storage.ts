import { mergeLines, type CartLine } from '@shared/cart';

export const CART_STORAGE_KEY = 'schoolbox.cart';

const isOptionalText = (value: unknown) => value === undefined || typeof value === 'string';

function isCartLine(value: unknown): value is CartLine {
  const line = value as CartLine;
  return (
    typeof line === 'object' &&
    line !== null &&
    typeof line.id === 'string' &&
    typeof line.name === 'string' &&
    (line.image === null || typeof line.image === 'string') &&
    isOptionalText(line.color) &&
    isOptionalText(line.size) &&
    Number.isInteger(line.quantity) &&
    line.quantity > 0 &&
    Number.isInteger(line.priceCents) &&
    line.priceCents >= 0
  );
}

/**
 * The stored cart, with anything malformed (an old format, a hand-edited value) dropped. Whether its
 * products and prices are still current is checked against the catalog when the sheet or checkout opens.
 */
export function readStoredCart(): CartLine[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? mergeLines(parsed.filter(isCartLine)) : [];
  } catch {
    return [];
  }
}

export function storeCart(lines: CartLine[]): void {
  try {
    if (lines.length === 0) window.localStorage.removeItem(CART_STORAGE_KEY);
    else window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
  } catch {
    // Storage unavailable: the cart lives for this page view only.
  }
}
