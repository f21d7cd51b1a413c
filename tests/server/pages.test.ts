import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '@server/audit/record';
import { createPost } from '@server/blog/posts';
import type { UserRow } from '@server/db/schema';
import { i18nFor } from '@server/lib/i18n';
import { HOME_TITLE, SITE_DESCRIPTION } from '@client/lib/head';
import type { Locale } from '@shared/locales';
import { SESSION_COOKIE } from '@server/auth/cookies';
import { createUser, sessionCookie } from '../support/accounts';
import { postValues } from '../support/blog';
import { ASSET_PATH } from '../support/fake-client-build';
import { pageFacts, textOf } from '../support/html';
import { startTestApp, type TestApp } from '../support/test-app';

// Server rendering (issue 7, DESIGN §8): every page arrives as HTML in the visitor's language, with
// its own head, before any script runs.

let app: TestApp;
let postSlug: string;
let draftSlug: string;
let adminUser: UserRow;

const LOCALES: Locale[] = ['de', 'en', 'fr'];
const HOME_H1: Record<Locale, string> = { de: 'Eine Schule in der Box', en: 'A school in a box', fr: 'Une école dans une boîte' };
const COLOR_THEME_H1: Record<Locale, string> = { de: 'Farbthemen', en: 'Colour themes', fr: 'Thèmes de couleurs' };

beforeAll(async () => {
  app = await startTestApp();
  const admin = await createUser(app, { admin: true });
  adminUser = admin.user;
  const values = { excerpt: 'Ein Auszug.', category: 'Bildung' as const };
  const post = await createPost(
    app.db,
    postValues({
      ...values,
      title: 'Lernen unter der Sonne',
      content: 'Der Inhalt des Beitrags.',
      published: true,
      // In all three languages, so that its page is listed in each (a post is listed in the languages it exists in).
      en: { title: 'Learning under the sun', content: 'The text of the post.' },
      fr: { title: 'Apprendre sous le soleil', content: 'Le texte de l’article.' },
    }),
    admin.user,
    app.clock.now(),
    CLI_ACTOR,
  );
  postSlug = post.slug;
  const draft = await createPost(
    app.db,
    postValues({ ...values, title: 'Noch geheim', content: 'Entwurf.', published: false }),
    admin.user,
    app.clock.now(),
    CLI_ACTOR,
  );
  draftSlug = draft.slug;
});
afterAll(() => app.close());

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await app.request(path, { headers });
  const html = await response.text();
  return { response, html, facts: pageFacts(html) };
}

describe('the language of a page', () => {
  const routes = () => [
    { path: '/', h1: HOME_H1 },
    { path: '/color-theme', h1: COLOR_THEME_H1 },
  ];

  for (const locale of LOCALES) {
    it(`is ${locale} when ?lang=${locale} says so, whatever cookie and browser say`, async () => {
      for (const route of routes()) {
        const other = locale === 'fr' ? 'en' : 'fr';
        const { facts } = await page(`${route.path}?lang=${locale}`, { cookie: `lang=${other}`, 'accept-language': other });
        expect(facts.lang).toBe(locale);
        expect(facts.h1).toBe(route.h1[locale]);
      }
    });

    it(`is ${locale} from the lang cookie, and from Accept-Language without a cookie`, async () => {
      const byCookie = await page('/', { cookie: `lang=${locale}`, 'accept-language': locale === 'de' ? 'en' : 'de' });
      expect(byCookie.facts.lang).toBe(locale);
      expect(byCookie.facts.h1).toBe(HOME_H1[locale]);
      const byBrowser = await page('/', { 'accept-language': `es-ES, ${locale};q=0.8, de;q=0.1` });
      expect(byBrowser.facts.lang).toBe(locale);
      expect(byBrowser.facts.h1).toBe(HOME_H1[locale]);
    });

    it(`gives the ${locale} page its title, description, Open Graph tags, canonical and hreflang links`, async () => {
      const { facts } = await page(`/?lang=${locale}`);
      const i18n = i18nFor(locale);
      expect(facts.title).toBe(i18n._(HOME_TITLE));
      expect(facts.description).toBe(i18n._(SITE_DESCRIPTION));
      expect(facts.ogTitle).toBe(facts.title);
      expect(facts.ogLocale).toBe({ de: 'de_DE', en: 'en_GB', fr: 'fr_FR' }[locale]);
      expect(facts.canonical).toBe(locale === 'de' ? `${app.config.publicUrl}/` : `${app.config.publicUrl}/?lang=${locale}`);
      expect(facts.alternates).toEqual({
        de: `${app.config.publicUrl}/`,
        en: `${app.config.publicUrl}/?lang=en`,
        fr: `${app.config.publicUrl}/?lang=fr`,
        'x-default': `${app.config.publicUrl}/`,
      });
    });
  }

  it('defaults to German, and the three languages really differ', async () => {
    const titles = new Set<string>();
    for (const locale of LOCALES) titles.add((await page(`/?lang=${locale}`)).facts.title);
    expect(titles.size).toBe(3);
    expect((await page('/', { 'accept-language': 'es, it;q=0.5' })).facts.lang).toBe('de');
  });

  it('keeps the category filter, a page of its own, in the canonical and alternate links', async () => {
    const { facts } = await page('/blog?category=Bildung&lang=en');
    expect(facts.canonical).toBe(`${app.config.publicUrl}/blog?category=Bildung&lang=en`);
    expect(facts.alternates.de).toBe(`${app.config.publicUrl}/blog?category=Bildung`);
  });
});

