import { describe, expect, it } from 'vitest';
import { withoutTrackingParams } from '@shared/tracking-params';

// ADR 052: a shared link's tracking parameters make no page of their own.

const untracked = (address: string) => withoutTrackingParams(new URL(address, 'http://localhost'))?.href ?? null;

describe('withoutTrackingParams', () => {
  it('takes out the parameters of advertisers, social networks and mail tools', () => {
    expect(untracked('/?fbclid=IwAR0abc')).toBe('http://localhost/');
    expect(untracked('/blog?utm_source=newsletter&utm_medium=email&utm_campaign=winter')).toBe('http://localhost/blog');
    expect(untracked('/spenden?gclid=1&msclkid=2&mc_cid=3&mc_eid=4')).toBe('http://localhost/spenden');
  });

  it('keeps the other parameters as they are written, in their order', () => {
    expect(untracked('/blog?category=T%65am&fbclid=x&lang=en')).toBe('http://localhost/blog?category=T%65am&lang=en');
    expect(untracked('/auth?redirect=%2Fblog%3Fa%3D1&utm_source=x')).toBe('http://localhost/auth?redirect=%2Fblog%3Fa%3D1');
    // A name spelled with escapes is the same parameter to the router and to the page cache.
    expect(untracked('/?utm%5Fsource=x&q=a+b')).toBe('http://localhost/?q=a+b');
  });

  it('says so when there is nothing to take out', () => {
    expect(untracked('/')).toBeNull();
    expect(untracked('/blog?category=Team&lang=fr')).toBeNull();
    // Not a tracking parameter: a page may read it, so it stays (the page cache decides about it).
    expect(untracked('/blog?ref=x&utm=1')).toBeNull();
  });
});
