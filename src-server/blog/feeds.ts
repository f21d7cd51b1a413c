import type { Context } from 'hono';
import type { Db } from '../db/connect';
import type { ContentVersion } from '../lib/content-version';
import { escapeHtml } from '../lib/escape';

const FEED_SIZE = 50;
/**
 * A post's own text (title, summary, author, category) for an element that many readers render as HTML.
 * The text is HTML-escaped and wrapped in CDATA, so the XML carries "&lt;script&gt;" and a reader
 * rendering it shows the characters instead of running them. Escaping turns every ">" into "&gt;",
 * so the text can never close the CDATA section.
 */
const htmlText = (value: string) => `<![CDATA[${escapeHtml(value)}]]>`;

/** The newest published posts, with only what an item shows. */
function newestPosts(db: Db) {
  return db
    .selectFrom('blog_posts')
    .select(['slug', 'title', 'excerpt', 'content', 'author', 'category', 'published_at', 'created_at'])
    .where('published', '=', 1)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(FEED_SIZE)
    .execute();
}

/** GET /blog/rss.xml: the newest published posts as RSS 2.0. */
export function rssHandler(db: Db, publicUrl: string, content: ContentVersion) {
  // Feed readers poll: the feed is built once per content version (a blog write moves it on).
  let cached: { version: number; body: string } | null = null;
  return async (c: Context) => {
    const version = await content.current();
    if (cached?.version !== version) cached = { version, body: rssFeed(publicUrl, await newestPosts(db)) };
    return c.body(cached.body, 200, { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' });
  };
}

function rssFeed(publicUrl: string, posts: Awaited<ReturnType<typeof newestPosts>>): string {
  const items = posts
    .map((post) => {
      const link = `${publicUrl}/blog/${encodeURIComponent(post.slug)}`;
      const summary = post.excerpt ?? `${post.content.slice(0, 300)}${post.content.length > 300 ? '…' : ''}`;
      return [
        '<item>',
        `<title>${htmlText(post.title)}</title>`,
        `<link>${escapeHtml(link)}</link>`,
        `<guid isPermaLink="true">${escapeHtml(link)}</guid>`,
        `<pubDate>${new Date(post.published_at ?? post.created_at).toUTCString()}</pubDate>`,
        `<category>${htmlText(post.category)}</category>`,
        `<dc:creator>${htmlText(post.author)}</dc:creator>`,
        `<description>${htmlText(summary)}</description>`,
        '</item>',
      ].join('');
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>SchoolBox Blog</title>
<link>${escapeHtml(`${publicUrl}/blog`)}</link>
<atom:link href="${escapeHtml(`${publicUrl}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>
<description>Neuigkeiten von SchoolBox – Schule in der Box</description>
<language>de</language>
${items}
</channel>
</rss>
`;
}
