import type { Context } from 'hono';
import { DEFAULT_LOCALE, LOCALE_SEARCH_PARAM, LOCALES, type Locale } from '@shared/locales';
import { PRIVATE_PAGES, PUBLIC_PAGES, SIGNED_IN_PAGES } from '@shared/routes';
import { lastPublicChange } from '../blog/posts';
import { findTranslationLocales, visiblePosts } from '../blog/queries';
import type { Db } from '../db/connect';
import { contentDocuments } from '../http/content-document';
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

/**
 * Every published post's address, last change and languages (German, then the versions it has). Its last
 * change is the post's (lastPublicChange): a post scheduled ahead was saved before it went public.
 */
async function sitemapPosts(db: Db, now: Date) {
  const posts = await visiblePosts(db, now.toISOString())
    .select(['id', 'slug', 'published_at', 'created_at', 'updated_at'])
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const versions = await findTranslationLocales(
    db,
    posts.map((post) => post.id),
  );
  return posts.map((post) => ({
    slug: post.slug,
    lastModified: lastPublicChange(post),
    locales: LOCALES.filter((locale) => locale === DEFAULT_LOCALE || versions.some((v) => v.post_id === post.id && v.locale === locale)),
  }));
}

async function sitemap(db: Db, publicUrl: string, now: Date): Promise<string> {
  const posts = await sitemapPosts(db, now);
  const urls = [
    ...PUBLIC_PAGES.flatMap((path) => urlEntries(publicUrl, path, null)),
    ...posts.flatMap((post) => urlEntries(publicUrl, `/blog/${encodeURIComponent(post.slug)}`, post.lastModified, post.locales)),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join('\n')}
</urlset>
`;
}

/**
 * GET /sitemap.xml: every public page and every published post, in each of its languages with its alternates.
 * Only slugs, dates and languages are read; the document is kept until the content version moves on, with
 * its ETag (304 for a crawler that has it) and compressed copies.
 */
export function sitemapHandler(db: Db, publicUrl: string, content: ContentVersion, clock: Clock) {
  const documents = contentDocuments<'sitemap'>({
    content,
    clock,
    contentType: 'application/xml; charset=utf-8',
    cacheControl: 'public, max-age=300',
  });
  return (c: Context) => documents(c, 'sitemap', () => sitemap(db, publicUrl, clock.now()));
}

/**
 * What robots.txt keeps crawlers out of. The rule: a page that tells search engines `noindex` stays open
 * to crawlers, since a crawler reads that only on a page it may fetch (and an address that is blocked
 * but linked, like /auth from every footer, can still be listed, without its content); a blocked path
 * needs no `noindex`, as no crawler reads it. So, from the lists of src-shared/routes.ts:
 * - the pages behind the sign-in (SIGNED_IN_PAGES) are blocked: a crawler is never signed in and gets
 *   nothing from them but a redirect to /auth (a prefix covers their sub-pages, /newsletter-admin/<id>);
 * - every other private page (/auth, /checkout, the e-mailed links, /spenden/danke) renders for anyone
 *   with `noindex`, and is not blocked; nor is any public page. Where a blocked path begins such a page's
 *   path (/account, /account/email), only the path itself and its queries are blocked: `$` ends a
 *   pattern (RFC 9309), and `?` starts the query.
 * - the API, which has no pages.
 */
function robotsDisallowed(): string[] {
  const signedIn: readonly string[] = SIGNED_IN_PAGES;
  const crawlable = [...PUBLIC_PAGES, ...PRIVATE_PAGES.filter((path) => !signedIn.includes(path))];
  const asPrefix = (path: string) => !crawlable.some((other) => other.startsWith(path));
  const pages = signedIn
    // /newsletter-admin/new is in /newsletter-admin's prefix already.
    .filter((path) => !signedIn.some((other) => other !== path && path.startsWith(other) && asPrefix(other)))
    .flatMap((path) => (asPrefix(path) ? [path] : [`${path}$`, `${path}?`]));
  return ['/api/', ...pages];
}

/** GET /robots.txt: every page may be crawled but those behind the sign-in (robotsDisallowed); the sitemap. */
export function robotsHandler(publicUrl: string) {
  const disallow = robotsDisallowed()
    .map((path) => `Disallow: ${path}\n`)
    .join('');
  const body = `User-agent: *\nAllow: /\n${disallow}\nSitemap: ${publicUrl}/sitemap.xml\n`;
  return (c: Context) => c.text(body, 200, { 'Cache-Control': 'public, max-age=3600' });
}
