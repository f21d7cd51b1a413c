/**
 * A post's own page (/blog/<slug>) as a crawler, a share preview and a browser without scripts get it:
 * the article with its title as h1, Open Graph and Twitter tags with an absolute picture address,
 * BlogPosting structured data, hreflang for exactly the post's languages and the German-only note; the
 * home page's NGO data; and `blog.neighbours` behind the previous/next links.
 */
import { describe, expect, it } from 'vitest';
import type { BlogPostInput } from '@shared/schemas/blog';
import { MINUTE, useBlogRuntime } from '../support/blog';
import { decodeEntities, pageFacts, textOf } from '../support/html';
import { startTestApp } from '../support/test-app';

const { runtime: app, blog } = useBlogRuntime(startTestApp);

/** An uploaded picture's address (src-shared/media.ts): its largest variant is 1600×900. */
const MEDIA_PICTURE = '/media/AbCdEfGhIjKlMnOpQr-2400x1350';

type Text = { title: string; content?: string; excerpt?: string; tags?: string[]; imageAlt?: string };
const text = ({ content = 'Der Inhalt.', ...rest }: Text) => ({ content, ...rest });

/** A published post written by the test admin; one minute later than the one before it. */
async function publish(de: Text, more: Omit<Partial<BlogPostInput>, 'translations'> & { en?: Text; fr?: Text } = {}) {
  const { en, fr, ...shared } = more;
  app().clock.advance(MINUTE);
  return blog().asAdmin.blog.create({
    published: true,
    ...shared,
    translations: { de: text(de), en: en ? text(en) : null, fr: fr ? text(fr) : null },
  });
}

async function page(path: string) {
  const response = await app().request(path);
  expect(response.status, path).toBe(200);
  return response.text();
}

function headOf(html: string) {
  return html.slice(0, html.indexOf('</head>'));
}

/** The content of the <meta> whose property (or name) is `key`. */
function meta(html: string, key: string): string | null {
  for (const [tag] of headOf(html).matchAll(/<meta\b[^>]*>/g)) {
    const named = new RegExp(`\\s(?:property|name)="${key.replace(/[.:]/g, '\\$&')}"`).test(tag);
    if (named) return decodeEntities(/\scontent="([^"]*)"/.exec(tag)?.[1] ?? '');
  }
  return null;
}

/** Every JSON-LD block of the page, parsed. */
function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    ([, json]) => JSON.parse(json as string) as Record<string, unknown>,
  );
}

