import { TEAM_TIME_ZONE } from '@shared/constants';
import { dateTimeFormat } from '@shared/date-time-format';
import { INTL_LOCALES, toLocale } from '@shared/locales';

/** "25. November 2026": a moment's day in the mail's language, on the team's clock (Cologne). */
export function formatMailDate(locale: string, iso: string): string {
  return dateTimeFormat(INTL_LOCALES[toLocale(locale)], { dateStyle: 'long', timeZone: TEAM_TIME_ZONE }).format(new Date(iso));
}

/**
 * A calendar day (YYYY-MM-DD: a legal text's "Stand", a notice's date) in the mail's language, named at
 * noon UTC as the pages name it (LegalTextPage), so no time zone turns it into another day.
 */
export function formatMailDay(locale: string, day: string): string {
  return formatMailDate(locale, `${day}T12:00:00Z`);
}
