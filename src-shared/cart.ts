/**
 * Pure cart math, shared by the cart provider, the checkout page and their tests. A line is one
 * product variant in one colour and size (spec §3: id + colour + size); adding the same combination
 * again raises its quantity. The line id is the catalog's variant id, which is what an order sends.
 */
import { ORDER_LINE_MAX_QUANTITY, SHIPPING_FEE_CENTS } from './constants';
import type { ShopProduct } from './schemas/shop';

export type CartLine = {
  /** The variant id of the catalog (shop.products). */
  id: string;
  name: string;
  /** The variant's picture, else the product's; null when the shop has none. */
  image: string | null;
  color?: string;
  size?: string;
  quantity: number;
  /** Unit price in integer cents. Shown to the visitor only; the server recomputes every price. */
  priceCents: number;
};

export type CartLineKey = Pick<CartLine, 'id' | 'color' | 'size'>;
export type CartItem = Omit<CartLine, 'quantity'>;

export function isSameLine(a: CartLineKey, b: CartLineKey): boolean {
  return a.id === b.id && (a.color ?? null) === (b.color ?? null) && (a.size ?? null) === (b.size ?? null);
}

/** A stable string for a line (React keys, test ids). */
export function lineKey(line: CartLineKey): string {
  return [line.id, line.color ?? '', line.size ?? ''].join('|');
}

const clampQuantity = (quantity: number) => Math.min(Math.floor(quantity), ORDER_LINE_MAX_QUANTITY);

/**
 * What adding one unit did: a new line, one more on an existing line, or nothing, because that line
 * already holds the most one order line may carry (ORDER_LINE_MAX_QUANTITY).
 */
export type CartAddition = 'added' | 'increased' | 'atLimit';

/** Adds one unit; `outcome` says what that did (the toast says it to the visitor). */
export function addToCart(lines: readonly CartLine[], item: CartItem): { lines: CartLine[]; outcome: CartAddition } {
  const existing = lines.find((line) => isSameLine(line, item));
  if (existing && existing.quantity >= ORDER_LINE_MAX_QUANTITY) return { lines: [...lines], outcome: 'atLimit' };
  if (existing) {
    return {
      lines: lines.map((line) => (line === existing ? { ...line, quantity: clampQuantity(line.quantity + 1) } : line)),
      outcome: 'increased',
    };
  }
  return { lines: [...lines, { ...item, quantity: 1 }], outcome: 'added' };
}

/** Sets a line's quantity (at most ORDER_LINE_MAX_QUANTITY); zero or less removes the line. */
export function setLineQuantity(lines: readonly CartLine[], key: CartLineKey, quantity: number): CartLine[] {
  if (quantity <= 0) return removeLine(lines, key);
  return lines.map((line) => (isSameLine(line, key) ? { ...line, quantity: clampQuantity(quantity) } : line));
}

export function removeLine(lines: readonly CartLine[], key: CartLineKey): CartLine[] {
  return lines.filter((line) => !isSameLine(line, key));
}

/** Lines of the same combination become one, their quantities added up (capped); the first keeps its place. */
export function mergeLines(lines: readonly CartLine[]): CartLine[] {
  const merged: CartLine[] = [];
  for (const line of lines) {
    const index = merged.findIndex((other) => isSameLine(other, line));
    const earlier = merged[index];
    if (earlier) merged[index] = { ...earlier, quantity: clampQuantity(earlier.quantity + line.quantity) };
    else merged.push({ ...line, quantity: clampQuantity(line.quantity) });
  }
  return merged;
}

/** The badge number: the sum of quantities. */
export function cartCount(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** The goods total in cents (shipping is added at checkout). */
export function cartSubtotalCents(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
}

/** What checkout charges (spec §9): the goods plus the flat shipping fee. */
export function checkoutTotalCents(lines: readonly CartLine[]): number {
  return cartSubtotalCents(lines) + SHIPPING_FEE_CENTS;
}

/** A catalog variant as a cart item: what the sheet and checkout show of it. */
export function cartItemFor(product: ShopProduct, variant: ShopProduct['variants'][number]): CartItem {
  return {
    id: variant.id,
    name: product.name,
    image: variant.image ?? product.thumbnail,
    ...(variant.color === null ? {} : { color: variant.color }),
    ...(variant.size === null ? {} : { size: variant.size }),
    priceCents: variant.priceCents,
  };
}

export type CartRecheck = {
  lines: CartLine[];
  /** Lines whose price changed (as they are now). */
  updated: CartLine[];
  /** Lines whose variant the catalog no longer has (as they were). */
  removed: CartLine[];
};

/**
 * A stored cart checked against the current catalog: each line takes the catalog's name, picture,
 * colour, size and price; a line whose variant is gone is dropped. The visitor is told about changed
 * prices and about dropped lines. A new name, colour or picture alone is not worth a message: the names
 * come in the page's language (issue 20), so switching languages renames every line.
 */
export function recheckCart(lines: readonly CartLine[], products: readonly ShopProduct[]): CartRecheck {
  const catalog = new Map(
    products.flatMap((product) => product.variants.map((variant) => [variant.id, cartItemFor(product, variant)] as const)),
  );
  const updated: CartLine[] = [];
  const removed: CartLine[] = [];
  const kept: CartLine[] = [];
  for (const line of lines) {
    const item = catalog.get(line.id);
    if (!item) {
      removed.push(line);
      continue;
    }
    const fresh: CartLine = { ...item, quantity: line.quantity };
    if (fresh.priceCents !== line.priceCents) updated.push(fresh);
    kept.push(fresh);
  }
  return { lines: mergeLines(kept), updated, removed };
}

const LINE_FIELDS = ['id', 'name', 'image', 'color', 'size', 'quantity', 'priceCents'] as const;

/** Whether two carts hold the same lines, field by field, in the same order. */
export function isSameCart(a: readonly CartLine[], b: readonly CartLine[]): boolean {
  return a.length === b.length && a.every((line, index) => LINE_FIELDS.every((field) => line[field] === b[index]?.[field]));
}

/** The order lines `orders.create` takes: variant and quantity (the server prices them). */
export function toOrderLines(lines: readonly CartLine[]) {
  return lines.map((line) => ({ variantId: line.id, quantity: line.quantity, color: line.color ?? null, size: line.size ?? null }));
}
