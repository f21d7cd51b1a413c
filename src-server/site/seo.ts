import type { Context } from 'hono';
import { DEFAULT_LOCALE, LOCALE_SEARCH_PARAM, LOCALES, type Locale } from '@shared/locales';
import { PUBLIC_PAGES } from '@shared/routes';
import { findTranslationLocales, visiblePosts } from '../blog/queries';
import type { Db } from '../db/connect';
import { escapeHtml } from '../lib/escape';
import type { Clock } from '../lib/clock';
import type { ContentVersion } from '../lib/content-version';

/** A page's address in one language (German without a parameter), as the page's own canonical link says. */
function localizedUrl(publicUrl: string, path: string, locale: Locale): string {
  return locale === DEFAULT_LOCALE ? `${publicUrl}${path}` : `${publicUrl}${path}?${LOCALE_SEARCH_PARAM}=${locale}`;
}

/**
 * One <url> per language version, each listing all versions as alternates (and German as x-default).
 * A page exists in every language; a post only in the ones it has a version in (German always).
 */
function urlEntries(publicUrl: string, path: string, lastModified: string | null, locales: readonly Locale[] = LOCALES): string[] {
  const alternates = [
    ...locales.map(
      (locale) => `<xhtml:link rel="alternate" hreflang="${locale}" href="${escapeHtml(localizedUrl(publicUrl, path, locale))}"/>`,
    ),
    `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(localizedUrl(publicUrl, path, DEFAULT_LOCALE))}"/>`,
  ].join('');
  const lastmod = lastModified ? `<lastmod>${lastModified.slice(0, 10)}</lastmod>` : '';
  return locales.map((locale) => `<url><loc>${escapeHtml(localizedUrl(publicUrl, path, locale))}</loc>${lastmod}${alternates}</url>`);
}

/** Every published post's address, last change and languages (German, then the versions it has). */
async function sitemapPosts(db: Db, now: Date) {
  const posts = await visiblePosts(db, now.toISOString())
    .select(['id', 'slug', 'updated_at'])
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const versions = await findTranslationLocales(
    db,
    posts.map((post) => post.id),
  );
  return posts.map((post) => ({
    ...post,
    locales: LOCALES.filter((locale) => locale === DEFAULT_LOCALE || versions.some((v) => v.post_id === post.id && v.locale === locale)),
  }));
}

/**
 * GET /sitemap.xml: every public page and every published post, in each of its languages with its alternates.
 * Only slugs, dates and languages are read, and the document is kept until the content version moves on.
 */
export function sitemapHandler(db: Db, publicUrl: string, content: ContentVersion, clock: Clock) {
  let cached: { version: number; body: string } | null = null;
  return async (c: Context) => {
    const version = await content.current();
    if (cached?.version !== version) {
      const posts = await sitemapPosts(db, clock.now());
      const urls = [
        ...PUBLIC_PAGES.flatMap((path) => urlEntries(publicUrl, path, null)),
        ...posts.flatMap((post) => urlEntries(publicUrl, `/blog/${encodeURIComponent(post.slug)}`, post.updated_at, post.locales)),
      ];
      cached = {
        version,
        body: `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join('\n')}
</urlset>
`,
      };
    }
    return c.body(cached.body, 200, { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' });
  };
}

/** GET /robots.txt: everything public may be indexed; private pages and the API not. */
export function robotsHandler(publicUrl: string) {
  return (c: Context) =>
    c.text(
      `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /auth\nDisallow: /blog-admin\nDisallow: /newsletter/\nDisallow: /checkout\n\nSitemap: ${publicUrl}/sitemap.xml\n`,
      200,
      { 'Cache-Control': 'public, max-age=3600' },
    );
}
