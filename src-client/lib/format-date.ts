import { TEAM_TIME_ZONE } from '@shared/constants';
import { INTL_LOCALES, isLocale } from '@shared/locales';

/** A date in the visitor's language: "15. Juni 2026", "15 June 2026", "15 juin 2026". */
export function formatDate(iso: string, locale: string): string {
  const intlLocale = isLocale(locale) ? INTL_LOCALES[locale] : 'de-DE';
  return new Intl.DateTimeFormat(intlLocale, { dateStyle: 'long', timeZone: 'Europe/Berlin' }).format(new Date(iso));
}

/** A date and time as the team's clock shows it, in the visitor's language: "1. Dez. 2026, 10:00". */
export function formatDateTime(iso: string, locale: string): string {
  const intlLocale = isLocale(locale) ? INTL_LOCALES[locale] : 'de-DE';
  return new Intl.DateTimeFormat(intlLocale, { dateStyle: 'medium', timeStyle: 'short', timeZone: TEAM_TIME_ZONE }).format(new Date(iso));
}
