import { describe, expect, it } from 'vitest';
import { preferredEncoding } from '@server/http/content-encoding';

describe('preferredEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    // What browsers send.
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['GZIP', 'gzip'],
    ['*', 'br'],
    // Weights.
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1.0, br;q=0.5', 'gzip'],
    ['br;q=0.5, gzip;q=0.5', 'br'],
    ['br;q=0, gzip;q=0', null],
    ['*;q=0', null],
    ['gzip;q=0, *', 'br'],
    ['*;q=0.5, gzip', 'gzip'],
    ['identity;q=1, *;q=0', null],
  ] as const)('%s → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });

  it('chooses among the copies there are', () => {
    expect(preferredEncoding('gzip, deflate, br', ['gzip'])).toBe('gzip');
    expect(preferredEncoding('br', ['gzip'])).toBeNull();
    expect(preferredEncoding('gzip, br', [])).toBeNull();
  });
});
