import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoPosts } from '@server/blog/seed';
import { PRIVATE_PAGES, PUBLIC_PAGES } from '@shared/routes';
import { signedInUser } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/test-app';

// No link of the site leads to the 404 page (issues 9 and 10): every internal link on every page, as an
// anonymous visitor and as an admin (whose chrome and pages have links of their own) sees them.

let app: TestApp;
let adminCookie: string;

beforeAll(async () => {
  app = await startTestApp();
  await seedDemoPosts(app, app.clock.now());
  adminCookie = (await signedInUser(app, { admin: true })).cookie;
});
afterAll(() => app.close());

/** The internal page links of a page's HTML (no assets, no API, no fragments, no query). */
function pageLinks(html: string): string[] {
  const links = new Set<string>();
  for (const [, href] of html.matchAll(/<a\b[^>]*\bhref="([^"]+)"/g)) {
    if (!href?.startsWith('/') || href.startsWith('//')) continue;
    const path = href.replace(/[?#].*$/, '');
    if (path.startsWith('/api/') || /\.[a-z0-9]+$/i.test(path)) continue;
    links.add(path);
  }
  return [...links];
}

async function linksFrom(paths: readonly string[], cookie?: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const path of paths) {
    const response = await app.request(path, { headers: cookie ? { cookie } : {} });
    expect(response.status, path).toBe(200);
    for (const link of pageLinks(await response.text())) if (!found.has(link)) found.set(link, path);
  }
  return found;
}

async function expectNoneMissing(links: Map<string, string>, cookie?: string) {
  const missing: string[] = [];
  for (const [link, from] of links) {
    const response = await app.request(link, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
    await response.arrayBuffer();
    if (response.status === 404) missing.push(`${link} (linked from ${from})`);
  }
  expect(missing).toEqual([]);
}

// Each test renders every page once and requests every link: hundreds of requests, a minute on two busy
// cores (the test run's other files render pages beside it). A generous limit, not a speed check.
const CRAWL_TIMEOUT_MS = 180_000;

describe('links between pages', () => {
  it('lead to a page for an anonymous visitor, from every public page and every blog post', { timeout: CRAWL_TIMEOUT_MS }, async () => {
    const fromPages = await linksFrom(PUBLIC_PAGES);
    const posts = [...fromPages.keys()].filter((link) => link.startsWith('/blog/'));
    expect(posts.length).toBeGreaterThan(0);
    const fromPosts = await linksFrom(posts);
    const all = new Map([...fromPosts, ...fromPages]);
    // The pages the navigation, footer and calls to action name are all among them.
    for (const path of ['/project', '/support', '/contact', '/shop', '/partnership', '/partnership/brochure']) {
      expect([...all.keys()], path).toContain(path);
    }
    await expectNoneMissing(all);
  });

  it('lead to a page for an admin, from the admin pages', { timeout: CRAWL_TIMEOUT_MS }, async () => {
    const adminPages = PRIVATE_PAGES.filter((path) => path.includes('-admin'));
    const links = await linksFrom(adminPages, adminCookie);
    expect([...links.keys()]).toEqual(expect.arrayContaining(['/blog-admin', '/orders-admin', '/newsletter-admin']));
    await expectNoneMissing(links, adminCookie);
  });
});
