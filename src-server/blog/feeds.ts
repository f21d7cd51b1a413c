import { t } from '@lingui/core/macro';
import type { Context } from 'hono';
import { categoryLabel } from '@shared/blog-categories';
import { LOCALE_SEARCH_PARAM, SOURCE_LOCALE, toLocale, type Locale } from '@shared/locales';
import { MEDIA_CONTENT_TYPES, mediaSources } from '@shared/media';
import { FEED_SUMMARY_LENGTH, postSummary } from '@shared/post-summary';
import type { PublicPost } from '@shared/schemas/blog';
import type { Db } from '../db/connect';
import { contentDocuments } from '../http/content-document';
import type { Clock } from '../lib/clock';
import type { ContentVersion } from '../lib/content-version';
import { escapeHtml } from '../lib/escape';
import { i18nFor } from '../lib/i18n';
import { toPublicPost } from './posts';
import { findPublishedPosts, findTranslations } from './queries';

const FEED_SIZE = 50;
/**
 * A post's own text (title, summary, author, category) for an element that many readers render as HTML.
 * The text is HTML-escaped and wrapped in CDATA, so the XML carries "&lt;script&gt;" and a reader
 * rendering it shows the characters instead of running them. Escaping turns every ">" into "&gt;",
 * so the text can never close the CDATA section.
 */
const htmlText = (value: string) => `<![CDATA[${escapeHtml(value)}]]>`;

/** A page's address in one language (German without a parameter), as its canonical link says. */
const pageUrl = (publicUrl: string, path: string, lang: Locale) =>
  lang === SOURCE_LOCALE ? `${publicUrl}${path}` : `${publicUrl}${path}?${LOCALE_SEARCH_PARAM}=${lang}`;

/** The newest published posts, each in its version of `lang` or its German original. */
async function newestPosts(db: Db, lang: Locale, now: Date): Promise<PublicPost[]> {
  const rows = await findPublishedPosts(db, { now: now.toISOString(), limit: FEED_SIZE });
  const translations = await findTranslations(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toPublicPost(row, translations, lang));
}

/**
 * GET /blog/rss.xml?lang=de|en|fr: the newest published posts as RSS 2.0, one feed per language (no or an
 * unknown `lang`: German). A post without a version in the feed's language is in it with its German text,
 * marked `<dc:language>de</dc:language>`: the reader learns of it, and knows it is German.
 */
export function rssHandler(db: Db, publicUrl: string, content: ContentVersion, clock: Clock) {
  // Feed readers poll: each language's feed is built once per content version (a blog write moves it on),
  // and a reader that sends its ETag back gets 304 until then.
  const feeds = contentDocuments<Locale>({
    content,
    clock,
    contentType: 'application/rss+xml; charset=utf-8',
    cacheControl: 'public, max-age=300',
  });
  return (c: Context) => {
    const lang = toLocale(c.req.query(LOCALE_SEARCH_PARAM));
    return feeds(c, lang, async () => rssFeed(publicUrl, lang, await newestPosts(db, lang, clock.now())));
  };
}

/**
 * An uploaded picture as Media RSS (readers show it beside the item): its largest JPEG, absolute, with its
 * size. Media RSS rather than <enclosure>, which requires the file's length in bytes, unknown without
 * reading the file. A pasted or drawn picture (an SVG, shown by no reader) is left out.
 */
function pictureElement(publicUrl: string, post: PublicPost): string {
  const media = mediaSources(post.imageUrl);
  if (!media) return '';
  const url = `${publicUrl}${media.fallback}`;
  return `<media:content url="${escapeHtml(url)}" type="${MEDIA_CONTENT_TYPES.jpeg}" medium="image" width="${media.width}" height="${media.height}"/>`;
}

function rssFeed(publicUrl: string, lang: Locale, posts: PublicPost[]): string {
  const i18n = i18nFor(lang);
  const items = posts
    .map((post) => {
      const link = pageUrl(publicUrl, `/blog/${encodeURIComponent(post.slug)}`, lang);
      const summary = postSummary(post, FEED_SUMMARY_LENGTH);
      return [
        '<item>',
        `<title>${htmlText(post.title)}</title>`,
        `<link>${escapeHtml(link)}</link>`,
        `<guid isPermaLink="true">${escapeHtml(link)}</guid>`,
        `<pubDate>${new Date(post.publishedAt).toUTCString()}</pubDate>`,
        `<category>${htmlText(categoryLabel(post.category, (label) => i18n._(label)))}</category>`,
        `<dc:creator>${htmlText(post.author)}</dc:creator>`,
        post.lang === lang ? '' : `<dc:language>${post.lang}</dc:language>`,
        `<description>${htmlText(summary)}</description>`,
        pictureElement(publicUrl, post),
        '</item>',
      ].join('');
    })
    .join('\n');
  const self = `${publicUrl}/blog/rss.xml?${LOCALE_SEARCH_PARAM}=${lang}`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
<channel>
<title>${htmlText(t(i18n)`SchoolBox Blog`)}</title>
<link>${escapeHtml(pageUrl(publicUrl, '/blog', lang))}</link>
<atom:link href="${escapeHtml(self)}" rel="self" type="application/rss+xml"/>
<description>${htmlText(t(i18n)`Neuigkeiten von SchoolBox – Schule in der Box`)}</description>
<language>${lang}</language>
${items}
</channel>
</rss>
`;
}
