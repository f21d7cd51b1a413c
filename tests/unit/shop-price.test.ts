import { describe, expect, it } from 'vitest';
import { rateLimitDelaySeconds } from '@server/shop/printful-client';
import { formatPriceForPrintful, parsePriceCents } from '@server/shop/price';

describe('parsePriceCents: Printful decimal strings to integer cents', () => {
  it('reads whole euros, one and two decimals without floating-point error', () => {
    expect(parsePriceCents('29.99')).toBe(2999);
    expect(parsePriceCents('4.5')).toBe(450);
    expect(parsePriceCents('19')).toBe(1900);
    expect(parsePriceCents('0.10')).toBe(10);
    // 0.29 * 100 is 28.999999999999996 as a float; the digits are read, never multiplied.
    expect(parsePriceCents('0.29')).toBe(29);
    expect(parsePriceCents('1234567.89')).toBe(123456789);
    expect(parsePriceCents(' 12.90 ')).toBe(1290);
  });

  it('accepts numbers, which some official examples send', () => {
    expect(parsePriceCents(21)).toBe(2100);
    expect(parsePriceCents(21.5)).toBe(2150);
    expect(parsePriceCents(0.29)).toBe(29);
  });

  it('gives null for what is not a price', () => {
    for (const value of [
      null,
      undefined,
      '',
      '  ',
      'abc',
      '-1.00',
      '1.234',
      '1,50',
      '1e3',
      '12.',
      '.5',
      Number.NaN,
      -3,
      Number.POSITIVE_INFINITY,
    ]) {
      expect(parsePriceCents(value), String(value)).toBeNull();
    }
  });

  it('writes cents back as the string Printful expects', () => {
    expect(formatPriceForPrintful(2999)).toBe('29.99');
    expect(formatPriceForPrintful(499)).toBe('4.99');
    expect(formatPriceForPrintful(5)).toBe('0.05');
    expect(formatPriceForPrintful(1900)).toBe('19.00');
    expect(() => formatPriceForPrintful(-1)).toThrow(RangeError);
    expect(() => formatPriceForPrintful(1.5)).toThrow(RangeError);
  });

  it('round-trips every cent value of a realistic range', () => {
    for (let cents = 0; cents < 20_000; cents += 7) expect(parsePriceCents(formatPriceForPrintful(cents))).toBe(cents);
  });
});

describe('rateLimitDelaySeconds: how long a 429 asks us to wait', () => {
  const now = Date.parse('2026-03-02T10:00:00Z');
  const body = (seconds: number) => ({
    code: 429,
    result: `You've recently sent too many requests. Please try again after ${seconds} seconds.`,
    error: { reason: 'TooManyRequests', message: `You've recently sent too many requests. Please try again after ${seconds} seconds.` },
  });

  it('prefers the Retry-After header, in seconds or as an HTTP date', () => {
    expect(rateLimitDelaySeconds('7', body(46), now)).toBe(7);
    expect(rateLimitDelaySeconds('1.2', null, now)).toBe(2);
    expect(rateLimitDelaySeconds('Mon, 02 Mar 2026 10:00:30 GMT', null, now)).toBe(30);
  });

  it('reads "after N seconds" from the message when there is no header', () => {
    expect(rateLimitDelaySeconds(null, body(46), now)).toBe(46);
    expect(rateLimitDelaySeconds(null, { result: 'Please try again after 1 second.' }, now)).toBe(1);
  });

  it('waits a minute when nothing says how long', () => {
    expect(rateLimitDelaySeconds(null, { result: 'Too many requests' }, now)).toBe(60);
    expect(rateLimitDelaySeconds('soon', null, now)).toBe(60);
    expect(rateLimitDelaySeconds(null, null, now)).toBe(60);
  });
});
