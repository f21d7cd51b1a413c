import type { OfficeHours } from '@shared/office-hours';
import { INTL_LOCALES, isLocale } from '@shared/locales';

/**
 * The weekday formatter per language, made once: building an Intl.DateTimeFormat costs far more than
 * formatting with it, and the widget is in every page the server renders (1.4 % of a per-request
 * rendering of /account in a profile).
 */
const weekdayFormats = new Map<string, Intl.DateTimeFormat>();
function weekdayFormat(intlLocale: string): Intl.DateTimeFormat {
  let made = weekdayFormats.get(intlLocale);
  if (!made) {
    made = new Intl.DateTimeFormat(intlLocale, { weekday: 'short', timeZone: 'UTC' });
    weekdayFormats.set(intlLocale, made);
  }
  return made;
}

/** "Mo.–Fr. 09:00–17:00" in the visitor's language, for the WhatsApp widget. */
export function formatOfficeHours(hours: OfficeHours, locale: string): string {
  const weekday = weekdayFormat(isLocale(locale) ? INTL_LOCALES[locale] : locale);
  // 2023-01-01 was a Sunday: day n of the week is January 1 + n.
  const dayName = (day: number) => weekday.format(new Date(Date.UTC(2023, 0, 1 + day)));
  const time = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
  const first = hours.days[0] ?? 0;
  const last = hours.days[hours.days.length - 1] ?? first;
  const days = first === last ? dayName(first) : `${dayName(first)}–${dayName(last)}`;
  return `${days} ${time(hours.startMinute)}–${time(hours.endMinute)}`;
}