describe('an article page', () => {
  it('is the post itself: h1 = title, its text, author, share links and the way back; no list around it', async () => {
    await publish({ title: 'Lernen unter der Sonne', content: 'Erster Absatz.\nZweiter Absatz.', tags: ['Solar', 'Schule'] });
    const html = await page('/blog/lernen-unter-der-sonne');
    const facts = pageFacts(html);
    expect(facts.h1).toBe('Lernen unter der Sonne');
    expect(facts.title).toBe('Lernen unter der Sonne · SchoolBox');
    const body = textOf(html);
    expect(body).toContain('Erster Absatz. Zweiter Absatz.');
    expect(body).toContain('Maria Montessori');
    expect(body).toContain('Solar');
    // The list's heading and filter row are not on the article page.
    expect(html).not.toContain('Nach Kategorie filtern');
    expect(html).toContain('href="/blog"');
    const url = encodeURIComponent(`${app().url}/blog/lernen-unter-der-sonne`);
    expect(html).toContain(`href="https://www.linkedin.com/sharing/share-offsite/?url=${url}"`);
    expect(html).toContain('href="https://wa.me/?text=');
    expect(html).toContain('href="mailto:?subject=');
    expect(html).toContain('href="https://mastodonshare.com/?text=');
  });

  it('carries og:type=article, its publication time and its uploaded picture as an absolute og:image', async () => {
    const post = await publish(
      { title: 'Mit Bild', excerpt: 'Kurz gesagt.', imageAlt: 'Kinder vor dem Container' },
      { imageUrl: MEDIA_PICTURE },
    );
    const html = await page('/blog/mit-bild');
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'article:published_time')).toBe(post.publishedAt);
    expect(meta(html, 'og:image')).toBe(`${app().url}/media/AbCdEfGhIjKlMnOpQr-2400x1350/1600.jpg`);
    expect(meta(html, 'og:image:width')).toBe('1600');
    expect(meta(html, 'og:image:height')).toBe('900');
    expect(meta(html, 'og:image:alt')).toBe('Kinder vor dem Container');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:image')).toBe(meta(html, 'og:image'));
    expect(meta(html, 'og:description')).toBe('Kurz gesagt.');
    // The picture is preloaded (it is the largest paint) and shown with its alt text.
    expect(headOf(html)).toMatch(/<link rel="preload" as="image" type="image\/avif" imageSrcSet="[^"]*1600\.avif 1600w"/i);
    expect(html).toContain('alt="Kinder vor dem Container"');
  });

  it('shares a pasted picture without a size, and an SVG picture as the site default (previews show no SVG)', async () => {
    await publish({ title: 'Fremdes Bild', imageAlt: 'Ein Foto' }, { imageUrl: 'https://images.example.org/foto.jpg' });
    const pasted = await page('/blog/fremdes-bild');
    expect(meta(pasted, 'og:image')).toBe('https://images.example.org/foto.jpg');
    // Its size is not known, and the default picture's 1200×630 must not stand beside it.
    expect(meta(pasted, 'og:image:width')).toBeNull();
    expect(meta(pasted, 'og:image:height')).toBeNull();
    expect(meta(pasted, 'og:image:alt')).toBe('Ein Foto');

    await publish({ title: 'Gezeichnet', imageAlt: 'Eine Zeichnung' }, { imageUrl: '/images/blog/solar.svg' });
    const drawn = await page('/blog/gezeichnet');
    expect(meta(drawn, 'og:image')).toBe(`${app().url}/images/share-default.png`);
    expect(meta(drawn, 'og:image:width')).toBe('1200');
    expect(meta(drawn, 'twitter:image')).toBe(`${app().url}/images/share-default.png`);
    // On the page itself the drawing is shown.
    expect(drawn).toContain('src="/images/blog/solar.svg"');
  });

  it('describes itself as a BlogPosting in JSON-LD', async () => {
    const post = await publish(
      { title: 'Strukturiert', excerpt: 'Für Suchmaschinen.', tags: ['SEO'], imageAlt: 'Ein Bild' },
      { imageUrl: MEDIA_PICTURE },
    );
    const [posting, ...others] = jsonLd(await page('/blog/strukturiert'));
    expect(others).toEqual([]);
    expect(posting).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'Strukturiert',
      description: 'Für Suchmaschinen.',
      datePublished: post.publishedAt,
      dateModified: post.publishedAt,
      author: { '@type': 'Person', name: 'Maria Montessori' },
      image: [`${app().url}/media/AbCdEfGhIjKlMnOpQr-2400x1350/1600.jpg`],
      inLanguage: 'de',
      mainEntityOfPage: { '@type': 'WebPage', '@id': `${app().url}/blog/strukturiert` },
      publisher: { '@type': 'NGO', name: 'SchoolBox e.V.' },
    });
  });

  it('keeps a title that tries to close the JSON-LD script as data', async () => {
    await publish({ title: 'Böse </script><script>alert(1)</script>' });
    const html = await page('/blog/boese-script-script-alert-1-script');
    expect(html).not.toContain('<script>alert(1)');
    const [posting] = jsonLd(html);
    expect(posting?.headline).toBe('Böse </script><script>alert(1)</script>');
  });

  it('without a picture shares the site default image, and other pages stay og:type=website', async () => {
    await publish({ title: 'Ohne Bild' });
    const article = await page('/blog/ohne-bild');
    expect(meta(article, 'og:type')).toBe('article');
    expect(meta(article, 'og:image')).toBe(`${app().url}/images/share-default.png`);
    expect(jsonLd(article)[0]?.image).toEqual([`${app().url}/images/share-default.png`]);

    for (const path of ['/blog', '/project', '/']) {
      const html = await page(path);
      expect(meta(html, 'og:type'), path).toBe('website');
      expect(meta(html, 'og:image'), path).toBe(`${app().url}/images/share-default.png`);
      expect(meta(html, 'twitter:card'), path).toBe('summary_large_image');
    }
  });
});

