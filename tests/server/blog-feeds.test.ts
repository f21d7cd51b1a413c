/** The machine-readable views of the blog: the RSS feed, the sitemap and robots.txt. */
import { describe, expect, it } from 'vitest';
import { MINUTE, useBlogRuntime } from '../support/blog';
import { startTestApp } from '../support/test-app';
import { TEST_START } from '../support/test-runtime';

const { runtime: app, blog } = useBlogRuntime(startTestApp);

const feed = async () => (await app().request('/blog/rss.xml')).text();
const items = (xml: string) => [...xml.matchAll(/<item>(.*?)<\/item>/gs)].map((match) => match[1] ?? '');

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };
const decodeEntities = (text: string) => text.replace(/&(amp|lt|gt|quot|apos|#39);/g, (_, name: string) => XML_ENTITIES[name] as string);

/** An element's text as an XML parser hands it to a feed reader (CDATA taken as is, entities decoded). */
function xmlText(item: string, tag: string): string {
  const raw = new RegExp(`<${tag}>(.*?)</${tag}>`, 's').exec(item)?.[1];
  if (raw === undefined) throw new Error(`no <${tag}> in ${item}`);
  const cdata = /^<!\[CDATA\[(.*)\]\]>$/s.exec(raw);
  return cdata ? (cdata[1] as string) : decodeEntities(raw);
}

describe('GET /blog/rss.xml', () => {
  it('is RSS 2.0 with the published posts, newest first, and absolute links', async () => {
    const older = await blog().create({
      title: 'Älterer Beitrag',
      content: 'Inhalt',
      published: true,
      category: 'Bildung',
      author: 'Jane & John',
    });
    app().clock.advance(60 * MINUTE);
    const newer = await blog().create({ title: 'Neuer Beitrag', excerpt: 'Die Zusammenfassung', published: true });
    app().clock.advance(MINUTE);
    await blog().create({ title: 'Entwurf' });

    const response = await app().request('/blog/rss.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain(`<link>${app().url}/blog</link>`);
    expect(xml).toContain(`<atom:link href="${app().url}/blog/rss.xml?lang=de" rel="self" type="application/rss+xml"/>`);
    expect(xml.trimEnd().endsWith('</rss>')).toBe(true);

    const [first, second, ...rest] = items(xml);
    expect(rest).toHaveLength(0);
    expect([xmlText(first ?? '', 'link'), xmlText(second ?? '', 'link')]).toEqual([
      `${app().url}/blog/${newer.slug}`,
      `${app().url}/blog/${older.slug}`,
    ]);
    expect(first).toContain(`<guid isPermaLink="true">${app().url}/blog/neuer-beitrag</guid>`);
    expect(xmlText(first ?? '', 'title')).toBe('Neuer Beitrag');
    expect(xmlText(first ?? '', 'description')).toBe('Die Zusammenfassung');
    expect(first).toContain(`<pubDate>${new Date(TEST_START.getTime() + 60 * MINUTE).toUTCString()}</pubDate>`);
    expect(xmlText(second ?? '', 'category')).toBe('Bildung');
    // Without an excerpt the description is the start of the content.
    expect(xmlText(second ?? '', 'description')).toBe('Inhalt');
    expect(xml).not.toContain('Entwurf');
  });

  it('gives a reader that renders the text as HTML no markup: title, summary and author are HTML-escaped', async () => {
    const payload = '<script>alert(1)</script><img src=x onerror="alert(2)"> & ]]> "quoted"';
    await blog().create({ title: `Titel ${payload}`, excerpt: `Kurz ${payload}`, author: `Autor ${payload}`, published: true });
    await blog().create({ title: 'Ohne Auszug', content: `Inhalt ${payload}`, published: true });

    const xml = await feed();
    expect(xml).not.toMatch(/<script|<img/i);
    // What the reader gets is HTML text: no tag can start in it ...
    for (const item of items(xml)) {
      for (const tag of ['title', 'description', 'dc:creator']) expect(xmlText(item, tag), tag).not.toMatch(/</);
    }
    // ... and rendered, it shows exactly what the admin typed, in every place the payload went: the first
    // post's title, summary and author, and the second post's content, which is its summary.
    const itemTitled = (start: string) => items(xml).find((item) => xmlText(item, 'title').startsWith(start)) ?? '';
    const carriers = [
      [itemTitled('Titel'), 'title'],
      [itemTitled('Titel'), 'description'],
      [itemTitled('Titel'), 'dc:creator'],
      [itemTitled('Ohne Auszug'), 'description'],
    ] as const;
    for (const [item, tag] of carriers) expect(decodeEntities(xmlText(item, tag)), tag).toContain(payload);
    const titles = items(xml).map((item) => decodeEntities(xmlText(item, 'title')));
    expect(titles.sort()).toEqual(['Ohne Auszug', `Titel ${payload}`]);
    const descriptions = items(xml).map((item) => decodeEntities(xmlText(item, 'description')));
    expect(descriptions.sort()).toEqual([`Inhalt ${payload}`, `Kurz ${payload}`]);
    const authors = items(xml).map((item) => decodeEntities(xmlText(item, 'dc:creator')));
    expect(authors).toContain(`Autor ${payload}`);
  });

  it('shows a post published after the feed was read at the next read', async () => {
    expect(items(await feed())).toHaveLength(0);
    await blog().create({ title: 'Frisch im Feed', published: true });
    expect(items(await feed()).map((item) => xmlText(item, 'title'))).toEqual(['Frisch im Feed']);
  });

  it('is a valid empty channel without posts', async () => {
    const xml = await feed();
    expect(xml).toContain('<channel>');
    expect(xml).not.toContain('<item>');
  });
});

describe('GET /sitemap.xml and /robots.txt', () => {
  it('lists every published post with its address and date, and no drafts', async () => {
    const a = await blog().create({ title: 'Erster', published: true });
    app().clock.advance(24 * 60 * MINUTE);
    const b = await blog().create({ title: 'Zweiter', published: true });
    await blog().create({ title: 'Dritter Entwurf' });

    const response = await app().request('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    expect(xml).toContain(`<loc>${app().url}/</loc>`);
    expect(xml).toContain(`<loc>${app().url}/blog</loc>`);
    expect(xml).toContain(`<url><loc>${app().url}/blog/${a.slug}</loc><lastmod>2026-03-02</lastmod>`);
    expect(xml).toContain(`<url><loc>${app().url}/blog/${b.slug}</loc><lastmod>2026-03-03</lastmod>`);
    expect(xml).not.toContain('dritter-entwurf');
    expect(xml).not.toContain('/blog-admin');
  });

  it('robots.txt keeps crawlers out of the admin area and names the sitemap', async () => {
    const response = await app().request('/robots.txt');
    expect(response.status).toBe(200);
    const lines = (await response.text()).split('\n');
    expect(lines).toContain('Disallow: /blog-admin');
    expect(lines).toContain(`Sitemap: ${app().url}/sitemap.xml`);
    expect(lines).toContain('User-agent: *');
  });
});

describe('the summary and the picture of a feed item', () => {
  it('summarises a post without an excerpt on one line, cut at a word with "…"', async () => {
    const content = `Erster Satz.\nZweiter Satz mit Zeilenumbruch.\n\n${'Ein langer Absatz mit vielen Wörtern '.repeat(12)}Ende.`;
    await blog().create({ title: 'Langer Text', content, published: true });
    const summary = xmlText(items(await feed())[0] ?? '', 'description');
    expect(summary.startsWith('Erster Satz. Zweiter Satz mit Zeilenumbruch. Ein langer Absatz')).toBe(true);
    expect(summary).not.toMatch(/\n/);
    expect(summary.length).toBeLessThanOrEqual(300);
    expect(summary).toMatch(/(?:Ein|langer|Absatz|mit|vielen|Wörtern)…$/);
  });

  it('carries an uploaded picture as Media RSS, absolute, with its type and size; no other picture', async () => {
    await blog().create({ title: 'Mit Foto', published: true, imageUrl: '/media/AbCdEfGhIjKlMnOpQr-2400x1350', imageAlt: 'Ein Foto' });
    app().clock.advance(MINUTE);
    await blog().create({ title: 'Gezeichnet', published: true, imageUrl: '/images/blog/solar.svg', imageAlt: 'Eine Zeichnung' });
    app().clock.advance(MINUTE);
    await blog().create({ title: 'Ohne Bild', published: true });
    const xml = await feed();
    expect(xml).toContain('xmlns:media="http://search.yahoo.com/mrss/"');
    const [none, drawn, photo] = items(xml);
    expect(photo).toContain(
      `<media:content url="${app().url}/media/AbCdEfGhIjKlMnOpQr-2400x1350/1600.jpg" type="image/jpeg" medium="image" width="1600" height="900"/>`,
    );
    expect(drawn).not.toContain('<media:content');
    expect(none).not.toContain('<media:content');
  });
});

describe('conditional and compressed answers', () => {
  for (const path of ['/blog/rss.xml?lang=en', '/sitemap.xml']) {
    it(`${path} answers 304 to a client that has it, until the blog changes, and comes compressed`, async () => {
      await blog().create({ title: 'Schon da', published: true });
      const first = await app().request(path);
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag');
      expect(etag).toBeTruthy();
      expect(first.headers.get('cache-control')).toBe('public, max-age=300');
      expect(first.headers.get('vary')).toMatch(/accept-encoding/i);

      const again = await app().request(path, { headers: { 'if-none-match': etag ?? '' } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');

      const compressed = await app().request(path, { headers: { 'accept-encoding': 'gzip' } });
      expect(compressed.headers.get('content-encoding')).toBe('gzip');
      expect(await compressed.text()).toBe(await (await app().request(path)).text());

      await blog().create({ title: 'Neu dazu', published: true });
      const changed = await app().request(path, { headers: { 'if-none-match': etag ?? '' } });
      expect(changed.status).toBe(200);
      expect(await changed.text()).toContain('neu-dazu');
    });
  }
});

describe('the last change of a post in the sitemap', () => {
  it('is its publication when it was scheduled ahead, and a later save when there was one', async () => {
    // Saved on 2 March, public on 5 March.
    const scheduled = await blog().create({ title: 'Geplant', published: true, publishAt: '2026-03-05T08:00:00Z' });
    const edited = await blog().create({ title: 'Bearbeitet', published: true });
    await app().db.updateTable('blog_posts').set({ updated_at: '2026-03-07T12:00:00.000Z' }).where('id', '=', edited.id).execute();
    app().clock.set(new Date('2026-03-08T10:00:00Z'));
    const xml = await (await app().request('/sitemap.xml')).text();
    expect(xml).toContain(`<url><loc>${app().url}/blog/${scheduled.slug}</loc><lastmod>2026-03-05</lastmod>`);
    expect(xml).toContain(`<url><loc>${app().url}/blog/${edited.slug}</loc><lastmod>2026-03-07</lastmod>`);
  });
});
