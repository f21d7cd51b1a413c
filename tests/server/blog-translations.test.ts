/**
 * Posts in three languages (issue 20 point 1, ADR 037): a post is its German original plus optional English
 * and French versions. Every public view (list, post, rendered page, feed, sitemap) shows the version of
 * its language, else the German text marked as German; and the filter row offers exactly the categories
 * that have published posts.
 */
import { describe, expect, it } from 'vitest';
import { seedDemoPosts } from '@server/blog/seed';
import { useBlogRuntime } from '../support/blog';
import { startTestApp } from '../support/test-app';

const { runtime: app, blog } = useBlogRuntime(startTestApp);

const english = { title: 'Learning under the sun', content: 'The English text.', excerpt: 'In short.', tags: 'Solar, School' };
const french = { title: 'Apprendre sous le soleil', content: 'Le texte français.' };

/** A published post in German and English, and one only in German. */
async function twoPosts() {
  const translated = await blog().create({
    title: 'Lernen unter der Sonne',
    content: 'Der deutsche Text.',
    category: 'Team',
    published: true,
    en: english,
  });
  const german = await blog().create({ title: 'Nur auf Deutsch', content: 'Nur deutscher Text.', category: 'Bildung', published: true });
  return { translated, german };
}

const get = async (path: string) => (await app().request(path)).text();
/** The <article>/card element that carries a title, with its attributes (the rendered list). */
const cardOf = (html: string, title: string) => {
  const at = html.indexOf(title);
  expect(at, title).toBeGreaterThan(-1);
  const start = html.lastIndexOf('data-testid="post-card"', at);
  const featured = html.lastIndexOf('data-testid="featured-post"', at);
  const open = html.lastIndexOf('<', Math.max(start, featured));
  return html.slice(open, html.indexOf('>', open) + 1);
};
const items = (xml: string) => [...xml.matchAll(/<item>(.*?)<\/item>/gs)].map((match) => match[1] ?? '');

