/**
 * What a page's head says about its own address (ADR 017): canonical, og:url and hreflang name the path,
 * the language and only the parameters that make another page (/blog's category); private and other
 * noindex pages name none; a category's list has a title of its own. And the blog list's links to its
 * posts, which keep the page's language as every other link does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Blog, startBlog } from '../support/blog';
import { decodeEntities, pageFacts } from '../support/html';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let blog: Blog;
let slug: string;
let germanOnlySlug: string;

beforeAll(async () => {
  app = await startTestApp();
  blog = await startBlog(app);
  const post = await blog.create({
    title: 'Lernen unter der Sonne',
    category: 'Bildung',
    published: true,
    en: { title: 'Learning under the sun', content: 'The text.' },
    fr: { title: 'Apprendre sous le soleil', content: 'Le texte.' },
  });
  slug = post.slug;
  germanOnlySlug = (await blog.create({ title: 'Nur auf Deutsch', category: 'Bildung', published: true })).slug;
});
afterAll(() => app.close());

async function page(path: string) {
  const response = await app.request(path);
  const html = await response.text();
  const head = html.slice(0, html.indexOf('</head>'));
  const ogUrl = /<meta property="og:url" content="([^"]*)"/.exec(head)?.[1];
  return { status: response.status, html, facts: pageFacts(html), ogUrl: ogUrl === undefined ? null : decodeEntities(ogUrl) };
}

/** The addresses of the post links in the blog list (the cards' titles). */
function postLinks(html: string): string[] {
  return [...html.matchAll(/href="(\/blog\/[^"]*)"/g)].map(([, href]) => decodeEntities(href as string));
}

describe('the blog list links to its posts in the page language', () => {
  it('with ?lang= on the English and French list, without it on the German one', async () => {
    for (const [query, suffix] of [
      ['', ''],
      ['?lang=en', '?lang=en'],
      ['?lang=fr', '?lang=fr'],
      ['?lang=fr&category=Bildung', '?lang=fr'],
    ] as const) {
      // Every /blog/ link but the feed's is a post's.
      const links = postLinks((await page(`/blog${query}`)).html).filter((href) => !href.startsWith('/blog/rss.xml'));
      expect(links, query).toContain(`/blog/${slug}${suffix}`);
      expect(links, query).toContain(`/blog/${germanOnlySlug}${suffix}`);
      for (const link of links) expect(link.replace(/^\/blog\/[^?]+/, ''), query).toBe(suffix);
    }
  });
});

describe("a page's own address", () => {
  it('leaves out a parameter that makes no page of its own', async () => {
    const base = app.config.publicUrl;
    const project = await page('/project?foo=bar');
    expect(project.facts.canonical).toBe(`${base}/project`);
    expect(project.ogUrl).toBe(`${base}/project`);
    expect(project.facts.alternates).toEqual({
      de: `${base}/project`,
      en: `${base}/project?lang=en`,
      fr: `${base}/project?lang=fr`,
      'x-default': `${base}/project`,
    });

    const shared = await page(`/blog/${slug}?ref=abc&lang=fr`);
    expect(shared.facts.canonical).toBe(`${base}/blog/${slug}?lang=fr`);
    expect(shared.ogUrl).toBe(`${base}/blog/${slug}?lang=fr`);
    expect(shared.facts.alternates.de).toBe(`${base}/blog/${slug}`);

    const prefilled = await page('/spenden?amount=5000&mode=monthly');
    expect(prefilled.facts.canonical).toBe(`${base}/spenden`);
  });

  it('is the post alone when the list opened it with its category, reloaded as well', async () => {
    // The dialog's address carries the list's category; reloaded, the article's canonical does not.
    const base = app.config.publicUrl;
    const { status, facts, ogUrl } = await page(`/blog/${slug}?category=Bildung&lang=en`);
    expect(status).toBe(200);
    expect(facts.canonical).toBe(`${base}/blog/${slug}?lang=en`);
    expect(ogUrl).toBe(`${base}/blog/${slug}?lang=en`);
    expect(Object.values(facts.alternates).some((href) => href.includes('category'))).toBe(false);
  });

  it("keeps a category's list as a page of its own", async () => {
    const base = app.config.publicUrl;
    const { facts, ogUrl } = await page('/blog?category=Bildung&lang=en&foo=1');
    expect(facts.canonical).toBe(`${base}/blog?category=Bildung&lang=en`);
    expect(ogUrl).toBe(`${base}/blog?category=Bildung&lang=en`);
    expect(facts.alternates.de).toBe(`${base}/blog?category=Bildung`);
  });
});

describe('pages not for search engines', () => {
  it('name no canonical address, no language versions and no og:url: private pages', async () => {
    for (const path of ['/auth', '/auth/forgot', '/checkout', '/spenden/danke', '/newsletter/confirm?token=x', '/newsletter/unsubscribe']) {
      const { status, facts, ogUrl } = await page(path);
      expect(status, path).toBe(200);
      expect(facts.robots, path).toBe('noindex, nofollow');
      expect(facts.canonical, path).toBeNull();
      expect(facts.alternates, path).toEqual({});
      expect(ogUrl, path).toBeNull();
    }
  });

  it('nor the 404 page', async () => {
    const { status, facts, ogUrl } = await page('/gibt-es-nicht');
    expect(status).toBe(404);
    expect(facts.canonical).toBeNull();
    expect(facts.alternates).toEqual({});
    expect(ogUrl).toBeNull();
  });
});

describe("a category's list", () => {
  it('is titled and described by its category, in the page language', async () => {
    const german = await page('/blog?category=Bildung');
    expect(german.facts.title).toBe('Blog: Bildung · SchoolBox');
    expect(german.facts.description).toContain('„Bildung“');
    expect(german.facts.robots).toBeNull();
    const english = await page('/blog?category=Bildung&lang=en');
    expect(english.facts.title).toMatch(/Education/);
    expect(english.facts.title).not.toMatch(/Bildung/);
    const all = await page('/blog');
    expect(all.facts.title).toBe('Blog · SchoolBox');
    expect(all.facts.description).not.toBe(german.facts.description);
  });

  it('without published posts is noindex, with no canonical address', async () => {
    await blog.create({ title: 'Team-Entwurf', category: 'Team' });
    const { status, facts, ogUrl } = await page('/blog?category=Team&lang=fr');
    expect(status).toBe(200);
    expect(facts.robots).toBe('noindex, nofollow');
    expect(facts.canonical).toBeNull();
    expect(facts.alternates).toEqual({});
    expect(ogUrl).toBeNull();
    // The whole blog stays indexed, with or without posts in the language.
    expect((await page('/blog?lang=fr')).facts.robots).toBeNull();
  });
});
