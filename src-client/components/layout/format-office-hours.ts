import type { OfficeHours } from '@shared/office-hours';
import { INTL_LOCALES, isLocale } from '@shared/locales';
import { dateTimeFormat } from '@shared/date-time-format';

/** "Mo.–Fr. 09:00–17:00" in the visitor's language, for the WhatsApp widget. */
export function formatOfficeHours(hours: OfficeHours, locale: string): string {
  const weekday = dateTimeFormat(isLocale(locale) ? INTL_LOCALES[locale] : locale, { weekday: 'short', timeZone: 'UTC' });
  // 2023-01-01 was a Sunday: day n of the week is January 1 + n.
  const dayName = (day: number) => weekday.format(new Date(Date.UTC(2023, 0, 1 + day)));
  const time = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
  const first = hours.days[0] ?? 0;
  const last = hours.days[hours.days.length - 1] ?? first;
  const days = first === last ? dayName(first) : `${dayName(first)}–${dayName(last)}`;
  return `${days} ${time(hours.startMinute)}–${time(hours.endMinute)}`;
}
