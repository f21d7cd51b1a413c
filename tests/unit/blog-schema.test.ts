import { describe, expect, it } from 'vitest';
import { slugify, uniqueSlug } from '@server/blog/slug';
import { BLOG_LIMITS, DEFAULT_BLOG_CATEGORY } from '@shared/constants';
import { blogListSchema, blogPostInputSchema, normalizeTags, slugSchema, type BlogPostValues } from '@shared/schemas/blog';
import { PICTURE_URL_WITH_CREDENTIALS } from '@shared/media';
import { SKIPPED_WALL_TIME } from '@shared/team-wall-time';

const valid = { title: 'Titel', content: 'Inhalt' };

// The German text's fields: these tests write a post flat, as it was before posts had languages; nest()
// puts them where the form sends them (translations.de) and flat() takes the checked German text back out.
const TEXT_FIELDS = ['title', 'excerpt', 'content', 'tags', 'imageAlt'];

function nest(input: unknown): unknown {
  if (typeof input !== 'object' || input === null) return input;
  const entries = Object.entries(input);
  const de = Object.fromEntries(entries.filter(([key]) => TEXT_FIELDS.includes(key)));
  return { ...Object.fromEntries(entries.filter(([key]) => !TEXT_FIELDS.includes(key))), translations: { de } };
}

function flat(values: BlogPostValues) {
  const { translations, ...shared } = values;
  return { ...shared, ...translations.de };
}

/** The top-level fields a failed parse names (a German text field by its own name). */
function failedFields(input: unknown): string[] {
  const result = blogPostInputSchema.safeParse(nest(input));
  if (result.success) throw new Error(`expected a failure, got ${JSON.stringify(result.data)}`);
  return [...new Set(result.error.issues.map((issue) => String(issue.path[0] === 'translations' ? issue.path[2] : issue.path[0])))];
}

function parsed(input: unknown) {
  const result = blogPostInputSchema.safeParse(nest(input));
  if (!result.success) throw new Error(`expected success, got ${JSON.stringify(result.error.issues)}`);
  return flat(result.data);
}

describe('normalizeTags', () => {
  it('splits a comma separated string, trims, drops empty ones and duplicates, keeping first order', () => {
    expect(normalizeTags('a, b,, c , a')).toEqual(['a', 'b', 'c']);
    expect(normalizeTags(' Solar ,Technik,Solar')).toEqual(['Solar', 'Technik']);
  });

  it('gives an empty list for an empty or blank string or only commas', () => {
    expect(normalizeTags('')).toEqual([]);
    expect(normalizeTags('   ')).toEqual([]);
    expect(normalizeTags(' , ,, ')).toEqual([]);
  });

  it('normalizes an array the same way and does not split its items at commas', () => {
    expect(normalizeTags([' x ', '', 'x', 'y', '  '])).toEqual(['x', 'y']);
    expect(normalizeTags(['a, b'])).toEqual(['a, b']);
    expect(normalizeTags([])).toEqual([]);
  });

  it('treats tags that differ in case as different tags', () => {
    expect(normalizeTags('Solar, solar')).toEqual(['Solar', 'solar']);
  });
});

