import type { Context } from 'hono';
import { SITEMAP_ROUTES } from '@shared/routes';
import type { Db } from '../db/connect';
import type { BlogPostRow } from '../db/schema';

const xml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

function publishedPosts(db: Db): Promise<BlogPostRow[]> {
  return db.selectFrom('blog_posts').selectAll().where('published', '=', 1).orderBy('published_at', 'desc').orderBy('id', 'desc').execute();
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