describe('a post with an English version', () => {
  it('is read in English by blog.list and blog.bySlug with lang "en", and in German without', async () => {
    const { translated, german } = await twoPosts();
    const list = await blog().list({ lang: 'en' });
    const shown = Object.fromEntries(list.posts.map((post) => [post.id, post]));
    expect(shown[translated.id]).toMatchObject({
      lang: 'en',
      languages: ['de', 'en'],
      title: english.title,
      excerpt: english.excerpt,
      tags: ['Solar', 'School'],
    });
    expect(shown[german.id]).toMatchObject({ lang: 'de', languages: ['de'], title: 'Nur auf Deutsch' });

    expect(await blog().asVisitor.blog.bySlug({ slug: translated.slug })).toMatchObject({ lang: 'de', title: 'Lernen unter der Sonne' });
    expect(await blog().asVisitor.blog.bySlug({ slug: translated.slug, lang: 'en' })).toMatchObject({
      lang: 'en',
      title: english.title,
      content: english.content,
    });
    // French was not written: the German original, saying so.
    expect(await blog().asVisitor.blog.bySlug({ slug: translated.slug, lang: 'fr' })).toMatchObject({
      lang: 'de',
      languages: ['de', 'en'],
      title: 'Lernen unter der Sonne',
    });
  });

  it('shows on /blog?lang=en in English with lang="en" on its card; a German-only post keeps lang="de"', async () => {
    await twoPosts();
    const html = await get('/blog?lang=en');
    expect(html).toContain(english.title);
    expect(html).not.toContain('Lernen unter der Sonne');
    expect(cardOf(html, english.title)).toContain('lang="en"');
    expect(cardOf(html, 'Nur auf Deutsch')).toContain('lang="de"');
    // The German page shows the German original.
    const germanPage = await get('/blog');
    expect(germanPage).toContain('Lernen unter der Sonne');
    expect(germanPage).not.toContain(english.title);
  });

  it('is in the English feed in English; the German-only post is there in German, marked as German', async () => {
    const { translated, german } = await twoPosts();
    const xml = await get('/blog/rss.xml?lang=en');
    expect(xml).toContain('<language>en</language>');
    expect(xml).toContain(`<atom:link href="${app().url}/blog/rss.xml?lang=en" rel="self"`);
    // Both were published at the same moment: found by their slugs, not their order.
    const itemOf = (slug: string) => items(xml).find((item) => item.includes(`/blog/${slug}?`)) ?? '';
    const inEnglish = itemOf(translated.slug);
    const germanOnly = itemOf(german.slug);
    expect(inEnglish).toContain(`<title><![CDATA[${english.title}]]></title>`);
    expect(inEnglish).toContain(`<link>${app().url}/blog/${translated.slug}?lang=en</link>`);
    expect(inEnglish).not.toContain('<dc:language>');
    expect(germanOnly).toContain('<title><![CDATA[Nur auf Deutsch]]></title>');
    expect(germanOnly).toContain('<dc:language>de</dc:language>');
    // Category labels are translated too.
    expect(germanOnly).toContain('<category><![CDATA[Education]]></category>');

    const germanFeed = await get('/blog/rss.xml?lang=de');
    expect(germanFeed).toContain('Lernen unter der Sonne');
    expect(germanFeed).not.toContain(english.title);
    // No or an unknown language: the German feed.
    expect(await get('/blog/rss.xml?lang=xx')).toBe(germanFeed);
  });

  it('has sitemap entries and hreflang alternates for exactly its languages', async () => {
    const { translated, german } = await twoPosts();
    const sitemap = await get('/sitemap.xml');
    const entries = (slug: string) =>
      [...sitemap.matchAll(/<url><loc>([^<]*)<\/loc>.*?<\/url>/g)].filter((match) => match[1]?.includes(`/blog/${slug}`));
    const hreflangs = (entry: string) => [...entry.matchAll(/hreflang="([^"]+)"/g)].map((match) => match[1]);

    const translatedEntries = entries(translated.slug);
    expect(translatedEntries.map((match) => match[1])).toEqual([
      `${app().url}/blog/${translated.slug}`,
      `${app().url}/blog/${translated.slug}?lang=en`,
    ]);
    for (const entry of translatedEntries) expect(hreflangs(entry[0])).toEqual(['de', 'en', 'x-default']);

    const germanEntries = entries(german.slug);
    expect(germanEntries.map((match) => match[1])).toEqual([`${app().url}/blog/${german.slug}`]);
    expect(hreflangs(germanEntries[0]?.[0] ?? '')).toEqual(['de', 'x-default']);
  });

  it('names its German address as canonical where a German-only post is opened in English; a translated one its own', async () => {
    const { translated, german } = await twoPosts();
    const head = (html: string) => ({
      canonical: /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1],
      ogUrl: /<meta property="og:url" content="([^"]+)"/.exec(html)?.[1],
      ogLocale: /<meta property="og:locale" content="([^"]+)"/.exec(html)?.[1],
    });
    const germanOnly = `${app().url}/blog/${german.slug}`;
    expect(head(await get(`/blog/${german.slug}?lang=en`))).toEqual({ canonical: germanOnly, ogUrl: germanOnly, ogLocale: 'de_DE' });
    const inEnglish = `${app().url}/blog/${translated.slug}?lang=en`;
    expect(head(await get(`/blog/${translated.slug}?lang=en`))).toEqual({ canonical: inEnglish, ogUrl: inEnglish, ogLocale: 'en_GB' });
  });
});

