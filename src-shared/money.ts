/** Money is integer cents everywhere but the screen; this is the one place that formats it. */
const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });

/** 499 → "4,99 €" (German currency format, as the spec asks for every language). */
export function formatCents(cents: number): string {
  return euro.format(cents / 100);
}
