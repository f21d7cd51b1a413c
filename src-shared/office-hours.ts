import { TEAM_TIME_ZONE } from './constants';
import { dateTimeFormat } from './date-time-format';

/**
 * Office hours as an operator writes them: a day range and a time range, for example
 * "mon-fri 09:00-17:00" or "mon-sat 08:30-12:00". The team counts as online inside them.
 */
const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
const PATTERN = /^(sun|mon|tue|wed|thu|fri|sat)-(sun|mon|tue|wed|thu|fri|sat) ([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-4]):([0-5]\d)$/;

export type OfficeHours = {
  /** Days of the week (0 = Sunday … 6 = Saturday) on which the team is reachable. */
  days: number[];
  /** Minutes after midnight, team time: from (inclusive) and until (exclusive). */
  startMinute: number;
  endMinute: number;
};

/** Parses "mon-fri 09:00-17:00"; returns null when the text does not have that form. */
export function parseOfficeHours(text: string): OfficeHours | null {
  const match = PATTERN.exec(text.trim().toLowerCase());
  if (!match) return null;
  const [, fromDay, toDay, startH, startM, endH, endM] = match as unknown as string[];
  const from = DAY_NAMES.indexOf(fromDay as (typeof DAY_NAMES)[number]);
  const to = DAY_NAMES.indexOf(toDay as (typeof DAY_NAMES)[number]);
  const days: number[] = [];
  // A range may wrap around the week ("sat-mon").
  for (let day = from; ; day = (day + 1) % 7) {
    days.push(day);
    if (day === to) break;
  }
  const startMinute = Number(startH) * 60 + Number(startM);
  const endMinute = Number(endH) * 60 + Number(endM);
  if (endMinute <= startMinute || endMinute > 1440) return null;
  return { days, startMinute, endMinute };
}

const WEEKDAY_INDEX: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

// The team's clock, read in English parts (weekday names the table above knows).
const clockFormat = (timeZone: string) =>
  dateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** Whether `now` falls inside the office hours, read on the team's clock (Europe/Berlin, with DST). */
export function isWithinOfficeHours(now: Date, hours: OfficeHours, timeZone: string = TEAM_TIME_ZONE): boolean {
  const parts = clockFormat(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const day = WEEKDAY_INDEX[part('weekday')];
  if (day === undefined || !hours.days.includes(day)) return false;
  const minute = Number(part('hour')) * 60 + Number(part('minute'));
  return minute >= hours.startMinute && minute < hours.endMinute;
}
