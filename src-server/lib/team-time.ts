/**
 * Calendar days and months as the team (and its treasurer) count them: in TEAM_TIME_ZONE, not UTC. A
 * gift made at 00:30 on 1 April in Berlin belongs to April, though its timestamp says 31 March 22:30Z.
 * Timestamps are stored as ISO strings in UTC, so a month is turned into the UTC range it covers.
 */
import { TEAM_TIME_ZONE } from '@shared/constants';
import { offsetAt, utcToTeamWallTime } from '@shared/team-wall-time';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: TEAM_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** "2026-04-01" for an instant, in the team's time zone. */
export function teamDate(iso: string): string {
  return dayFormat.format(new Date(iso));
}

/**
 * "2026-04-01 00:30": an instant as the team's clock shows it, for the operator CLI's lists, whose
 * `--since` day is a team day too (a gift listed since 1 April must not read as 31 March 22:30).
 */
export function teamDateTime(iso: string): string {
  return utcToTeamWallTime(iso).replace('T', ' ');
}

/** "2026-04" for an instant, in the team's time zone. */
export function teamMonth(iso: string): string {
  return teamDate(iso).slice(0, 7);
}

/** The instant the team's day begins (midnight there), as an ISO string. */
function teamMidnight(year: number, month: number, day: number): string {
  const wall = Date.UTC(year, month - 1, day);
  // The offset at the guessed instant, then again at the corrected one (they differ only around a DST switch).
  const first = wall - offsetAt(wall);
  return new Date(wall - offsetAt(first)).toISOString();
}

/** The UTC range [start, end) of a team month "2026-03". */
export function teamMonthRange(month: string): { start: string; end: string } {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return { start: teamMidnight(year, mon, 1), end: mon === 12 ? teamMidnight(year + 1, 1, 1) : teamMidnight(year, mon + 1, 1) };
}

/** The instant a team day "2026-01-01" begins. */
export function teamDayStart(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return teamMidnight(year, month, date);
}
