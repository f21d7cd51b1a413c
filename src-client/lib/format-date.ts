import { TEAM_TIME_ZONE } from '@shared/constants';
import { INTL_LOCALES, isLocale } from '@shared/locales';
import { dateTimeFormat } from '@shared/date-time-format';

const FORMATS = {
  date: { dateStyle: 'long', timeZone: TEAM_TIME_ZONE },
  dateTime: { dateStyle: 'medium', timeStyle: 'short', timeZone: TEAM_TIME_ZONE },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** Made once per language and style (dateTimeFormat): a blog list formats a date per post on every rendering. */
function formatter(locale: string, style: keyof typeof FORMATS): Intl.DateTimeFormat {
  return dateTimeFormat(isLocale(locale) ? INTL_LOCALES[locale] : 'de-DE', FORMATS[style]);
}

/** A date in the visitor's language: "15. Juni 2026", "15 June 2026", "15 juin 2026". */
export function formatDate(iso: string, locale: string): string {
  return formatter(locale, 'date').format(new Date(iso));
}

/** A date and time as the team's clock shows it, in the visitor's language: "1. Dez. 2026, 10:00". */
export function formatDateTime(iso: string, locale: string): string {
  return formatter(locale, 'dateTime').format(new Date(iso));
}
