import { INTL_LOCALES, isLocale } from '@shared/locales';
import { dateTimeFormat } from '@shared/date-time-format';
import { utcToTeamWallTime } from '@shared/team-wall-time';

/** "2026-03" → "März 2026" / "March 2026" / "mars 2026"; "2026" stays a year. */
export function monthLabel(period: string, locale: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number | undefined];
  if (month === undefined) return String(year);
  const intlLocale = isLocale(locale) ? INTL_LOCALES[locale] : 'de-DE';
  // Mid-month at noon UTC: the same month in every time zone.
  return dateTimeFormat(intlLocale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 15, 12)),
  );
}

/**
 * The months the filter offers: from this month back a year, and every month money came in. "This month"
 * is the team's (Cologne), as the server counts a donation's month: at 00:30 on 1 January there it is
 * January already, while UTC still says December.
 */
export function monthChoices(now: Date, withMoney: string[]): string[] {
  const months = new Set(withMoney);
  const [year, month] = utcToTeamWallTime(now.toISOString()).slice(0, 7).split('-').map(Number) as [number, number];
  for (let back = 0; back < 12; back++) {
    const date = new Date(Date.UTC(year, month - 1 - back, 15));
    months.add(`${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return [...months].sort().reverse();
}