describe('blogPostInputSchema', () => {
  it('fills in the defaults for a minimal post', () => {
    expect(parsed(valid)).toEqual({
      title: 'Titel',
      excerpt: null,
      content: 'Inhalt',
      author: null,
      category: DEFAULT_BLOG_CATEGORY,
      tags: [],
      imageUrl: null,
      imageAlt: null,
      published: false,
      publishAt: null,
      featured: false,
    });
    expect(DEFAULT_BLOG_CATEGORY).toBe('Entwicklung');
  });

  it('trims title, content, excerpt and author', () => {
    const values = parsed({ title: '  Titel  ', content: '\n Inhalt \n', excerpt: '  Kurz  ', author: ' Ada Lovelace ' });
    expect(values.title).toBe('Titel');
    expect(values.content).toBe('Inhalt');
    expect(values.excerpt).toBe('Kurz');
    expect(values.author).toBe('Ada Lovelace');
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '   '],
  ])('refuses a %s title or content', (_, value) => {
    expect(failedFields({ content: 'Inhalt', title: value })).toEqual(['title']);
    expect(failedFields({ title: 'Titel', content: value })).toEqual(['content']);
  });

  it('accepts a title of exactly 200 characters and refuses 201', () => {
    expect(BLOG_LIMITS.title).toBe(200);
    expect(parsed({ ...valid, title: 't'.repeat(200) }).title).toHaveLength(200);
    expect(failedFields({ ...valid, title: 't'.repeat(201) })).toEqual(['title']);
  });

  it('limits excerpt and author length', () => {
    expect(parsed({ ...valid, excerpt: 'e'.repeat(500) }).excerpt).toHaveLength(500);
    expect(failedFields({ ...valid, excerpt: 'e'.repeat(501) })).toEqual(['excerpt']);
    expect(parsed({ ...valid, author: 'a'.repeat(100) }).author).toHaveLength(100);
    expect(failedFields({ ...valid, author: 'a'.repeat(101) })).toEqual(['author']);
  });

  it('limits the content to 50 000 characters', () => {
    expect(parsed({ ...valid, content: 'c'.repeat(50_000) }).content).toHaveLength(50_000);
    expect(failedFields({ ...valid, content: 'c'.repeat(50_001) })).toEqual(['content']);
  });

  it.each([[''], ['   '], [null], [undefined]])('turns excerpt, author and imageUrl %j into null', (value) => {
    const values = parsed({ ...valid, excerpt: value, author: value, imageUrl: value });
    expect(values.excerpt).toBeNull();
    expect(values.author).toBeNull();
    expect(values.imageUrl).toBeNull();
  });

  it('accepts only the known categories', () => {
    expect(parsed({ ...valid, category: 'Bildung' }).category).toBe('Bildung');
    expect(failedFields({ ...valid, category: 'Sport' })).toEqual(['category']);
    expect(failedFields({ ...valid, category: 'bildung' })).toEqual(['category']);
  });

  it('normalizes tags given as a string or as an array', () => {
    expect(parsed({ ...valid, tags: 'a, b,, c , a' }).tags).toEqual(['a', 'b', 'c']);
    expect(parsed({ ...valid, tags: [' a', 'b ', 'a', ''] }).tags).toEqual(['a', 'b']);
  });

  it('allows ten tags, refuses eleven, and counts after removing duplicates', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `t${i}`);
    expect(parsed({ ...valid, tags: ten.join(',') }).tags).toEqual(ten);
    expect(failedFields({ ...valid, tags: [...ten, 't10'].join(',') })).toEqual(['tags']);
    expect(failedFields({ ...valid, tags: [...ten, 't10'] })).toEqual(['tags']);
    // Twelve entries, but only ten different ones.
    expect(parsed({ ...valid, tags: [...ten, 't0', ' t1 '].join(',') }).tags).toEqual(ten);
  });

  it('allows a tag of 40 characters and refuses 41 (counted after trimming)', () => {
    expect(parsed({ ...valid, tags: `  ${'x'.repeat(40)}  ` }).tags).toEqual(['x'.repeat(40)]);
    expect(failedFields({ ...valid, tags: `ok, ${'x'.repeat(41)}` })).toEqual(['tags']);
  });

  it('refuses tags of the wrong type', () => {
    expect(failedFields({ ...valid, tags: 5 })).toEqual(['tags']);
    expect(failedFields({ ...valid, tags: [1, 2] })).toEqual(['tags']);
  });

  it.each([
    ['https://example.org/bild.png', 'https://example.org/bild.png'],
    ['/images/blog/solar.svg', '/images/blog/solar.svg'],
    ['  /images/blog/pilot.svg  ', '/images/blog/pilot.svg'],
    [
      'https://cdn.example.org/bilder/2026/pilot_(1).jpg?w=800&h=600#top',
      'https://cdn.example.org/bilder/2026/pilot_(1).jpg?w=800&h=600#top',
    ],
    ['https://example.org:8443/bild.png', 'https://example.org:8443/bild.png'],
    ['/images/blog/bild%20mit%20leerzeichen.svg', '/images/blog/bild%20mit%20leerzeichen.svg'],
  ])('accepts the image address %j', (input, expected) => {
    expect(parsed({ ...valid, imageUrl: input, imageAlt: 'Ein Bild' }).imageUrl).toBe(expected);
  });

  it.each([
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    ['ftp://x'],
    ['data:image/png;base64,AAAA'],
    ['//evil.example/bild.png'],
    ['/\\evil.example/bild.png'],
    ['http://example.org/bild.png'], // the site's CSP loads pictures over https only
    ['images/blog/solar.svg'],
    ['/images/mit leerzeichen.svg'],
    ['https://'],
    // A URL parser reads these as https://evil.test/…: not an address anyone typed on purpose.
    ['https:evil.test'],
    ['https:/evil.test/bild.png'],
    ['HTTPS:evil.test'],
    // Quotes, angle brackets and backticks could end the HTML attribute the address is put into.
    ['https://example.org/bild.png" onerror="alert(1)'],
    ["https://example.org/bild.png'onerror='alert(1)"],
    ['https://example.org/<script>.png'],
    ['https://example.org/`x`.png'],
    ['/images/blog/solar.svg" onerror="alert(1)'],
    ["/images/it's.svg"],
    // Spaces and other whitespace inside the address.
    ['https://example.org/mit leerzeichen.png'],
    ['https://ex ample.org/bild.png'],
    ['https://example.org/bild.png\tx'],
    // Not a host name.
    ['https://localhost/bild.png'],
    ['https://evil'],
    ['https://.org/bild.png'],
    // Control characters: NUL (which PostgreSQL refuses), ESC, DEL, NEL.
    ['https://example.org/bild\u0000.png'],
    ['https://example.org/bild.png\u001b[2K'],
    ['/images/blog/solar\u0000.svg'],
    ['/images/blog/solar.svg\u007f'],
    ['https://example.org/\u0085bild.png'],
    // A user name or password: a secret in every page that shows the picture.
    ['https://user:pass@example.org/bild.png'],
    ['https://user@example.org/bild.png'],
    ['https://:pass@example.org/bild.png'],
    ['https://@example.org/bild.png'],
  ])('refuses the image address %j', (input) => {
    expect(failedFields({ ...valid, imageUrl: input, imageAlt: 'Ein Bild' })).toEqual(['imageUrl']);
  });

  it('says when an image address is refused for its user name or password', () => {
    for (const imageUrl of ['https://user:pass@example.org/bild.png', '  https://user@cdn.example.org/a.jpg']) {
      const issues = blogPostInputSchema.safeParse(nest({ ...valid, imageUrl, imageAlt: 'Ein Bild' })).error?.issues ?? [];
      expect(issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['imageUrl', PICTURE_URL_WITH_CREDENTIALS]]);
    }
    // An @ further on is no user name: in the path, the query or the fragment.
    for (const imageUrl of ['https://example.org/@team/bild.png', 'https://example.org/bild.png?by=a@b', '/images/@2x/solar.svg']) {
      expect(parsed({ ...valid, imageUrl, imageAlt: 'Ein Bild' }).imageUrl).toBe(imageUrl);
    }
  });

  it('refuses an image address longer than 2048 characters', () => {
    expect(failedFields({ ...valid, imageUrl: `https://example.org/${'a'.repeat(2048)}`, imageAlt: 'Ein Bild' })).toEqual(['imageUrl']);
  });

  it('takes published and featured only as booleans', () => {
    expect(parsed({ ...valid, published: true, featured: true })).toMatchObject({ published: true, featured: true });
    expect(failedFields({ ...valid, published: 'true' })).toEqual(['published']);
    expect(failedFields({ ...valid, featured: 1 })).toEqual(['featured']);
  });

  it("reads a published post's time (a wall time as Berlin time, an instant, empty: at once) and drops a draft's", () => {
    expect(parsed({ ...valid, published: true, publishAt: '2026-12-01T10:00' }).publishAt).toBe('2026-12-01T09:00:00.000Z');
    expect(parsed({ ...valid, published: true, publishAt: '2026-12-01T10:00:00+02:00' }).publishAt).toBe('2026-12-01T08:00:00.000Z');
    expect(parsed({ ...valid, published: true, publishAt: '' }).publishAt).toBeNull();
    // A draft has no such time (blog/schedule.ts): a readable one is dropped, an unreadable one not refused.
    expect(parsed({ ...valid, published: false, publishAt: '2026-12-01T10:00' }).publishAt).toBeNull();
    expect(parsed({ ...valid, publishAt: '2027-03-28T02:30' }).publishAt).toBeNull();
    expect(parsed({ ...valid, publishAt: 'gestern' }).publishAt).toBeNull();
  });

  it("refuses a published post's unreadable time at publishAt, beside the form's other mistakes", () => {
    const skipped = { ...valid, title: '', published: true, publishAt: '2027-03-28T02:30' };
    expect(failedFields(skipped)).toEqual(['title', 'publishAt']);
    const issues = blogPostInputSchema.safeParse(nest(skipped)).error?.issues ?? [];
    expect(issues.filter((issue) => issue.path[0] === 'publishAt').map((issue) => [issue.path, issue.code, issue.message])).toEqual([
      [['publishAt'], 'custom', SKIPPED_WALL_TIME],
    ]);
    expect(failedFields({ ...valid, published: true, publishAt: 'gestern' })).toEqual(['publishAt']);
    expect(failedFields({ ...valid, published: true, publishAt: '2027-02-30T10:00' })).toEqual(['publishAt']);
    // Not text at all: refused for a draft too, as every field of the wrong type.
    expect(failedFields({ ...valid, published: false, publishAt: 42 })).toEqual(['publishAt']);
  });
});

