/**
 * Printful sends money as decimal strings ("29.99"); we keep integer cents. Parsing the digits
 * (never through a float) keeps 0.1 + 0.2 problems out of the shop.
 */
const DECIMAL = /^(\d{1,7})(?:\.(\d{1,2}))?$/;

/** "29.99" → 2999, "5" → 500, "4.5" → 450; null for anything else (null, "", "-1", "1.234", "abc"). */
export function parsePriceCents(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  // Some official examples send numbers; a number with at most two decimals reads the same as text.
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const euros = Number(match[1]);
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  return euros * 100 + cents;
}

/** 2999 → "29.99": the decimal string Printful expects for retail prices. */
export function formatPriceForPrintful(cents: number): string {
  if (!Number.isInteger(cents) || cents < 0) throw new RangeError(`not a price in cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