describe('an article in the page language or its German original', () => {
  it('shows the English version on ?lang=en, with lang="en" and hreflang for de and en only', async () => {
    await publish({ title: 'Zweisprachig', content: 'Deutscher Text.' }, { en: { title: 'Bilingual', content: 'English text.' } });
    const html = await page('/blog/zweisprachig?lang=en');
    const facts = pageFacts(html);
    expect(facts.lang).toBe('en');
    expect(facts.h1).toBe('Bilingual');
    expect(html).toMatch(/<article[^>]*\slang="en"/);
    expect(textOf(html)).toContain('English text.');
    expect(html).not.toContain('data-testid="post-language-note"');
    expect(facts.alternates).toEqual({
      de: `${app().url}/blog/zweisprachig`,
      en: `${app().url}/blog/zweisprachig?lang=en`,
      'x-default': `${app().url}/blog/zweisprachig`,
    });
    expect(jsonLd(html)[0]?.inLanguage).toBe('en');
  });

  it('shows a German-only post on ?lang=en in German with lang="de" and a note in English', async () => {
    await publish({ title: 'Nur auf Deutsch', content: 'Ein deutscher Text.' });
    const html = await page('/blog/nur-auf-deutsch?lang=en');
    const facts = pageFacts(html);
    expect(facts.lang).toBe('en');
    expect(facts.h1).toBe('Nur auf Deutsch');
    expect(html).toMatch(/<article[^>]*\slang="de"/);
    expect(html).toContain('data-testid="post-language-note"');
    expect(textOf(html)).toContain('This post is only available in German');
    expect(facts.alternates).toEqual({ de: `${app().url}/blog/nur-auf-deutsch`, 'x-default': `${app().url}/blog/nur-auf-deutsch` });
  });

  it('lists all three languages of a post that has them, and every language on other pages', async () => {
    await publish({ title: 'Dreisprachig' }, { en: { title: 'Trilingual' }, fr: { title: 'Trilingue' } });
    expect(Object.keys(pageFacts(await page('/blog/dreisprachig?lang=fr')).alternates).sort()).toEqual(['de', 'en', 'fr', 'x-default']);
    expect(Object.keys(pageFacts(await page('/blog')).alternates).sort()).toEqual(['de', 'en', 'fr', 'x-default']);
  });
});

describe('the home page', () => {
  it('names the association as an NGO in JSON-LD', async () => {
    const blocks = jsonLd(await page('/'));
    expect(blocks).toEqual([
      expect.objectContaining({
        '@context': 'https://schema.org',
        '@type': 'NGO',
        name: 'SchoolBox e.V.',
        url: `${app().url}/`,
        logo: `${app().url}/brand/schoolbox-logo-mark.png`,
      }),
    ]);
  });
});

describe('previous and next post', () => {
  it('links the older and the newer published post, titles in the page language', async () => {
    await publish({ title: 'Erster' }, { en: { title: 'First' } });
    await publish({ title: 'Entwurf dazwischen' }, { published: false });
    await publish({ title: 'Zweiter' });
    await publish({ title: 'Dritter' }, { en: { title: 'Third' } });
    const neighbours = (slug: string, lang: 'de' | 'en' = 'de') => blog().asVisitor.blog.neighbours({ slug, lang });

    expect(await neighbours('zweiter', 'en')).toEqual({
      previous: { slug: 'erster', title: 'First', lang: 'en' },
      next: { slug: 'dritter', title: 'Third', lang: 'en' },
    });
    expect(await neighbours('zweiter')).toEqual({
      previous: { slug: 'erster', title: 'Erster', lang: 'de' },
      next: { slug: 'dritter', title: 'Dritter', lang: 'de' },
    });
    expect(await neighbours('erster', 'en')).toEqual({ previous: null, next: { slug: 'zweiter', title: 'Zweiter', lang: 'de' } });
    expect(await neighbours('dritter')).toEqual({ previous: { slug: 'zweiter', title: 'Zweiter', lang: 'de' }, next: null });
    // A draft has no neighbours, and is nobody's neighbour.
    expect(await neighbours('entwurf-dazwischen')).toEqual({ previous: null, next: null });
    expect(await neighbours('gibt-es-nicht')).toEqual({ previous: null, next: null });

    const html = await page('/blog/zweiter?lang=en');
    expect(html).toMatch(/<a[^>]*href="\/blog\/erster\?lang=en"[^>]*rel="prev"|<a[^>]*rel="prev"[^>]*href="\/blog\/erster\?lang=en"/);
    expect(html).toMatch(/<a[^>]*href="\/blog\/dritter\?lang=en"[^>]*rel="next"|<a[^>]*rel="next"[^>]*href="\/blog\/dritter\?lang=en"/);
    expect(textOf(html)).toContain('First');
  });
});

