import { INTL_LOCALES, isLocale } from '@shared/locales';

/** A date in the visitor's language: "15. Juni 2026", "15 June 2026", "15 juin 2026". */
export function formatDate(iso: string, locale: string): string {
  const intlLocale = isLocale(locale) ? INTL_LOCALES[locale] : 'de-DE';
  return new Intl.DateTimeFormat(intlLocale, { dateStyle: 'long', timeZone: 'Europe/Berlin' }).format(new Date(iso));
}
