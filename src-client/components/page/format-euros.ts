/** Whole-euro amounts (donation levels, project costs) in the site's German currency format. */
const wholeEuro = new Intl.NumberFormat('de-DE', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

/** 250000 → "2.500 €". Amounts are integer cents like all money on the site; cents are not shown. */
export function formatWholeEuros(cents: number): string {
  return wholeEuro.format(Math.round(cents / 100));
}
