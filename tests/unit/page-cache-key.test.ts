import { describe, expect, it } from 'vitest';
import { pageCacheKey } from '@server/pages/cache-key';

// Issue 22.5: the page cache keeps one entry per page, language and valid filter, however many
// addresses are made up for it.

const key = (address: string) => pageCacheKey(new URL(address, 'http://localhost'), 'en');

describe('pageCacheKey', () => {
  it('keys a page by its path, language and the valid parameters it reads', () => {
    expect(key('/')).toBe('en /');
    expect(key('/blog?lang=en&category=Team')).toBe('en /blog?lang=en&category=Team');
    expect(key('/blog/lernen?category=Bildung')).toBe('en /blog/lernen?category=Bildung');
  });

  it('spells the values one way', () => {
    expect(key('/blog?category=T%65am')).toBe(key('/blog?category=Team'));
  });

  it.each([
    '/blog?category=bogus',
    '/blog?lang=xx',
    '/?category=Team',
    '/blog?category=Team&category=Bildung',
    '/blog?category=%22Team%22',
    '/blog?utm_source=newsletter',
    '/blog?constructor=x',
    '/bl%6fg',
    '/blog/%zz',
  ])('keeps no page for %s', (address) => {
    expect(key(address)).toBeNull();
  });
});
