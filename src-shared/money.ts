import { SITE_CURRENCY } from './constants';

/** Money is integer cents everywhere but the screen; this is the one place that formats it. */
const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: SITE_CURRENCY });
/** Whole-euro amounts (donation levels, project costs): the same format without cents. */
const wholeEuro = new Intl.NumberFormat('de-DE', {
  style: 'currency',
  currency: SITE_CURRENCY,
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

/** 499 → "4,99 €" (German currency format, as the spec asks for every language). */
export function formatCents(cents: number): string {
  return euro.format(cents / 100);
}

/** 250000 → "2.500 €". Amounts are integer cents like all money on the site; cents are not shown. */
export function formatWholeEuros(cents: number): string {
  return wholeEuro.format(Math.round(cents / 100));
}

/**
 * An amount in euros as a person types it, in cents, or null when it is not one: "25", "25,50",
 * "25.50", "1.000", "1.000,50", "10000", with or without "€" and spaces. One dot followed by exactly
 * three digits is a thousands separator ("1.000" is a thousand euros, as German readers mean it).
 */
export function parseEuroAmount(text: string): number | null {
  const value = text.replace(/[\s€]/g, '');
  const grouped = /^(\d{1,3}(?:[.']\d{3})+)(?:,(\d{1,2}))?$/.exec(value);
  const plain = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(value);
  const match = grouped ?? plain;
  if (!match) return null;
  const euros = Number((match[1] ?? '0').replace(/[.']/g, ''));
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  return euros * 100 + cents;
}

/** Cents as the amount field shows them: "25" for whole euros, "25,50" (or "25.50") otherwise. */
export function formatEuroInput(cents: number, decimalSeparator = ','): string {
  const euros = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(euros) : `${euros}${decimalSeparator}${String(rest).padStart(2, '0')}`;
}
