/**
 * robots.txt follows from the page lists of src-shared/routes.ts, and the rule it follows holds for what
 * a crawler really gets: a page that says `noindex` is never blocked (else its `noindex` is never read),
 * and what is blocked is the API and the pages behind the sign-in, which give a crawler only a redirect.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_PAGES, PUBLIC_PAGES, SIGNED_IN_PAGES } from '@shared/routes';
import { pageFacts } from '../support/html';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let rules: string[];

beforeAll(async () => {
  app = await startTestApp();
  const response = await app.request('/robots.txt');
  expect(response.status).toBe(200);
  rules = (await response.text())
    .split('\n')
    .filter((line) => line.startsWith('Disallow: '))
    .map((line) => line.slice('Disallow: '.length));
});
afterAll(() => app.close());

/** Whether a crawler may fetch `address` (path and query) by RFC 9309: `Allow: /` loses to any longer matching Disallow. */
function isBlocked(address: string): boolean {
  return rules.some((rule) => {
    const exact = rule.endsWith('$');
    const body = (exact ? rule.slice(0, -1) : rule).replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
    return new RegExp(`^${body}${exact ? '$' : ''}`).test(address);
  });
}

const signedIn: readonly string[] = SIGNED_IN_PAGES;
const openPrivatePages = PRIVATE_PAGES.filter((path) => !signedIn.includes(path));

describe('GET /robots.txt', () => {
  it('blocks the API and every page behind the sign-in, with its sub-pages and queries', () => {
    expect(isBlocked('/api/trpc/blog.list')).toBe(true);
    for (const path of SIGNED_IN_PAGES) {
      expect(isBlocked(path), path).toBe(true);
      expect(isBlocked(`${path}?x=1`), path).toBe(true);
    }
    for (const path of ['/orders-admin', '/shop-admin', '/donations-admin', '/messages-admin', '/audit-admin', '/account'])
      expect(isBlocked(path), path).toBe(true);
    expect(isBlocked('/newsletter-admin/AbC123')).toBe(true);
    expect(isBlocked('/checkout/danke?session_id=cs_1')).toBe(true);
  });

  it('blocks no public page, no post and no private page that a crawler gets as a noindex page', () => {
    for (const path of [...PUBLIC_PAGES, '/blog/ein-beitrag', '/blog/rss.xml', '/sitemap.xml']) expect(isBlocked(path), path).toBe(false);
    for (const path of openPrivatePages) expect(isBlocked(path), path).toBe(false);
    expect(isBlocked('/auth?redirect=%2Fblog-admin')).toBe(false);
    expect(isBlocked('/account/email?token=abc')).toBe(false);
  });

  it('names the sitemap', async () => {
    const text = await (await app.request('/robots.txt')).text();
    expect(text.split('\n')).toContain(`Sitemap: ${app.config.publicUrl}/sitemap.xml`);
  });
});

describe('what a crawler gets from the private pages', () => {
  it('from a page behind the sign-in: only a redirect to /auth', async () => {
    for (const path of SIGNED_IN_PAGES) {
      const response = await app.request(path, { redirect: 'manual' });
      expect(response.status, path).toBe(302);
      expect(response.headers.get('location'), path).toMatch(/^\/auth\?redirect=/);
    }
  });

  it('from every other private page: the page, marked noindex', async () => {
    for (const path of openPrivatePages) {
      const response = await app.request(path, { redirect: 'manual' });
      expect(response.status, path).toBe(200);
      expect(pageFacts(await response.text()).robots, path).toBe('noindex, nofollow');
    }
  });
});
