import { DEFAULT_SHIPPING_COUNTRY, SHIPPING_COUNTRIES, type ShippingCountry } from '@shared/constants';
import { INTL_LOCALES, type Locale } from '@shared/locales';

export type CountryOption = { value: ShippingCountry; label: string };

/**
 * The countries the shop ships to, named in the page's language and sorted by that name, with the
 * default (Deutschland, spec §3) first. A pure function of the language: no state, no effect.
 */
export function countryOptions(locale: Locale): CountryOption[] {
  const tag = INTL_LOCALES[locale];
  const names = new Intl.DisplayNames([tag], { type: 'region' });
  const collator = new Intl.Collator(tag);
  const options = SHIPPING_COUNTRIES.map((code) => ({ value: code, label: names.of(code) ?? code }));
  const first = options.filter((option) => option.value === DEFAULT_SHIPPING_COUNTRY);
  const rest = options.filter((option) => option.value !== DEFAULT_SHIPPING_COUNTRY).sort((a, b) => collator.compare(a.label, b.label));
  return [...first, ...rest];
}
