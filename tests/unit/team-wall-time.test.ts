import { describe, expect, it } from 'vitest';
import { teamWallTimeToUtc, teamYearAt, utcToTeamWallTime } from '@shared/team-wall-time';

// The scheduled time of a post: entered and shown in Berlin time, stored in UTC (issue 20, item 4).
describe('team wall time (Europe/Berlin) <-> UTC', () => {
  it('is one hour ahead of UTC in winter and two in summer', () => {
    expect(teamWallTimeToUtc('2026-01-15T10:00')).toBe('2026-01-15T09:00:00.000Z');
    expect(teamWallTimeToUtc('2026-07-01T00:00')).toBe('2026-06-30T22:00:00.000Z');
    expect(teamWallTimeToUtc('2026-12-31T23:59')).toBe('2026-12-31T22:59:00.000Z');
    expect(utcToTeamWallTime('2026-01-15T09:00:00.000Z')).toBe('2026-01-15T10:00');
    expect(utcToTeamWallTime('2026-06-30T22:00:00.000Z')).toBe('2026-07-01T00:00');
  });

  it('changes offset exactly at the switch to summer time, and moves a time in the skipped hour on by it', () => {
    // 29 March 2026: at 02:00 the clocks jump to 03:00 (01:00 UTC).
    expect(teamWallTimeToUtc('2026-03-29T01:59')).toBe('2026-03-29T00:59:00.000Z');
    expect(teamWallTimeToUtc('2026-03-29T03:00')).toBe('2026-03-29T01:00:00.000Z');
    // 02:30 never happens that night: it is read as 03:30 summer time.
    expect(teamWallTimeToUtc('2026-03-29T02:30')).toBe('2026-03-29T01:30:00.000Z');
    expect(utcToTeamWallTime('2026-03-29T01:30:00.000Z')).toBe('2026-03-29T03:30');
    expect(utcToTeamWallTime('2026-03-29T00:59:59.999Z')).toBe('2026-03-29T01:59');
  });

  it('takes the first of a time that happens twice at the switch back to winter time', () => {
    // 25 October 2026: at 03:00 summer time the clocks go back to 02:00 (01:00 UTC).
    expect(teamWallTimeToUtc('2026-10-25T01:59')).toBe('2026-10-24T23:59:00.000Z');
    expect(teamWallTimeToUtc('2026-10-25T02:30')).toBe('2026-10-25T00:30:00.000Z');
    expect(teamWallTimeToUtc('2026-10-25T03:00')).toBe('2026-10-25T02:00:00.000Z');
    // Both instants show as 02:30.
    expect(utcToTeamWallTime('2026-10-25T00:30:00.000Z')).toBe('2026-10-25T02:30');
    expect(utcToTeamWallTime('2026-10-25T01:30:00.000Z')).toBe('2026-10-25T02:30');
  });

  it('goes back and forth to the same time, every hour of a year with both switches', () => {
    for (let ms = Date.parse('2026-01-01T00:00:00Z'); ms < Date.parse('2027-01-01T00:00:00Z'); ms += 60 * 60_000) {
      const iso = new Date(ms).toISOString();
      const wall = utcToTeamWallTime(iso);
      // The repeated autumn hour comes back as its first (summer time) instant.
      const back = teamWallTimeToUtc(wall);
      const repeated = iso === '2026-10-25T01:00:00.000Z';
      expect(back, iso).toBe(repeated ? new Date(ms - 60 * 60_000).toISOString() : iso);
    }
  });

  it('refuses what is no date and time', () => {
    for (const text of [
      '',
      '2026-02-30T10:00',
      '2026-13-01T10:00',
      '2026-03-02T24:00',
      '2026-03-02T10:60',
      '2026-03-02 10:00',
      '2026-03-02T10:00:00',
      'morgen',
    ]) {
      expect(teamWallTimeToUtc(text), text).toBeNull();
    }
  });
});

describe('teamYearAt', () => {
  it.each([
    ['2026-12-31T22:59:59.000Z', 2026],
    // 00:30 on New Year's Day in Cologne, still 31 December in UTC.
    ['2026-12-31T23:30:00.000Z', 2027],
    ['2027-06-30T22:30:00.000Z', 2027],
  ])('gives the team’s calendar year at %s: %i', (iso, year) => {
    expect(teamYearAt(iso)).toBe(year);
  });
});