describe('saving versions', () => {
  it('stores English and French beside the German original, replaces them on update and drops an emptied one', async () => {
    const post = await blog().create({ title: 'Original', en: english, fr: french });
    expect(post.languages).toEqual(['de', 'en', 'fr']);
    expect(post.translations.en).toMatchObject({ title: english.title, tags: ['Solar', 'School'] });
    expect(post.translations.fr).toMatchObject({ title: french.title, excerpt: null, tags: [] });

    const blank = { title: '', excerpt: '', content: '', tags: '', imageAlt: '' };
    const updated = await blog().update(post.id, {
      translations: { de: { title: 'Original', content: 'Neu' }, en: { ...english, title: 'Renamed' }, fr: blank },
    });
    expect(updated.translations.en?.title).toBe('Renamed');
    expect(updated.translations.fr).toBeNull();
    expect(updated.languages).toEqual(['de', 'en']);
    const rows = await app().db.selectFrom('post_translations').select(['locale', 'title']).where('post_id', '=', post.id).execute();
    expect(rows).toEqual([{ locale: 'en', title: 'Renamed' }]);
  });

  it('refuses a half-written version and a picture without its description in each language written', async () => {
    const half = await blog()
      .asAdmin.blog.create({ translations: { de: { title: 'T', content: 'C' }, en: { title: 'Only a title', content: '' } } })
      .catch((error: unknown) => error);
    expect(String(half)).toMatch(/translations/);
    const noAlt = await blog()
      .asAdmin.blog.create({
        imageUrl: '/images/blog/solar.svg',
        translations: { de: { title: 'T', content: 'C', imageAlt: 'Solarmodule' }, en: { title: 'T', content: 'C' } },
      })
      .catch((error: unknown) => error);
    expect(String(noAlt)).toMatch(/imageAlt/);
    expect(await app().db.selectFrom('blog_posts').select('id').execute()).toHaveLength(0);

    const withAlt = await blog().create({
      imageUrl: '/images/blog/solar.svg',
      imageAlt: 'Solarmodule',
      en: { ...english, imageAlt: 'Solar panels' },
    });
    const published = await blog().asAdmin.blog.setPublished({ id: withAlt.id, value: true });
    expect(await blog().asVisitor.blog.bySlug({ slug: published.slug, lang: 'en' })).toMatchObject({ imageAlt: 'Solar panels' });
    expect(await blog().asVisitor.blog.bySlug({ slug: published.slug, lang: 'fr' })).toMatchObject({ imageAlt: 'Solarmodule', lang: 'de' });
  });

  it('deletes the versions with the post', async () => {
    const post = await blog().create({ en: english });
    await blog().asAdmin.blog.delete({ id: post.id });
    expect(await app().db.selectFrom('post_translations').select('post_id').execute()).toEqual([]);
  });
});

describe('the category filter row', () => {
  it('lists each category that has published posts, in the fixed order, and no other', async () => {
    await blog().create({ category: 'Team', published: true });
    await blog().create({ category: 'Technologie', published: true });
    await blog().create({ category: 'Fundraising', published: true });
    await blog().create({ category: 'Bildung' }); // a draft: no button
    const list = await blog().list();
    expect(list.categories).toEqual(['Technologie', 'Fundraising', 'Team']);
    // The row stays the same while a category is chosen.
    expect((await blog().list({ category: 'Team' })).categories).toEqual(list.categories);

    const html = await get('/blog');
    for (const category of ['Technologie', 'Fundraising', 'Team']) expect(html).toContain(`href="/blog?category=${category}"`);
    expect(html).not.toContain('href="/blog?category=Bildung"');
  });
});

describe('the demo posts', () => {
  it('come in English and French for some posts and only in German for others', async () => {
    await seedDemoPosts(app(), app().clock.now());
    const { posts, featured } = await blog().list({ lang: 'en' });
    const all = [...(featured ? [featured] : []), ...posts];
    expect(all.filter((post) => post.lang === 'en').length).toBeGreaterThanOrEqual(2);
    expect(all.filter((post) => post.lang === 'de').length).toBeGreaterThanOrEqual(2);
    for (const post of all) expect(post.imageAlt, post.slug).toBeTruthy();
  });
});