describe('pages and their status', () => {
  it('renders the blog and a post with their own titles, and the post text without JavaScript', async () => {
    const blog = await page('/blog');
    expect(blog.response.status).toBe(200);
    expect(blog.facts.title).toBe('Blog · SchoolBox');
    expect(textOf(blog.html)).toContain('Lernen unter der Sonne');

    const post = await page(`/blog/${postSlug}`);
    expect(post.response.status).toBe(200);
    expect(post.facts.title).toBe('Lernen unter der Sonne · SchoolBox');
    expect(post.facts.description).toBe('Ein Auszug.');
    expect(textOf(post.html)).toContain('Der Inhalt des Beitrags.');
  });

  it('answers an unknown path and a draft with 404 and the 404 page', async () => {
    for (const path of ['/gibt-es-nicht', `/blog/${draftSlug}`, '/blog/nie-geschrieben']) {
      const { response, html, facts } = await page(path);
      expect(response.status, path).toBe(404);
      expect(facts.h1).toBe('Seite nicht gefunden');
      expect(facts.title).toBe('Seite nicht gefunden · SchoolBox');
      expect(facts.robots).toBe('noindex, nofollow');
      expect(textOf(html)).not.toContain('Noch geheim');
      expect(app.logs.some((line) => line.msg === 'page not found' && line.path === path)).toBe(true);
    }
  });

  it('sends a visitor without a session from an admin page to /auth with a 302', async () => {
    const response = await app.request('/blog-admin', { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/auth?redirect=%2Fblog-admin');
  });

  it("shows a signed-in user without the admin role 'Zugriff verweigert', not an error", async () => {
    const member = await createUser(app);
    const { response, html } = await page('/blog-admin', { cookie: await sessionCookie(app, member.user.id) });
    expect(response.status).toBe(200);
    expect(textOf(html)).toContain('Zugriff verweigert');
    expect(textOf(html)).not.toContain('Unexpected Application Error');
  });

  it('marks private pages noindex and never caches them', async () => {
    const { response, facts } = await page('/auth');
    expect(response.status).toBe(200);
    expect(facts.robots).toBe('noindex, nofollow');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('the scripts of a page', () => {
  it('start at once: the entry as a module script, its imports, the catalog and the route chunks preloaded', async () => {
    const { response, html } = await page('/blog');
    expect(html).toContain(`<script type="module" src="${ASSET_PATH}"></script>`);
    // No inline loader any more: the only inline scripts are the router's own (hydration state).
    expect([...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].some((m) => (m[1] ?? '').includes('import('))).toBe(false);
    const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
    expect(preloads).toEqual(expect.arrayContaining([ASSET_PATH, '/assets/messages-de.js', '/assets/route-blog.js']));
    // The preloads are in the <head>, so they start before the body is parsed.
    expect(html.indexOf('rel="modulepreload"')).toBeLessThan(html.indexOf('</head>'));
    // Another language preloads its own catalog, not the German one.
    const english = await page('/blog?lang=en');
    expect(english.html).toContain('<link rel="modulepreload" href="/assets/messages-en.js"');
    expect(english.html).not.toContain('/assets/messages-de.js');
    // The admin, account and checkout messages are a catalog part of their own, for those pages only.
    expect(html).not.toContain('/assets/messages-private-de.js');
    const checkout = await page('/checkout');
    expect(checkout.html).toContain('<link rel="modulepreload" href="/assets/messages-private-de.js"');
    // So are the texts of a content page's own components: the support page's, for it and the donation page.
    expect(html).not.toContain('/assets/messages-support-de.js');
    for (const path of ['/support?lang=en', '/spenden?lang=en']) {
      const withPart = await page(path);
      expect(withPart.html, path).toContain('<link rel="modulepreload" href="/assets/messages-support-en.js"');
      expect(withPart.html, path).not.toContain('/assets/messages-private-en.js');
    }
    // External scripts are 'self'; the inline ones the renderer wrote are trusted by their hashes.
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'/);
    const inline = [...html.matchAll(/<script( [^>]*)?>([\s\S]*?)<\/script>/g)].filter((m) => m[2] && !m[1]?.includes('ld+json'));
    expect(inline.length).toBeGreaterThan(0);
    for (const code of inline.map((m) => m[2] ?? ''))
      expect(csp).toContain(`'sha256-${createHash('sha256').update(code).digest('base64')}'`);
  });
});

describe('the page cache', () => {
  it('answers a repeated visit with the same ETag, and 304 when the browser has it', async () => {
    const first = await app.request('/color-theme');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await app.request('/color-theme', { headers: { 'if-none-match': etag as string } });
    expect(again.status).toBe(304);
  });

  it('keeps addresses with the parameters the pages read, and renders others without keeping them', async () => {
    expect((await app.request('/blog?category=Team&lang=fr')).headers.get('etag')).toBeTruthy();
    const unknown = await app.request('/blog?campaign=winter');
    expect(unknown.status).toBe(200);
    expect(unknown.headers.get('etag')).toBeNull();
    expect(textOf(await unknown.text())).toContain('Blog');
  });

  it('answers a shared link with tracking parameters with the page without them, from the cache (ADR 052)', async () => {
    const plain = await page('/blog?category=Team');
    const etag = plain.response.headers.get('etag');
    expect(etag).toBeTruthy();
    for (const path of ['/blog?category=Team&fbclid=IwAR0abc', '/blog?utm_source=newsletter&category=Team&utm_medium=email']) {
      const tracked = await page(path);
      expect(tracked.response.status, path).toBe(200);
      expect(tracked.response.headers.get('etag'), path).toBe(etag);
      expect(tracked.html, path).toBe(plain.html);
    }
    // Rendered afresh too, the page names no tracking parameter (its language links keep the others).
    const fresh = await page('/blog?category=Bildung&lang=en&utm_campaign=spring');
    expect(fresh.html).not.toMatch(/utm_|fbclid/);
    expect(fresh.html).toContain('category=Bildung&amp;lang=fr');
    // With a parameter no page reads beside them, the address is still rendered for the request only.
    expect((await app.request('/blog?fbclid=x&campaign=winter')).headers.get('etag')).toBeNull();
  });

  it('keeps no page for an address with a parameter the page does not read or a value it does not accept', async () => {
    for (const path of [
      '/blog?category=bogus',
      '/blog?category=other-bogus',
      '/?lang=xx',
      '/blog?lang=xx&category=Team',
      '/blog?category=Team&category=Bildung',
      '/blog?category=%22Team%22',
      '/?category=Team',
      '/bl%6fg',
    ]) {
      // The router may send an invalid value on to the address without it; that answer is not kept either.
      const response = await app.request(path, { redirect: 'manual' });
      expect(response.status, path).toBeLessThan(400);
      // Rendered for this request only: no entry, so no ETag to revalidate against.
      expect(response.headers.get('etag'), path).toBeNull();
      if (response.status === 200) expect(response.headers.get('cache-control'), path).toBe('private, no-store');
    }
  });

  it('answers a valid category filter from the cache, however its value is spelled', async () => {
    const values = postValues({ content: 'Text.', published: true, title: 'Kabel verlegen', category: 'Installation' });
    const post = await createPost(app.db, values, adminUser, app.clock.now(), CLI_ACTOR);
    const first = await page('/blog?category=Installation');
    expect(first.response.headers.get('etag')).toBeTruthy();
    expect(textOf(first.html)).toContain('Kabel verlegen');
    // Changed behind the cache's back (no blog write, so the content version stays): only a fresh
    // rendering can show it.
    await app.db.updateTable('blog_posts').set({ title: 'Kabel umbenannt' }).where('id', '=', post.id).execute();
    for (const path of ['/blog?category=Installation', '/blog?category=Inst%61llation']) {
      const again = await page(path);
      expect(again.response.headers.get('etag'), path).toBe(first.response.headers.get('etag'));
      expect(textOf(again.html), path).toContain('Kabel verlegen');
    }
    expect(textOf((await page('/blog?category=Installation&campaign=x')).html)).toContain('Kabel umbenannt');
  });

  it('says what the answer varies on', async () => {
    expect((await app.request('/')).headers.get('vary')).toBe('Accept-Encoding, Cookie, Accept-Language');
    expect((await app.request('/?lang=en')).headers.get('vary')).toBe('Accept-Encoding, Cookie');
  });

  it('shows a post on /blog at the next request after it is published', async () => {
    const title = 'Gerade veröffentlicht';
    const draft = await createPost(
      app.db,
      postValues({ title, content: 'Neu.', category: 'Team', published: false }),
      adminUser,
      app.clock.now(),
      CLI_ACTOR,
    );
    expect(textOf((await page('/blog')).html)).not.toContain(title);
    const cookie = await sessionCookie(app, adminUser.id);
    const published = await app.request('/api/trpc/blog.setPublished', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ id: draft.id, value: true }),
    });
    expect(published.status).toBe(200);
    expect(textOf((await page('/blog')).html)).toContain(title);
  });

  it('shares a public page among everyone with the same role: their chrome, nothing of the person (ADR 045)', async () => {
    const other = await createUser(app, { admin: true, firstName: 'Katherine', lastName: 'Johnson' });
    const first = await page('/', { cookie: await sessionCookie(app, adminUser.id) });
    const second = await page('/', { cookie: await sessionCookie(app, other.user.id) });
    expect(first.response.headers.get('cache-control')).toBe('private, no-store');
    expect(first.response.headers.get('vary')).toContain('Cookie');
    expect(textOf(first.html)).toContain('Blog Admin');
    expect(textOf(first.html)).toContain('Abmelden');
    expect(second.html).toBe(first.html);
    for (const personal of [adminUser.email, adminUser.id, other.email, other.user.id, 'Katherine', 'Johnson']) {
      expect(first.html).not.toContain(personal);
    }
    const member = await createUser(app, { firstName: 'Dorothy', lastName: 'Vaughan' });
    const memberPage = await page('/', { cookie: await sessionCookie(app, member.user.id) });
    expect(textOf(memberPage.html)).toContain('Mein Konto');
    expect(textOf(memberPage.html)).not.toContain('Blog Admin');
    expect(memberPage.html).not.toContain('Dorothy');
    const anonymous = await page('/');
    expect(textOf(anonymous.html)).not.toContain('Blog Admin');
    expect(textOf(anonymous.html)).not.toContain('Mein Konto');
  });

  it("renders a signed-in visitor's own page for them: their name on /account", async () => {
    const member = await createUser(app, { firstName: 'Mary', lastName: 'Jackson' });
    const { response, html } = await page('/account', { cookie: await sessionCookie(app, member.user.id) });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(html).toContain(member.email);
    expect(html).toContain('Mary');
  });

  it('answers a dead session cookie with the anonymous page and removes the cookie', async () => {
    const { response, html } = await page('/', { cookie: `${SESSION_COOKIE}=${'a'.repeat(40)}` });
    expect(response.status).toBe(200);
    expect(textOf(html)).not.toContain('Mein Konto');
    expect(response.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);
  });
});

describe('the sitemap', () => {
  it('lists every public page and published post in each language with its alternates', async () => {
    const response = await app.request('/sitemap.xml');
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const base = app.config.publicUrl;
    for (const path of ['/', '/blog', '/color-theme', `/blog/${postSlug}`]) {
      expect(locs).toContain(`${base}${path}`);
      expect(locs).toContain(`${base}${path}?lang=en`);
      expect(locs).toContain(`${base}${path}?lang=fr`);
    }
    expect(locs.some((loc) => loc?.includes(draftSlug))).toBe(false);
    expect(locs.some((loc) => loc?.includes('/auth'))).toBe(false);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${base}/blog/${postSlug}"/>`);
  });
});

describe('a page the matcher wrongly takes for shared', () => {
  it('still shows the person on their own page (the root route asks for them), is not cached, and is logged', async () => {
    // A renderer whose matcher calls every page shared, /account included (ADR 045's backstop).
    const lying = await startTestApp({}, { wrapRenderer: (renderer) => ({ ...renderer, isSharedPage: () => true }) });
    try {
      const member = await createUser(lying, { firstName: 'Annie', lastName: 'Easley' });
      const response = await lying.request('/account', { headers: { cookie: await sessionCookie(lying, member.user.id) } });
      const html = await response.text();
      expect(response.status).toBe(200);
      expect(html).toContain(member.email);
      expect(html).toContain('Annie');
      expect(response.headers.get('etag')).toBeNull();
      expect(lying.logs.some((line) => String(line.msg).includes('page thought shared by role is private'))).toBe(true);
    } finally {
      await lying.close();
    }
  });
});