describe("an article's summary, dates, section and author", () => {
  it('is described by the start of its text when it has no excerpt: one line, cut at a word, with "…"', async () => {
    const content = `Erste Zeile des Beitrags.\n\nZweiter Absatz mit  doppelten Leerzeichen und ${'sehr langen Wörtern '.repeat(12)}am Ende.`;
    await publish({ title: 'Ohne Auszug', content });
    const html = await page('/blog/ohne-auszug');
    const description = pageFacts(html).description ?? '';
    expect(description.startsWith('Erste Zeile des Beitrags. Zweiter Absatz mit doppelten Leerzeichen und sehr')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/[a-zäöüß]…$/);
    // Cut after a whole word: what comes before the "…" is a word of the text, followed there by a space.
    const [, lastWord] = /(\S+)…$/.exec(description) ?? [];
    expect(content.replace(/\s+/g, ' ')).toContain(`${lastWord} `);
    expect(meta(html, 'og:description')).toBe(description);
    expect(jsonLd(html)[0]?.description).toBe(description);
  });

  it('names its last change: a save after publication, or the publication of a post scheduled ahead', async () => {
    const edited = await publish({ title: 'Später geändert' });
    const savedAt = new Date(app().clock.now().getTime() + 3 * 60 * MINUTE).toISOString();
    await app().db.updateTable('blog_posts').set({ updated_at: savedAt }).where('id', '=', edited.id).execute();
    const html = await page('/blog/spaeter-geaendert');
    expect(meta(html, 'article:published_time')).toBe(edited.publishedAt);
    expect(meta(html, 'article:modified_time')).toBe(savedAt);
    expect(jsonLd(html)[0]).toMatchObject({ datePublished: edited.publishedAt, dateModified: savedAt });

    const publishAt = new Date(app().clock.now().getTime() + 60 * MINUTE).toISOString();
    const scheduled = await publish({ title: 'Geplant' }, { publishAt });
    expect(scheduled.updatedAt < publishAt).toBe(true);
    app().clock.advance(2 * 60 * MINUTE);
    const later = await page('/blog/geplant');
    expect(jsonLd(later)[0]).toMatchObject({ datePublished: publishAt, dateModified: publishAt });
    expect(meta(later, 'article:modified_time')).toBe(publishAt);
  });

  it("names its category in the post's language and its address as the canonical one", async () => {
    await publish({ title: 'Übersetzt' }, { category: 'Bildung', en: { title: 'Translated' } });
    const english = await page('/blog/uebersetzt?lang=en');
    expect(jsonLd(english)[0]).toMatchObject({
      articleSection: 'Education',
      inLanguage: 'en',
      url: `${app().url}/blog/uebersetzt?lang=en`,
      mainEntityOfPage: { '@id': `${app().url}/blog/uebersetzt?lang=en` },
    });

    // A German-only post on its English address is the German page: its data says so, as its canonical does.
    await publish({ title: 'Nur Deutsch' }, { category: 'Bildung' });
    const fallback = await page('/blog/nur-deutsch?lang=en');
    const canonical = pageFacts(fallback).canonical;
    expect(canonical).toBe(`${app().url}/blog/nur-deutsch`);
    expect(meta(fallback, 'og:url')).toBe(canonical);
    expect(jsonLd(fallback)[0]).toMatchObject({
      articleSection: 'Bildung',
      inLanguage: 'de',
      url: canonical,
      mainEntityOfPage: { '@id': canonical },
    });
  });

  it('has the association or the team as an Organization for its author, anyone else as a Person', async () => {
    await publish({ title: 'Vom Team' }, { author: 'SchoolBox-Team' });
    await publish({ title: 'Vom Verein' }, { author: 'SchoolBox e.V.' });
    await publish({ title: 'Von Maria' });
    expect(jsonLd(await page('/blog/vom-team'))[0]?.author).toEqual({
      '@type': 'Organization',
      name: 'SchoolBox-Team',
      url: `${app().url}/`,
    });
    expect(jsonLd(await page('/blog/vom-verein'))[0]?.author).toMatchObject({ '@type': 'Organization', name: 'SchoolBox e.V.' });
    expect(jsonLd(await page('/blog/von-maria'))[0]?.author).toEqual({ '@type': 'Person', name: 'Maria Montessori' });
  });
});

describe("the home page's NGO data", () => {
  it('carries the configured address, e-mail and phone', async () => {
    const [ngo] = jsonLd(await page('/'));
    const { legal, site } = app().config;
    expect(ngo).toMatchObject({
      '@type': 'NGO',
      email: site.email,
      telephone: site.phone,
      address: {
        '@type': 'PostalAddress',
        streetAddress: legal.street,
        postalCode: legal.postcode,
        addressLocality: legal.city,
        addressCountry: legal.country,
      },
    });
  });
});
