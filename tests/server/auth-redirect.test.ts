import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, sessionCookie } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/test-app';

// Issue 22.1: /auth?redirect= sends a signed-in visitor back to a page of this site, never to another
// site (an open redirect) and never into a 500 page, whatever shape the value takes.

let app: TestApp;
let cookie: string;

beforeAll(async () => {
  app = await startTestApp();
  const { user } = await createUser(app);
  cookie = await sessionCookie(app, user.id);
});
afterAll(() => app.close());

/**
 * Follows the redirects a signed-in visitor gets from `/auth?redirect=<value>` (the router may first drop
 * an invalid parameter with a redirect to plain /auth) and returns every Location on the way and the page
 * they end on. Each Location must already be a path of this site: a browser would follow it at once.
 */
async function afterSignIn(redirect: string) {
  const locations: string[] = [];
  let path = `/auth?redirect=${redirect}`;
  for (let hop = 0; hop < 5; hop++) {
    const response = await app.request(path, { redirect: 'manual', headers: { cookie } });
    if (response.status < 300 || response.status >= 400) return { status: response.status, locations, landed: path };
    const location = response.headers.get('location') ?? '';
    locations.push(location);
    expect(location, `hop ${hop} of ${redirect}`).toMatch(/^\/(?![/\\])/);
    path = location;
  }
  throw new Error(`more than 5 redirects for ${redirect}: ${locations.join(' → ')}`);
}

describe('a signed-in visitor on /auth?redirect=', () => {
  const foreign: Record<string, string> = {
    'an absolute URL of another site': encodeURIComponent('https://evil.test'),
    'the same, unencoded': 'https://evil.test/path',
    'a protocol-relative URL': '//evil.test',
    'a protocol-relative URL, encoded': encodeURIComponent('//evil.test'),
    'a tab between the slashes': '/%09/evil.test',
    'a line break between the slashes': '/%0A/evil.test',
    'a javascript: URL': encodeURIComponent('javascript:alert(1)'),
    'a backslash after the slash': encodeURIComponent('/\\evil.test'),
    'a raw backslash after the slash': '/\\evil.test',
    'an encoded slash': '/%2F/evil.test',
    'an encoded backslash': '/%5Cevil.test',
    'a doubly encoded slash': '/%252F/evil.test',
    'an absolute URL of this very site': encodeURIComponent('http://localhost/checkout'),
    'a data: URL': encodeURIComponent('data:text/html,<script>alert(1)</script>'),
    'a NUL character': '/%00/evil.test',
    'malformed percent-encoding': '/%E0%A4%A',
  };

  for (const [shape, value] of Object.entries(foreign)) {
    it(`goes to the start page for ${shape}`, async () => {
      const { status, locations, landed } = await afterSignIn(value);
      expect(status).toBe(200);
      expect(landed).toBe('/');
      expect(locations.at(-1)).toBe('/');
    });
  }

  it('goes back to a page of this site, with its search parameters', async () => {
    expect((await afterSignIn(encodeURIComponent('/checkout'))).locations).toEqual(['/checkout']);
    expect((await afterSignIn('/checkout')).locations).toEqual(['/checkout']);
    expect((await afterSignIn(encodeURIComponent('/blog?category=Bildung'))).locations).toEqual(['/blog?category=Bildung']);
  });

  it('goes to the start page without a redirect', async () => {
    expect((await afterSignIn('')).landed).toBe('/');
  });
});

describe('a visitor without a session on /auth?redirect=', () => {
  it('sees the sign-in page whatever the value, never an error or another site', async () => {
    for (const value of ['https://evil.test', '//evil.test', '/%09/evil.test', 'javascript:alert(1)', '/checkout']) {
      const response = await app.request(`/auth?redirect=${encodeURIComponent(value)}`, { redirect: 'manual' });
      if (response.status === 200) continue;
      // An invalid value may be dropped from the address first; the sign-in page follows.
      expect(response.status, value).toBe(307);
      expect(response.headers.get('location'), value).toBe('/auth');
      expect((await app.request('/auth')).status).toBe(200);
    }
  });
});
