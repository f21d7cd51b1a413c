import { TEAM_TIME_ZONE } from '@shared/constants';
import { INTL_LOCALES, isLocale } from '@shared/locales';

/**
 * Formatters made once per language and style: building an Intl.DateTimeFormat costs far more than
 * formatting with it, and a blog list formats a date per post on every rendering.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, style: 'date' | 'dateTime'): Intl.DateTimeFormat {
  const intlLocale = isLocale(locale) ? INTL_LOCALES[locale] : 'de-DE';
  const key = `${intlLocale} ${style}`;
  let made = formatters.get(key);
  if (!made) {
    made =
      style === 'date'
        ? new Intl.DateTimeFormat(intlLocale, { dateStyle: 'long', timeZone: 'Europe/Berlin' })
        : new Intl.DateTimeFormat(intlLocale, { dateStyle: 'medium', timeStyle: 'short', timeZone: TEAM_TIME_ZONE });
    formatters.set(key, made);
  }
  return made;
}

/** A date in the visitor's language: "15. Juni 2026", "15 June 2026", "15 juin 2026". */
export function formatDate(iso: string, locale: string): string {
  return formatter(locale, 'date').format(new Date(iso));
}

/** A date and time as the team's clock shows it, in the visitor's language: "1. Dez. 2026, 10:00". */
export function formatDateTime(iso: string, locale: string): string {
  return formatter(locale, 'dateTime').format(new Date(iso));
}