describe('blogListSchema', () => {
  it('accepts no filter, a known category and a cursor, and refuses an unknown category', () => {
    expect(blogListSchema.parse({})).toEqual({ lang: 'de' });
    expect(blogListSchema.parse({ category: 'Bildung', cursor: null, lang: 'en' })).toEqual({
      category: 'Bildung',
      cursor: null,
      lang: 'en',
    });
    expect(blogListSchema.safeParse({ lang: 'es' }).success).toBe(false);
    expect(blogListSchema.safeParse({ category: 'Alle' }).success).toBe(false);
    expect(blogListSchema.safeParse({ cursor: 'c'.repeat(201) }).success).toBe(false);
  });
});

describe('slugify', () => {
  it.each([
    ['Über Größe', 'ueber-groesse'],
    ['ÄÖÜ äöü ß', 'aeoeue-aeoeue-ss'],
    ['Über 90 Schüler: Unser Pilot!', 'ueber-90-schueler-unser-pilot'],
    ['15 kW auf dem Dach: So versorgt sich die SchoolBox selbst', '15-kw-auf-dem-dach-so-versorgt-sich-die-schoolbox-selbst'],
  ])('transliterates German: %j → %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it.each([
    ['Café Crème à la carte', 'cafe-creme-a-la-carte'],
    ['Élève naïve Ñandú', 'eleve-naive-nandu'],
  ])('drops accents: %j → %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it.each([
    ['Hallo!!! -- Welt???', 'hallo-welt'],
    ['  --Start--  ', 'start'],
    ['a/b\\c_d.e', 'a-b-c-d-e'],
    ['Tabs\tand\nnewlines', 'tabs-and-newlines'],
    ['Spenden: 100 % für Kinder', 'spenden-100-fuer-kinder'],
  ])('collapses punctuation and spaces into single dashes: %j → %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('cuts at 80 characters', () => {
    expect(slugify('x'.repeat(100))).toBe('x'.repeat(80));
    expect(slugify('Ä'.repeat(50))).toBe('ae'.repeat(40));
  });

  it('does not end in a dash after cutting', () => {
    // The 80th character would be the dash between the words.
    const slug = slugify(`${'a'.repeat(79)} bcd`);
    expect(slug).toBe('a'.repeat(79));
    const longWords = slugify('Ein sehr langer Titel mit vielen Wörtern, der weit über die erlaubte Länge einer Adresse hinausgeht');
    expect(longWords.length).toBeLessThanOrEqual(80);
    expect(longWords).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(longWords.startsWith('ein-sehr-langer-titel-mit-vielen-woertern-der-weit-ueber-die-erlaubte')).toBe(true);
  });

  it.each([[''], ['   '], ['🎉🚀'], ['!!! ???'], ['—']])('falls back to "beitrag" for %j', (title) => {
    expect(slugify(title)).toBe('beitrag');
  });

  it('keeps digits and lower-cases letters', () => {
    expect(slugify('SchoolBox 2026')).toBe('schoolbox-2026');
  });
});

