/**
 * The team's wall clock (TEAM_TIME_ZONE, Europe/Berlin) as a date+time input shows it ("2026-12-01T10:00",
 * the value of <input type="datetime-local">), and the UTC instant it means. Shared by the admin form
 * and the server's schema, so both read a scheduled time the same way. No library: Intl knows the zone's
 * rules, including summer time.
 */
import { TEAM_TIME_ZONE } from './constants';

/** "YYYY-MM-DDTHH:mm", what a datetime-local input gives (seconds are not asked for). */
export const WALL_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: TEAM_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The team's wall clock at an instant, as if it were UTC (milliseconds dropped). */
function wallClockAt(ms: number): number {
  const parts = new Map(partsFormat.formatToParts(new Date(ms)).map((part) => [part.type, Number(part.value)]));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.get(type) ?? 0;
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
}

/** The team's calendar year at an instant (ISO): 2027 for 2026-12-31T23:30Z, half past midnight in Berlin. */
export function teamYearAt(iso: string): number {
  return new Date(wallClockAt(Date.parse(iso))).getUTCFullYear();
}

/** How far the wall clock is ahead of UTC at this instant, in ms (+1 h or +2 h for Berlin). */
export function offsetAt(ms: number): number {
  return wallClockAt(ms) - (ms - (ms % 1000));
}

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The UTC instant (ISO) of a wall time in the team's zone, or null for text that is no such time.
 * Around a change of summer time it decides like Temporal's "compatible": a time that happens twice
 * (the autumn hour 02:00–03:00) is the first of them (still summer time); a time that never happens
 * (the spring gap 02:00–03:00) is moved on by the gap, so "02:30" becomes 03:30 summer time.
 */
export function teamWallTimeToUtc(wall: string): string | null {
  const match = WALL_TIME_PATTERN.exec(wall);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // Date.UTC rolls "2026-02-30" over into March: such a date was not a real one.
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  // Offsets change at most once a day: the one before and the one after are the only candidates.
  const before = asUtc - offsetAt(asUtc - DAY_MS);
  const after = asUtc - offsetAt(asUtc + DAY_MS);
  const fits = [before, after].filter((instant) => wallClockAt(instant) === asUtc).sort((a, b) => a - b);
  // No fit: the time falls in the spring gap; the offset from before the gap moves it on by the gap.
  return new Date(fits[0] ?? before).toISOString();
}

/** The issue message of a wall time the clocks jump over (translated by the form, translate-issues.ts). */
export const SKIPPED_WALL_TIME = 'skipped wall time';

/**
 * Whether a wall time never happens in the team's zone: the spring night's hour 02:00–03:00, which the
 * clocks jump over. teamWallTimeToUtc would read it an hour later; an admin who typed it should be told.
 */
export function isSkippedTeamWallTime(wall: string): boolean {
  const utc = teamWallTimeToUtc(wall);
  return utc !== null && utcToTeamWallTime(utc) !== wall;
}

/** The wall time "YYYY-MM-DDTHH:mm" of an instant in the team's zone, as a datetime-local input shows it. */
export function utcToTeamWallTime(iso: string): string {
  return new Date(wallClockAt(new Date(iso).getTime())).toISOString().slice(0, 16);
}
