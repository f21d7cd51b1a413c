import type { Context } from 'hono';
import { SITEMAP_ROUTES } from '@shared/routes';
import type { Db } from '../db/connect';
import type { BlogPostRow } from '../db/schema';

const FEED_SIZE = 50;
const xml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

function publishedPosts(db: Db, limit?: number): Promise<BlogPostRow[]> {
  let query = db.selectFrom('blog_posts').selectAll().where('published', '=', 1).orderBy('published_at', 'desc').orderBy('id', 'desc');
  if (limit) query = query.limit(limit);
  return query.execute();
}

/** GET /blog/rss.xml: the newest published posts as RSS 2.0. */
export function rssHandler(db: Db, publicUrl: string) {
  return async (c: Context) => {
    const posts = await publishedPosts(db, FEED_SIZE);
    const items = posts
      .map((post) => {
        const link = `${publicUrl}/blog/${encodeURIComponent(post.slug)}`;
        const summary = post.excerpt ?? `${post.content.slice(0, 300)}${post.content.length > 300 ? '…' : ''}`;
        return [
          '<item>',
          `<title>${xml(post.title)}</title>`,
          `<link>${xml(link)}</link>`,
          `<guid isPermaLink="true">${xml(link)}</guid>`,
          `<pubDate>${new Date(post.published_at ?? post.created_at).toUTCString()}</pubDate>`,
          `<category>${xml(post.category)}</category>`,
          `<dc:creator>${xml(post.author)}</dc:creator>`,
          `<description>${xml(summary)}</description>`,
          '</item>',
        ].join('');
      })
      .join('\n');
    const body = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>SchoolBox Blog</title>
<link>${xml(`${publicUrl}/blog`)}</link>
<atom:link href="${xml(`${publicUrl}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>
<description>Neuigkeiten von SchoolBox – Schule in der Box</description>
<language>de</language>
${items}
</channel>
</rss>
`;
    return c.body(body, 200, { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' });
  };
}

/** GET /sitemap.xml: the public pages and every published post. */
export function sitemapHandler(db: Db, publicUrl: string) {
  return async (c: Context) => {
    const posts = await publishedPosts(db);
    const urls = [
      ...SITEMAP_ROUTES.map((path) => `<url><loc>${xml(`${publicUrl}${path}`)}</loc></url>`),
      ...posts.map(
        (post) => `<url><loc>${xml(`${publicUrl}/blog/${encodeURIComponent(post.slug)}`)}</loc><lastmod>${post.updated_at.slice(0, 10)}</lastmod></url>`,
      ),
    ];
    const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.join('\n')}
</urlset>
`;
    return c.body(body, 200, { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' });
  };
}

/** GET /robots.txt: everything public may be indexed; the admin area, sign-in and the API not. */
export function robotsHandler(publicUrl: string) {
  return (c: Context) =>
    c.text(`User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /auth\nDisallow: /blog-admin\n\nSitemap: ${publicUrl}/sitemap.xml\n`, 200, {
      'Cache-Control': 'public, max-age=3600',
    });
}
