/**
 * A post's page at /blog/<slug> and what the public can see of drafts. The page is served by the
 * app's page rendering (src-server/app.ts); these tests only ask what a visitor and a crawler get.
 */
import { describe, expect, it } from 'vitest';
import { useBlogRuntime } from '../support/blog';
import { startTestApp } from '../support/test-app';

const { runtime: app, blog } = useBlogRuntime(startTestApp);

const text = async (path: string) => (await app().request(path)).text();

describe('an unpublished post never reaches anything public', () => {
  it('is absent from list, bySlug, RSS and sitemap, and its page answers 404', async () => {
    const draft = await blog().create({ title: 'Geheimer Entwurf', content: 'Streng geheimer Inhalt', featured: true });
    const published = await blog().create({ title: 'Öffentlicher Beitrag', excerpt: 'Für alle', published: true });
    expect(draft.slug).toBe('geheimer-entwurf');

    const page = await blog().list();
    expect(page.featured).toBeNull();
    expect(page.posts.map((post) => post.id)).toEqual([published.id]);
    expect(await blog().asVisitor.blog.bySlug({ slug: draft.slug })).toBeNull();

    const rss = await text('/blog/rss.xml');
    expect(rss).toContain('Öffentlicher Beitrag');
    for (const secret of ['Geheimer Entwurf', 'geheimer-entwurf', 'Streng geheimer']) expect(rss).not.toContain(secret);

    const sitemap = await text('/sitemap.xml');
    expect(sitemap).toContain(`<loc>${app().url}/blog/oeffentlicher-beitrag</loc>`);
    expect(sitemap).not.toContain('geheimer-entwurf');

    const draftPage = await app().request(`/blog/${draft.slug}`);
    expect(draftPage.status).toBe(404);
    expect(await draftPage.text()).not.toContain('Geheimer Entwurf');

    const publicPage = await app().request(`/blog/${published.slug}`);
    expect(publicPage.status).toBe(200);
    expect(publicPage.headers.get('content-type')).toContain('text/html');
    expect(await publicPage.text()).toContain('<title>Öffentlicher Beitrag · SchoolBox</title>');
  });

  it('disappears everywhere when unpublished again', async () => {
    const post = await blog().create({ title: 'Kurz online', published: true });
    expect((await app().request('/blog/kurz-online')).status).toBe(200);
    await blog().asAdmin.blog.setPublished({ id: post.id, value: false });

    expect((await blog().list()).posts).toEqual([]);
    expect(await blog().asVisitor.blog.bySlug({ slug: 'kurz-online' })).toBeNull();
    expect(await text('/blog/rss.xml')).not.toContain('kurz-online');
    expect(await text('/sitemap.xml')).not.toContain('kurz-online');
    expect((await app().request('/blog/kurz-online')).status).toBe(404);
  });
});

describe('post pages', () => {
  it('answers 404 for an unknown post page and 200 for the trailing-slash form of a known one', async () => {
    await blog().create({ title: 'Mit Schrägstrich', published: true });
    expect((await app().request('/blog/gibt-es-nicht')).status).toBe(404);
    expect((await app().request('/blog/mit-schraegstrich/')).status).toBe(200);
    expect((await app().request('/blog')).status).toBe(200);
  });

  it('escapes the post title in the page <title>', async () => {
    await blog().create({ title: 'Fett <b>&"', published: true });
    const response = await app().request('/blog/fett-b');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>Fett &lt;b&gt;&amp;&quot; · SchoolBox</title>');
    expect(html).not.toContain('<b>&');
  });

  it('answers a malformed percent-encoded post address with 404, not a server error', async () => {
    for (const path of ['/blog/%E0%A4%A', '/blog/%ZZ']) expect((await app().request(path)).status, path).toBe(404);
    expect(app().logs.filter((line) => line.level === 'error')).toEqual([]);
  });
});
