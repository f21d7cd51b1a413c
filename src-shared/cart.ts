/**
 * Pure cart math, shared by the cart provider and (later) the server's order check. A line is one
 * product in one colour and size; adding the same combination again raises its quantity.
 */
export type CartLine = {
  id: string;
  name: string;
  image: string;
  color?: string;
  size?: string;
  quantity: number;
  /** Unit price in integer cents. Shown to the visitor only; the server recomputes every price. */
  priceCents: number;
};

export type CartLineKey = Pick<CartLine, 'id' | 'color' | 'size'>;

export function isSameLine(a: CartLineKey, b: CartLineKey): boolean {
  return a.id === b.id && (a.color ?? null) === (b.color ?? null) && (a.size ?? null) === (b.size ?? null);
}

/** Adds one unit; `increased` tells whether an existing line grew or a new line was appended. */
export function addToCart(lines: readonly CartLine[], item: Omit<CartLine, 'quantity'>): { lines: CartLine[]; increased: boolean } {
  const existing = lines.find((line) => isSameLine(line, item));
  if (existing) {
    return { lines: lines.map((line) => (line === existing ? { ...line, quantity: line.quantity + 1 } : line)), increased: true };
  }
  return { lines: [...lines, { ...item, quantity: 1 }], increased: false };
}

/** Sets a line's quantity; zero or less removes the line. */
export function setLineQuantity(lines: readonly CartLine[], key: CartLineKey, quantity: number): CartLine[] {
  if (quantity <= 0) return removeLine(lines, key);
  return lines.map((line) => (isSameLine(line, key) ? { ...line, quantity: Math.floor(quantity) } : line));
}

export function removeLine(lines: readonly CartLine[], key: CartLineKey): CartLine[] {
  return lines.filter((line) => !isSameLine(line, key));
}

/** The badge number: the sum of quantities. */
export function cartCount(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** The goods total in cents (shipping is added at checkout). */
export function cartSubtotalCents(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
}