describe('uniqueSlug', () => {
  it('returns the base when it is free', () => {
    expect(uniqueSlug('post', new Set())).toBe('post');
    expect(uniqueSlug('post', new Set(['post-2']))).toBe('post');
  });

  it('counts up from 2 to the first free number', () => {
    expect(uniqueSlug('post', new Set(['post']))).toBe('post-2');
    expect(uniqueSlug('post', new Set(['post', 'post-2', 'post-3']))).toBe('post-4');
    expect(uniqueSlug('post', new Set(['post', 'post-3']))).toBe('post-2');
  });

  it('is not confused by other slugs that start with the base', () => {
    expect(uniqueSlug('post', new Set(['post', 'post-neu', 'post-2-alt', 'post-22']))).toBe('post-2');
  });
});

describe('slugSchema', () => {
  it('passes a slug on, and makes anything else that names no post null', () => {
    expect(slugSchema.parse({ slug: 'lernen-unter-der-sonne' })).toEqual({ slug: 'lernen-unter-der-sonne', lang: 'de' });
    for (const slug of ['', 'ÄÖÜ', 'Lernen unter der Sonne', '../etc', 'x'.repeat(121)]) {
      expect(slugSchema.parse({ slug }).slug, JSON.stringify(slug)).toBeNull();
    }
  });

  it.each([['\u0000'], ['a\u0000b'], ['\u0000\u0001\u001f'], ['post\u001b[2K'], ['post\u0085'], ['post\u2028']])(
    'refuses the slug %j: a control character is a bad request, not an address',
    (slug) => {
      expect(slugSchema.safeParse({ slug }).success).toBe(false);
    },
  );
});
