import { describe, expect, it } from 'vitest';
import { isWithinOfficeHours, parseOfficeHours } from '@shared/office-hours';
import { formatOfficeHours } from '@client/components/layout/format-office-hours';

const weekdays = parseOfficeHours('mon-fri 09:00-17:00')!;

describe('parseOfficeHours', () => {
  it('reads a day range and a time range', () => {
    expect(weekdays).toEqual({ days: [1, 2, 3, 4, 5], startMinute: 540, endMinute: 1020 });
  });

  it('wraps a day range around the week', () => {
    expect(parseOfficeHours('sat-mon 10:00-12:30')?.days).toEqual([6, 0, 1]);
  });

  it('refuses malformed or empty ranges', () => {
    expect(parseOfficeHours('weekdays 9-5')).toBeNull();
    expect(parseOfficeHours('mon-fri 17:00-09:00')).toBeNull();
    expect(parseOfficeHours('mon-fri 25:00-26:00')).toBeNull();
  });
});

describe('isWithinOfficeHours (Europe/Berlin)', () => {
  it('is online on a weekday inside the hours, in winter time (UTC+1)', () => {
    // Monday 2026-01-12 08:30 UTC = 09:30 in Cologne
    expect(isWithinOfficeHours(new Date('2026-01-12T08:30:00Z'), weekdays)).toBe(true);
    // 07:59 UTC = 08:59 in Cologne: not yet
    expect(isWithinOfficeHours(new Date('2026-01-12T07:59:00Z'), weekdays)).toBe(false);
  });

  it('follows daylight saving time (UTC+2 in summer)', () => {
    // Monday 2026-07-13 07:30 UTC = 09:30 in Cologne
    expect(isWithinOfficeHours(new Date('2026-07-13T07:30:00Z'), weekdays)).toBe(true);
    // 15:00 UTC = 17:00 in Cologne: the end is exclusive
    expect(isWithinOfficeHours(new Date('2026-07-13T15:00:00Z'), weekdays)).toBe(false);
  });

  it('is offline at the weekend', () => {
    expect(isWithinOfficeHours(new Date('2026-01-10T10:00:00Z'), weekdays)).toBe(false);
  });

  it('uses the team time zone, not UTC, to decide the day', () => {
    // Friday 23:30 UTC is already Saturday 00:30 in Cologne
    const lateHours = parseOfficeHours('sat-sat 00:00-01:00')!;
    expect(isWithinOfficeHours(new Date('2026-01-09T23:30:00Z'), lateHours)).toBe(true);
  });
});

describe('formatOfficeHours', () => {
  it('names the days in the visitor language', () => {
    // ICU versions differ on abbreviation dots ("Mo" or "Mo."), so match the day names loosely.
    expect(formatOfficeHours(weekdays, 'de')).toMatch(/^Mo\.?–Fr\.? 09:00–17:00$/);
    expect(formatOfficeHours(weekdays, 'en')).toMatch(/^Mon\.?–Fri\.? 09:00–17:00$/);
    expect(formatOfficeHours(weekdays, 'fr')).toMatch(/^lun\.?–ven\.? 09:00–17:00$/);
  });
});
