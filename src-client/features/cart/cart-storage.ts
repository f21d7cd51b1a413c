import type { CartLine } from '@shared/cart';

const CART_STORAGE_KEY = 'schoolbox.cart';

function isCartLine(value: unknown): value is CartLine {
  const line = value as CartLine;
  return (
    typeof line === 'object' && line !== null &&
    typeof line.id === 'string' && typeof line.name === 'string' && typeof line.image === 'string' &&
    Number.isInteger(line.quantity) && line.quantity > 0 && Number.isInteger(line.priceCents) && line.priceCents >= 0
  );
}

/** The stored cart, with anything malformed (an old format, a hand-edited value) dropped. */
export function readStoredCart(): CartLine[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isCartLine) : [];
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
