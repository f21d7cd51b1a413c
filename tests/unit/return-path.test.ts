import { describe, expect, it } from 'vitest';
import { returnTarget, safeReturnPath } from '@shared/return-path';

// Issue 22.1: the one check both the /auth route and the page handler use for a return path.

describe('safeReturnPath', () => {
  it('keeps a path of this site with its search and hash', () => {
    expect(safeReturnPath('/checkout')).toBe('/checkout');
    expect(safeReturnPath('/blog?category=Bildung#top')).toBe('/blog?category=Bildung#top');
    expect(safeReturnPath('/blog/lernen-unter-der-sonne')).toBe('/blog/lernen-unter-der-sonne');
  });

  it.each([
    'https://evil.test',
    'http://localhost/checkout',
    '//evil.test',
    '///evil.test',
    '/\\evil.test',
    '\\\\evil.test',
    '/\t/evil.test',
    '/\n/evil.test',
    '/%09/evil.test',
    '/%2F/evil.test',
    '/%2f/evil.test',
    '/%5Cevil.test',
    '/\u0000',
    '/%00',
    '/%E0%A4%A',
    'javascript:alert(1)',
    ' /checkout',
    'checkout',
    '',
    '/'.repeat(1) + 'a'.repeat(3000),
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBeUndefined();
  });

  it('refuses what is not a string', () => {
    expect(safeReturnPath(undefined)).toBeUndefined();
    expect(safeReturnPath(['/checkout'])).toBeUndefined();
    expect(safeReturnPath({ href: '/checkout' })).toBeUndefined();
  });
});

describe('returnTarget', () => {
  it('splits a safe path for the router, and falls back to the start page', () => {
    expect(returnTarget('/blog?category=Bildung#top')).toEqual({ to: '/blog', search: { category: 'Bildung' }, hash: 'top' });
    expect(returnTarget('//evil.test')).toEqual({ to: '/', search: {} });
    expect(returnTarget(undefined)).toEqual({ to: '/', search: {} });
  });
});
