import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoContentOnFirstStart, seedDemoPosts } from '@server/blog/seed';
import type { AdminPost, BlogPostInput, PublicPost } from '@shared/schemas/blog';
import { createUser, signIn } from '../support/accounts';
import { trpcMutation, trpcQuery } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';

type PublicList = { featured: PublicPost | null; posts: PublicPost[]; nextCursor: string | null };

const MINUTE = 60_000;
const START = new Date('2026-03-02T10:00:00Z');

let app: TestApp;
let cookie: string;
let adminId: string;

beforeEach(async () => {
  app = await startTestApp();
  const admin = await createUser(app, { admin: true, firstName: 'Maria', lastName: 'Montessori' });
  adminId = admin.user.id;
  cookie = await signIn(app, admin.email, admin.password);
});
afterEach(() => app.close());

const input = (change: Partial<BlogPostInput> = {}): BlogPostInput => ({ title: 'Ein Beitrag', content: 'Der Inhalt des Beitrags.', ...change });

/** An admin mutation over HTTP (with the admin's cookie unless another is given). */
const admin = (path: string, body: unknown, as = cookie) => trpcMutation(app.url, `blog.${path}`, body, { cookie: as });

async function create(change: Partial<BlogPostInput> = {}, as = cookie): Promise<AdminPost> {
  const { status, body } = await admin('create', input(change), as);
  if (status !== 200) throw new Error(`create failed: ${status} ${JSON.stringify(body)}`);
  return body.result?.data as AdminPost;
}

async function ok<T>(path: string, body: unknown): Promise<T> {
  const response = await admin(path, body);
  if (response.status !== 200) throw new Error(`${path} failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.result?.data as T;
}

async function list(query: { category?: string; cursor?: string | null } = {}): Promise<PublicList> {
  const { status, body } = await trpcQuery(app.url, 'blog.list', query);
  if (status !== 200) throw new Error(`list failed: ${status} ${JSON.stringify(body)}`);
  return body.result?.data as PublicList;
}

async function listAll(): Promise<AdminPost[]> {
  const { status, body } = await trpcQuery(app.url, 'blog.listAll', undefined, { cookie });
  expect(status).toBe(200);
  return body.result?.data as AdminPost[];
}

/** Every page of the public list, following nextCursor. */
async function allPages(category?: string): Promise<PublicList[]> {
  const pages: PublicList[] = [];
  let cursor: string | null = null;
  do {
    const page = await list({ category, cursor });
    pages.push(page);
    cursor = page.nextCursor;
    if (pages.length > 10) throw new Error('pagination does not end');
  } while (cursor);
  return pages;
}

const bySlug = (slug: string) => trpcQuery(app.url, 'blog.bySlug', { slug });
const ids = (posts: Array<{ id: string }>) => posts.map((post) => post.id);
const row = (id: string) => app.db.selectFrom('blog_posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('blog.create', () => {
  it('stores a draft with the defaults: unpublished, not featured, "Entwicklung", the admin as author', async () => {
    const post = await create();
    expect(post).toMatchObject({
      title: 'Ein Beitrag',
      slug: 'ein-beitrag',
      content: 'Der Inhalt des Beitrags.',
      excerpt: null,
      author: 'Maria Montessori',
      category: 'Entwicklung',
      tags: [],
      imageUrl: null,
      featured: false,
      published: false,
      publishedAt: null,
      createdAt: START.toISOString(),
      updatedAt: START.toISOString(),
    });
    const stored = await row(post.id);
    expect(stored.user_id).toBe(adminId);
    expect(stored.published).toBe(0);
    expect(stored.featured).toBe(0);
    expect(stored.published_at).toBeNull();
    expect(stored.tags).toBe('[]');
  });

  it('falls back to "Admin" as author when the admin has no name', async () => {
    const nameless = await createUser(app, { admin: true, firstName: '', lastName: '' });
    const post = await create({}, await signIn(app, nameless.email, nameless.password));
    expect(post.author).toBe('Admin');
    expect((await row(post.id)).user_id).toBe(nameless.user.id);
  });

  it('uses only the name that exists when the other is empty', async () => {
    const half = await createUser(app, { admin: true, firstName: 'Ada', lastName: '' });
    const post = await create({}, await signIn(app, half.email, half.password));
    expect(post.author).toBe('Ada');
  });

  it('keeps an explicit author, trimmed; a blank author means the admin', async () => {
    expect((await create({ author: '  Gastautorin Jane  ' })).author).toBe('Gastautorin Jane');
    expect((await create({ author: '   ' })).author).toBe('Maria Montessori');
  });

  it('records the saving admin as user_id', async () => {
    const other = await createUser(app, { admin: true, firstName: 'Grace', lastName: 'Hopper' });
    const otherCookie = await signIn(app, other.email, other.password);
    const mine = await create({ title: 'Meiner' });
    const theirs = await create({ title: 'Ihrer' }, otherCookie);
    expect((await row(mine.id)).user_id).toBe(adminId);
    expect((await row(theirs.id)).user_id).toBe(other.user.id);
    expect(theirs.author).toBe('Grace Hopper');
  });

  it('turns an empty or blank excerpt and an empty image address into null', async () => {
    const empty = await create({ excerpt: '', imageUrl: '' });
    expect(empty.excerpt).toBeNull();
    expect(empty.imageUrl).toBeNull();
    const blank = await create({ excerpt: '  ', imageUrl: '   ' });
    expect(blank.excerpt).toBeNull();
    expect(blank.imageUrl).toBeNull();
    expect((await row(blank.id)).excerpt).toBeNull();
    expect((await create({ excerpt: '  Kurz gesagt  ' })).excerpt).toBe('Kurz gesagt');
  });

  it('accepts a site path and an https address as image', async () => {
    expect((await create({ imageUrl: '/images/blog/solar.svg' })).imageUrl).toBe('/images/blog/solar.svg');
    expect((await create({ imageUrl: 'https://cdn.example.org/bild.jpg' })).imageUrl).toBe('https://cdn.example.org/bild.jpg');
  });

  it.each([['javascript:alert(1)'], ['ftp://x'], ['//evil.example/x.png']])('refuses the image address %j with a field error', async (imageUrl) => {
    const { status, body } = await admin('create', input({ imageUrl }));
    expect(status).toBe(400);
    expect(body.error?.data.appCode).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.error?.data.fieldErrors ?? {})).toEqual(['imageUrl']);
    expect(await app.db.selectFrom('blog_posts').select('id').execute()).toHaveLength(0);
  });

  it('normalizes tags: "a, b,, c , a" → [a, b, c]', async () => {
    const post = await create({ tags: 'a, b,, c , a' });
    expect(post.tags).toEqual(['a', 'b', 'c']);
    expect((await row(post.id)).tags).toBe('["a","b","c"]');
    expect((await create({ tags: [' x', 'y ', 'x'] })).tags).toEqual(['x', 'y']);
  });

  it.each([
    ['eleven tags', Array.from({ length: 11 }, (_, i) => `tag${i}`).join(', ')],
    ['a tag of 41 characters', `kurz, ${'t'.repeat(41)}`],
  ])('refuses %s', async (_, tags) => {
    const { status, body } = await admin('create', input({ tags }));
    expect(status).toBe(400);
    expect(Object.keys(body.error?.data.fieldErrors ?? {})).toEqual(['tags']);
    expect(await app.db.selectFrom('blog_posts').select('id').execute()).toHaveLength(0);
  });

  it('accepts exactly ten tags of 40 characters', async () => {
    const tags = Array.from({ length: 10 }, (_, i) => `${i}`.padEnd(40, 'x'));
    expect((await create({ tags })).tags).toEqual(tags);
  });

  it.each([
    ['title', { title: '' }],
    ['title', { title: '   ' }],
    ['title', { title: 't'.repeat(201) }],
    ['content', { content: '' }],
    ['content', { content: ' \n ' }],
  ])('refuses a bad %s with a field error', async (field, change) => {
    const { status, body } = await admin('create', input(change));
    expect(status).toBe(400);
    expect(body.error?.data.appCode).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.error?.data.fieldErrors ?? {})).toEqual([field]);
  });

  it('refuses a post without title and content, naming both fields', async () => {
    const { status, body } = await admin('create', { category: 'Bildung' });
    expect(status).toBe(400);
    expect(Object.keys(body.error?.data.fieldErrors ?? {}).sort()).toEqual(['content', 'title']);
  });

  it('accepts a title of exactly 200 characters', async () => {
    expect((await create({ title: 't'.repeat(200) })).title).toHaveLength(200);
  });

  it('stores content with a script tag verbatim and bySlug returns it as text', async () => {
    const content = '<script>alert(1)</script>\n<p onclick="x()">Hallo & "Welt"</p>';
    const post = await create({ title: 'Skript', content, published: true });
    expect((await row(post.id)).content).toBe(content);
    const { status, body } = await bySlug(post.slug);
    expect(status).toBe(200);
    expect((body.result?.data as PublicPost).content).toBe(content);
  });
});

describe('blog procedures are for admins only', () => {
  it('refuses a signed-out visitor (401) and a signed-in non-admin (403)', async () => {
    const member = await createUser(app);
    const memberCookie = await signIn(app, member.email, member.password);
    const anonymous = await trpcMutation(app.url, 'blog.create', input());
    expect(anonymous.status).toBe(401);
    const notAdmin = await trpcMutation(app.url, 'blog.create', input(), { cookie: memberCookie });
    expect(notAdmin.status).toBe(403);
    expect((await trpcQuery(app.url, 'blog.listAll', undefined, { cookie: memberCookie })).status).toBe(403);
    expect(await app.db.selectFrom('blog_posts').select('id').execute()).toHaveLength(0);
  });
});

describe('slugs', () => {
  it('transliterates German characters', async () => {
    expect((await create({ title: 'Über Größe' })).slug).toBe('ueber-groesse');
    expect((await create({ title: 'Schöne Grüße aus Köln!' })).slug).toBe('schoene-gruesse-aus-koeln');
  });

  it('keeps slugs unique: the same title twice gives x and x-2, a third time x-3', async () => {
    const first = await create({ title: 'Gleicher Titel' });
    const second = await create({ title: 'Gleicher Titel' });
    const third = await create({ title: 'Gleicher  Titel!' });
    expect([first.slug, second.slug, third.slug]).toEqual(['gleicher-titel', 'gleicher-titel-2', 'gleicher-titel-3']);
  });

  it('follows the title while the post was never published', async () => {
    const post = await create({ title: 'Erster Entwurf' });
    const renamed = await ok<AdminPost>('update', { id: post.id, data: input({ title: 'Zweiter Entwurf' }) });
    expect(renamed.slug).toBe('zweiter-entwurf');
    // Saving again with the same title does not count its own slug as taken.
    const same = await ok<AdminPost>('update', { id: post.id, data: input({ title: 'Zweiter Entwurf', content: 'Neu' }) });
    expect(same.slug).toBe('zweiter-entwurf');
    // Another post's slug is taken.
    await create({ title: 'Belegt' });
    expect((await ok<AdminPost>('update', { id: post.id, data: input({ title: 'Belegt' }) })).slug).toBe('belegt-2');
  });

  it('stays stable once published, even after unpublishing and retitling', async () => {
    const post = await create({ title: 'Alter Titel' });
    await ok('setPublished', { id: post.id, value: true });
    const retitled = await ok<AdminPost>('update', { id: post.id, data: input({ title: 'Neuer Titel', published: true }) });
    expect(retitled.slug).toBe('alter-titel');
    expect(retitled.title).toBe('Neuer Titel');

    await ok('setPublished', { id: post.id, value: false });
    const draftAgain = await ok<AdminPost>('update', { id: post.id, data: input({ title: 'Ganz anderer Titel' }) });
    expect(draftAgain.published).toBe(false);
    expect(draftAgain.slug).toBe('alter-titel');
    expect((await row(post.id)).slug).toBe('alter-titel');
  });

  it('is stable for a post created as published', async () => {
    const post = await create({ title: 'Sofort online', published: true });
    const updated = await ok<AdminPost>('update', { id: post.id, data: input({ title: 'Umbenannt', published: true }) });
    expect(updated.slug).toBe('sofort-online');
    expect((await bySlug('sofort-online')).status).toBe(200);
    expect((await bySlug('umbenannt')).status).toBe(404);
  });
});

describe('published_at', () => {
  it('is set when the post is first published with setPublished, and kept through unpublish and re-publish', async () => {
    const post = await create();
    expect(post.publishedAt).toBeNull();

    app.clock.advance(60 * MINUTE);
    const published = await ok<AdminPost>('setPublished', { id: post.id, value: true });
    const firstPublication = new Date(START.getTime() + 60 * MINUTE).toISOString();
    expect(published.published).toBe(true);
    expect(published.publishedAt).toBe(firstPublication);
    expect(published.updatedAt).toBe(firstPublication);

    app.clock.advance(60 * MINUTE);
    const unpublished = await ok<AdminPost>('setPublished', { id: post.id, value: false });
    expect(unpublished.published).toBe(false);
    expect(unpublished.publishedAt).toBe(firstPublication);

    app.clock.advance(60 * MINUTE);
    const again = await ok<AdminPost>('setPublished', { id: post.id, value: true });
    expect(again.published).toBe(true);
    expect(again.publishedAt).toBe(firstPublication);
    expect(again.updatedAt).toBe(new Date(START.getTime() + 180 * MINUTE).toISOString());
    expect((await row(post.id)).published_at).toBe(firstPublication);
  });

  it('is set by create with published: true', async () => {
    app.clock.advance(5 * MINUTE);
    const post = await create({ published: true });
    expect(post.published).toBe(true);
    expect(post.publishedAt).toBe(new Date(START.getTime() + 5 * MINUTE).toISOString());
  });

  it('is set by update when publishing, and kept by later updates', async () => {
    const post = await create();
    app.clock.advance(10 * MINUTE);
    const published = await ok<AdminPost>('update', { id: post.id, data: input({ published: true }) });
    const at = new Date(START.getTime() + 10 * MINUTE).toISOString();
    expect(published.publishedAt).toBe(at);
    app.clock.advance(10 * MINUTE);
    expect((await ok<AdminPost>('update', { id: post.id, data: input({ published: false }) })).publishedAt).toBe(at);
    app.clock.advance(10 * MINUTE);
    expect((await ok<AdminPost>('update', { id: post.id, data: input({ published: true }) })).publishedAt).toBe(at);
  });

  it('stays null while a draft is edited or its flags change', async () => {
    const post = await create();
    app.clock.advance(MINUTE);
    await ok('update', { id: post.id, data: input({ title: 'Anders' }) });
    await ok('setFeatured', { id: post.id, value: true });
    await ok('setPublished', { id: post.id, value: false });
    expect((await row(post.id)).published_at).toBeNull();
  });
});

describe('blog.list', () => {
  it('shows only published posts, newest publication first (not creation order)', async () => {
    const a = await create({ title: 'A' });
    app.clock.advance(MINUTE);
    const b = await create({ title: 'B' });
    app.clock.advance(MINUTE);
    const c = await create({ title: 'C' });
    app.clock.advance(MINUTE);
    await create({ title: 'Entwurf' });

    app.clock.advance(MINUTE);
    await ok('setPublished', { id: c.id, value: true });
    app.clock.advance(MINUTE);
    await ok('setPublished', { id: a.id, value: true });
    app.clock.advance(MINUTE);
    await ok('setPublished', { id: b.id, value: true });

    const page = await list();
    expect(page.featured).toBeNull();
    expect(page.posts.map((post) => post.title)).toEqual(['B', 'A', 'C']);
    expect(page.nextCursor).toBeNull();
    expect(page.posts[0]?.publishedAt).toBe(new Date(START.getTime() + 6 * MINUTE).toISOString());
    // The public shape has no admin fields.
    expect(page.posts[0]).not.toHaveProperty('published');
    expect(page.posts[0]).not.toHaveProperty('createdAt');
  });

  it('is empty without published posts', async () => {
    await create({ title: 'Nur ein Entwurf', featured: true });
    expect(await list()).toEqual({ featured: null, posts: [], nextCursor: null });
  });

  it('returns the newest published featured post as `featured` on the first page, not in `posts`', async () => {
    const olderFeatured = await create({ title: 'Älter hervorgehoben', featured: true, published: true });
    app.clock.advance(MINUTE);
    const newerFeatured = await create({ title: 'Neuer hervorgehoben', featured: true, published: true });
    app.clock.advance(MINUTE);
    const draftFeatured = await create({ title: 'Entwurf hervorgehoben', featured: true });
    app.clock.advance(MINUTE);
    const normal = await create({ title: 'Normal', published: true });

    const page = await list();
    expect(page.featured?.id).toBe(newerFeatured.id);
    expect(page.featured?.featured).toBe(true);
    expect(ids(page.posts)).toEqual([normal.id, olderFeatured.id]);
    expect(ids(page.posts)).not.toContain(draftFeatured.id);

    // Un-featuring the newest makes the older one the featured post.
    await ok('setFeatured', { id: newerFeatured.id, value: false });
    const after = await list();
    expect(after.featured?.id).toBe(olderFeatured.id);
    expect(ids(after.posts)).toEqual([normal.id, newerFeatured.id]);
  });

  it('never features an unpublished post, even the newest featured one', async () => {
    const published = await create({ title: 'Veröffentlicht', published: true });
    app.clock.advance(MINUTE);
    const draft = await create({ title: 'Entwurf', featured: true });
    const page = await list();
    expect(page.featured).toBeNull();
    expect(ids(page.posts)).toEqual([published.id]);

    // Featured, published, then unpublished again: gone from the list and from `featured`.
    await ok('setPublished', { id: draft.id, value: true });
    expect((await list()).featured?.id).toBe(draft.id);
    await ok('setPublished', { id: draft.id, value: false });
    expect(await list()).toEqual({ featured: null, posts: [expect.objectContaining({ id: published.id })], nextCursor: null });
  });

  it('filters by category, and the featured post respects the filter', async () => {
    const bildungFeatured = await create({ title: 'Bildung hervorgehoben', category: 'Bildung', featured: true, published: true });
    app.clock.advance(MINUTE);
    const bildung = await create({ title: 'Bildung normal', category: 'Bildung', published: true });
    app.clock.advance(MINUTE);
    const entwicklungFeatured = await create({ title: 'Entwicklung hervorgehoben', featured: true, published: true });
    app.clock.advance(MINUTE);
    await create({ title: 'Bildung Entwurf', category: 'Bildung' });
    const team = await create({ title: 'Team', category: 'Team', published: true });

    const filtered = await list({ category: 'Bildung' });
    expect(filtered.featured?.id).toBe(bildungFeatured.id);
    expect(ids(filtered.posts)).toEqual([bildung.id]);
    expect([filtered.featured, ...filtered.posts].every((post) => post?.category === 'Bildung')).toBe(true);

    const all = await list();
    expect(all.featured?.id).toBe(entwicklungFeatured.id);
    expect(ids(all.posts)).toEqual([team.id, bildung.id, bildungFeatured.id]);

    // A category without a featured post has none.
    const teamOnly = await list({ category: 'Team' });
    expect(teamOnly.featured).toBeNull();
    expect(ids(teamOnly.posts)).toEqual([team.id]);
    expect(await list({ category: 'Fundraising' })).toEqual({ featured: null, posts: [], nextCursor: null });
  });

  it('refuses an unknown category with 400', async () => {
    const { status, body } = await trpcQuery(app.url, 'blog.list', { category: 'Sport' });
    expect(status).toBe(400);
    expect(body.error?.data.fieldErrors).toHaveProperty('category');
  });

  it('pages 20 published posts as 9 + 9 + 2 without duplicates or gaps', async () => {
    const created: AdminPost[] = [];
    for (let i = 0; i < 20; i++) {
      created.push(await create({ title: `Beitrag ${i}`, published: true }));
      app.clock.advance(MINUTE);
    }
    await create({ title: 'Entwurf dazwischen' });

    const [first, second, third, ...rest] = await allPages();
    expect(rest).toHaveLength(0);
    expect(first?.posts).toHaveLength(9);
    expect(first?.nextCursor).toEqual(expect.any(String));
    expect(second?.posts).toHaveLength(9);
    expect(second?.nextCursor).toEqual(expect.any(String));
    expect(third?.posts).toHaveLength(2);
    expect(third?.nextCursor).toBeNull();
    expect(second?.featured).toBeNull();

    const seen = [...ids(first?.posts ?? []), ...ids(second?.posts ?? []), ...ids(third?.posts ?? [])];
    expect(seen).toEqual(ids(created).reverse());
  });

  it('pages correctly when many posts share the same publication time', async () => {
    const earlier = await create({ title: 'Früher', published: true });
    app.clock.advance(MINUTE);
    const sameTime: AdminPost[] = [];
    for (let i = 0; i < 17; i++) sameTime.push(await create({ title: `Gleichzeitig ${i}`, published: true }));
    app.clock.advance(MINUTE);
    const later = await create({ title: 'Später', published: true });
    expect(new Set(sameTime.map((post) => post.publishedAt)).size).toBe(1);

    const pages = await allPages();
    expect(pages.map((page) => page.posts.length)).toEqual([9, 9, 1]);
    const seen = pages.flatMap((page) => ids(page.posts));
    expect(new Set(seen).size).toBe(19);
    expect(seen[0]).toBe(later.id);
    expect(seen.at(-1)).toBe(earlier.id);
    // Ties are broken by id, descending, so the order is total and stable.
    expect(seen.slice(1, 18)).toEqual(ids(sameTime).sort().reverse());
    expect(new Set(seen)).toEqual(new Set([earlier.id, later.id, ...ids(sameTime)]));
  });

  it('keeps the featured post out of every page', async () => {
    const posts: AdminPost[] = [];
    for (let i = 0; i < 20; i++) {
      posts.push(await create({ title: `Beitrag ${i}`, published: true, featured: i === 7 }));
      app.clock.advance(MINUTE);
    }
    const pages = await allPages();
    expect(pages[0]?.featured?.id).toBe(posts[7]?.id);
    expect(pages.slice(1).every((page) => page.featured === null)).toBe(true);
    expect(pages.map((page) => page.posts.length)).toEqual([9, 9, 1]);
    const seen = pages.flatMap((page) => ids(page.posts));
    expect(seen).toEqual(ids(posts.filter((_, i) => i !== 7)).reverse());
  });

  it('pages within a category', async () => {
    const bildung: AdminPost[] = [];
    for (let i = 0; i < 12; i++) {
      bildung.push(await create({ title: `Bildung ${i}`, category: 'Bildung', published: true }));
      await create({ title: `Team ${i}`, category: 'Team', published: true });
      app.clock.advance(MINUTE);
    }
    const pages = await allPages('Bildung');
    expect(pages.map((page) => page.posts.length)).toEqual([9, 3]);
    expect(pages.flatMap((page) => ids(page.posts))).toEqual(ids(bildung).reverse());
  });

  it('answers a garbage cursor with 400', async () => {
    await create({ published: true });
    for (const cursor of ['garbage!!', 'bm90LWpzb24', Buffer.from('[1,2]').toString('base64url')]) {
      const { status, body } = await trpcQuery(app.url, 'blog.list', { cursor });
      expect(status, cursor).toBe(400);
      expect(body.error?.data.appCode).toBe('VALIDATION_FAILED');
    }
  });
});

describe('blog.bySlug', () => {
  it('returns a published post with its content', async () => {
    const post = await create({ title: 'Lesbar', content: 'Voller Text', excerpt: 'Kurz', tags: 'x, y', published: true });
    const { status, body } = await bySlug('lesbar');
    expect(status).toBe(200);
    expect(body.result?.data).toEqual({
      id: post.id,
      slug: 'lesbar',
      title: 'Lesbar',
      excerpt: 'Kurz',
      content: 'Voller Text',
      author: 'Maria Montessori',
      category: 'Entwicklung',
      tags: ['x', 'y'],
      imageUrl: null,
      featured: false,
      publishedAt: START.toISOString(),
    });
  });

  it('answers 404 NOT_FOUND for a draft and for an unknown slug', async () => {
    await create({ title: 'Geheim' });
    for (const slug of ['geheim', 'gibt-es-nicht']) {
      const { status, body } = await bySlug(slug);
      expect(status, slug).toBe(404);
      expect(body.error?.data.code).toBe('NOT_FOUND');
      expect(body.error?.data.appCode).toBe('NOT_FOUND');
      expect(JSON.stringify(body)).not.toContain('Der Inhalt des Beitrags');
    }
  });
});

describe('an unpublished post never reaches anything public', () => {
  it('is absent from list, bySlug, RSS, sitemap and its page answers 404', async () => {
    const draft = await create({ title: 'Geheimer Entwurf', content: 'Streng geheimer Inhalt', featured: true });
    const published = await create({ title: 'Öffentlicher Beitrag', excerpt: 'Für alle', published: true });
    expect(draft.slug).toBe('geheimer-entwurf');
    expect(published.slug).toBe('oeffentlicher-beitrag');

    const page = await list();
    expect(page.featured).toBeNull();
    expect(ids(page.posts)).toEqual([published.id]);
    expect((await bySlug(draft.slug)).status).toBe(404);

    const rss = await (await app.request('/blog/rss.xml')).text();
    expect(rss).toContain('Öffentlicher Beitrag');
    expect(rss).not.toContain('Geheimer Entwurf');
    expect(rss).not.toContain('geheimer-entwurf');
    expect(rss).not.toContain('Streng geheimer');

    const sitemap = await (await app.request('/sitemap.xml')).text();
    expect(sitemap).toContain(`<loc>${app.url}/blog/oeffentlicher-beitrag</loc>`);
    expect(sitemap).not.toContain('geheimer-entwurf');

    const draftPage = await app.request(`/blog/${draft.slug}`);
    expect(draftPage.status).toBe(404);
    expect(await draftPage.text()).not.toContain('Geheimer Entwurf');

    const publicPage = await app.request(`/blog/${published.slug}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(publicPage.status).toBe(200);
    expect(publicPage.headers.get('content-type')).toContain('text/html');
    const html = await publicPage.text();
    expect(html).toContain('<title>Öffentlicher Beitrag · SchoolBox</title>');
    expect(html).toContain('<div id="root"></div>');
  });

  it('disappears everywhere when unpublished again', async () => {
    const post = await create({ title: 'Kurz online', published: true });
    expect((await app.request('/blog/kurz-online')).status).toBe(200);
    await ok('setPublished', { id: post.id, value: false });

    expect((await list()).posts).toEqual([]);
    expect((await bySlug('kurz-online')).status).toBe(404);
    expect(await (await app.request('/blog/rss.xml')).text()).not.toContain('kurz-online');
    expect(await (await app.request('/sitemap.xml')).text()).not.toContain('kurz-online');
    expect((await app.request('/blog/kurz-online')).status).toBe(404);
  });

  it('answers 404 for an unknown post page and 200 for the trailing-slash form of a known one', async () => {
    await create({ title: 'Mit Schrägstrich', published: true });
    expect((await app.request('/blog/gibt-es-nicht')).status).toBe(404);
    expect((await app.request('/blog/mit-schraegstrich/')).status).toBe(200);
    expect((await app.request('/blog')).status).toBe(200);
  });

  it('escapes the post title in the page <title>', async () => {
    await create({ title: 'Fett <b>&"', published: true });
    const response = await app.request('/blog/fett-b');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>Fett &lt;b&gt;&amp;&quot; · SchoolBox</title>');
    expect(html).not.toContain('<b>&');
  });

  // Fails today: src-server/blog/pages.ts calls decodeURIComponent on a path Hono already decoded, and
  // a malformed escape throws URIError, which app.onError turns into a 500 (see the report).
  it('answers a malformed percent-encoded post address with 404, not a server error', async () => {
    for (const path of ['/blog/%E0%A4%A', '/blog/%ZZ']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
    }
    expect(app.logs.filter((line) => line.level === 'error')).toEqual([]);
  });
});

describe('GET /blog/rss.xml', () => {
  it('is RSS 2.0 with the published posts, newest first, absolute links and escaped titles', async () => {
    const older = await create({ title: 'Fett <b>&"', content: 'Inhalt', published: true, category: 'Bildung', author: 'Jane & John' });
    app.clock.advance(60 * MINUTE);
    const newer = await create({ title: 'Neuer Beitrag', excerpt: 'Die Zusammenfassung', published: true });
    app.clock.advance(MINUTE);
    await create({ title: 'Entwurf' });

    const response = await app.request('/blog/rss.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain('<channel>');
    expect(xml).toContain(`<link>${app.url}/blog</link>`);
    expect(xml).toContain(`<atom:link href="${app.url}/blog/rss.xml" rel="self" type="application/rss+xml"/>`);
    expect(xml.trimEnd().endsWith('</rss>')).toBe(true);

    const items = [...xml.matchAll(/<item>(.*?)<\/item>/gs)].map((match) => match[1] ?? '');
    expect(items).toHaveLength(2);
    const links = items.map((item) => /<link>(.*?)<\/link>/.exec(item)?.[1]);
    expect(links).toEqual([`${app.url}/blog/${newer.slug}`, `${app.url}/blog/${older.slug}`]);
    expect(items[0]).toContain(`<guid isPermaLink="true">${app.url}/blog/neuer-beitrag</guid>`);
    expect(items[0]).toContain('<description>Die Zusammenfassung</description>');
    expect(items[0]).toContain(`<pubDate>${new Date(START.getTime() + 60 * MINUTE).toUTCString()}</pubDate>`);

    expect(items[1]).toContain('<title>Fett &lt;b&gt;&amp;&quot;</title>');
    expect(items[1]).toContain('<dc:creator>Jane &amp; John</dc:creator>');
    expect(items[1]).toContain('<category>Bildung</category>');
    // Without an excerpt the description is the start of the content.
    expect(items[1]).toContain('<description>Inhalt</description>');
    expect(xml).not.toContain('<b>');
    expect(xml).not.toContain('Entwurf');
  });

  it('is a valid empty channel without posts', async () => {
    const xml = await (await app.request('/blog/rss.xml')).text();
    expect(xml).toContain('<channel>');
    expect(xml).not.toContain('<item>');
  });
});

describe('GET /sitemap.xml and /robots.txt', () => {
  it('lists the home page, the blog and every published post with absolute addresses', async () => {
    const a = await create({ title: 'Erster', published: true });
    app.clock.advance(24 * 60 * MINUTE);
    const b = await create({ title: 'Zweiter', published: true });
    await create({ title: 'Dritter Entwurf' });

    const response = await app.request('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(`<loc>${app.url}/</loc>`);
    expect(xml).toContain(`<loc>${app.url}/blog</loc>`);
    expect(xml).toContain(`<url><loc>${app.url}/blog/${a.slug}</loc><lastmod>2026-03-02</lastmod></url>`);
    expect(xml).toContain(`<url><loc>${app.url}/blog/${b.slug}</loc><lastmod>2026-03-03</lastmod></url>`);
    expect(xml).not.toContain('dritter-entwurf');
    expect(xml).not.toContain('/blog-admin');
    expect([...xml.matchAll(/<loc>/g)]).toHaveLength(5);
  });

  it('robots.txt keeps crawlers out of the admin area and names the sitemap', async () => {
    const response = await app.request('/robots.txt');
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text.split('\n')).toContain('Disallow: /blog-admin');
    expect(text.split('\n')).toContain(`Sitemap: ${app.url}/sitemap.xml`);
    expect(text.split('\n')).toContain('User-agent: *');
  });
});

describe('admin procedures', () => {
  it('listAll returns drafts too, newest created first, with admin fields', async () => {
    const first = await create({ title: 'Erster', published: true });
    app.clock.advance(MINUTE);
    const second = await create({ title: 'Zweiter' });
    app.clock.advance(MINUTE);
    const third = await create({ title: 'Dritter', featured: true });
    // Publishing the oldest later does not move it: the order is by creation.
    app.clock.advance(MINUTE);
    await ok('setPublished', { id: second.id, value: true });

    const all = await listAll();
    expect(ids(all)).toEqual([third.id, second.id, first.id]);
    expect(all.map((post) => post.published)).toEqual([false, true, true]);
    expect(all[0]).toMatchObject({ title: 'Dritter', featured: true, publishedAt: null, createdAt: new Date(START.getTime() + 2 * MINUTE).toISOString() });
  });

  it('setFeatured switches the flag and records the time and admin', async () => {
    const post = await create({ published: true });
    app.clock.advance(MINUTE);
    const featured = await ok<AdminPost>('setFeatured', { id: post.id, value: true });
    expect(featured.featured).toBe(true);
    expect(featured.updatedAt).toBe(new Date(START.getTime() + MINUTE).toISOString());
    expect((await row(post.id)).user_id).toBe(adminId);
    expect((await list()).featured?.id).toBe(post.id);
    expect((await ok<AdminPost>('setFeatured', { id: post.id, value: false })).featured).toBe(false);
    expect((await list()).featured).toBeNull();
  });

  it('update replaces the fields', async () => {
    const post = await create({ title: 'Vorher', tags: 'a', excerpt: 'alt', imageUrl: '/images/blog/pilot.svg' });
    app.clock.advance(MINUTE);
    const updated = await ok<AdminPost>('update', {
      id: post.id,
      data: input({ title: 'Nachher', content: 'Neu', tags: 'b, c', excerpt: '', imageUrl: '', category: 'Team', author: 'Gast' }),
    });
    expect(updated).toMatchObject({
      id: post.id,
      title: 'Nachher',
      content: 'Neu',
      tags: ['b', 'c'],
      excerpt: null,
      imageUrl: null,
      category: 'Team',
      author: 'Gast',
      createdAt: START.toISOString(),
      updatedAt: new Date(START.getTime() + MINUTE).toISOString(),
    });
  });

  it('update refuses invalid data with 400', async () => {
    const post = await create();
    const { status } = await admin('update', { id: post.id, data: input({ imageUrl: 'javascript:alert(1)' }) });
    expect(status).toBe(400);
    expect((await row(post.id)).image_url).toBeNull();
  });

  it.each([
    ['update', { id: 'unknown-id', data: input() }],
    ['setPublished', { id: 'unknown-id', value: true }],
    ['setFeatured', { id: 'unknown-id', value: true }],
    ['delete', { id: 'unknown-id' }],
  ])('%s on an unknown id answers 404 NOT_FOUND', async (path, body) => {
    const { status, body: answer } = await admin(path, body);
    expect(status).toBe(404);
    expect(answer.error?.data.code).toBe('NOT_FOUND');
    expect(answer.error?.data.appCode).toBe('NOT_FOUND');
    expect(await app.db.selectFrom('blog_posts').select('id').execute()).toHaveLength(0);
  });

  it('delete removes the post from listAll, the public list and its address', async () => {
    const keep = await create({ title: 'Bleibt', published: true });
    const gone = await create({ title: 'Weg', published: true, featured: true });
    expect((await list()).featured?.id).toBe(gone.id);

    expect(await ok('delete', { id: gone.id })).toEqual({ ok: true });
    expect(ids(await listAll())).toEqual([keep.id]);
    const page = await list();
    expect(page.featured).toBeNull();
    expect(ids(page.posts)).toEqual([keep.id]);
    expect((await bySlug('weg')).status).toBe(404);
    expect((await app.request('/blog/weg')).status).toBe(404);

    // Deleting twice: the second time there is nothing to delete.
    expect((await admin('delete', { id: gone.id })).status).toBe(404);
    // The freed slug can be used again.
    expect((await create({ title: 'Weg' })).slug).toBe('weg');
  });
});

describe('demo content seed', () => {
  const count = async () => (await app.db.selectFrom('blog_posts').select('id').execute()).length;

  it('fills an empty blog once; a second call and a call after deleting everything add nothing', async () => {
    expect(await count()).toBe(0);
    expect(await seedDemoContentOnFirstStart(app.db, app.clock.now())).toBe(6);
    expect(await count()).toBe(6);
    const marker = await app.db.selectFrom('app_state').selectAll().where('key', '=', 'demo_content_seeded').executeTakeFirst();
    expect(marker?.value).toBe(START.toISOString());

    expect(await seedDemoContentOnFirstStart(app.db, app.clock.now())).toBe(0);
    expect(await count()).toBe(6);

    await app.db.deleteFrom('blog_posts').execute();
    expect(await seedDemoContentOnFirstStart(app.db, app.clock.now())).toBe(0);
    expect(await count()).toBe(0);
  });

  it('publishes the demo posts with their own dates and the pilot project as featured', async () => {
    await seedDemoContentOnFirstStart(app.db, app.clock.now());
    const page = await list();
    expect(page.featured?.slug).toBe('die-erste-schoolbox-steht-unser-pilotprojekt');
    expect(page.posts).toHaveLength(5);
    expect(page.posts[0]?.slug).toBe('von-der-idee-zum-container-unser-projektplan');
    expect(page.posts.map((post) => post.publishedAt)).toEqual([...page.posts.map((post) => post.publishedAt)].sort().reverse());
    expect(page.posts.every((post) => post.author === 'SchoolBox-Team')).toBe(true);
    const stored = await app.db.selectFrom('blog_posts').select(['user_id', 'published']).execute();
    expect(stored.every((post) => post.user_id === null && post.published === 1)).toBe(true);
  });

  it('does not seed an installation that already has a post, but remembers that it ran', async () => {
    await create({ title: 'Eigener Beitrag' });
    expect(await seedDemoContentOnFirstStart(app.db, app.clock.now())).toBe(0);
    expect(await count()).toBe(1);
    await app.db.deleteFrom('blog_posts').execute();
    expect(await seedDemoContentOnFirstStart(app.db, app.clock.now())).toBe(0);
    expect(await count()).toBe(0);
  });

  it('seedDemoPosts adds only the missing demo posts', async () => {
    expect(await seedDemoPosts(app.db, app.clock.now())).toBe(6);
    expect(await seedDemoPosts(app.db, app.clock.now())).toBe(0);
    await app.db
      .deleteFrom('blog_posts')
      .where('slug', 'in', ['die-erste-schoolbox-steht-unser-pilotprojekt', 'gemeinsam-staerker-unsere-ersten-partner'])
      .execute();
    expect(await count()).toBe(4);
    expect(await seedDemoPosts(app.db, app.clock.now())).toBe(2);
    expect(await count()).toBe(6);
    const slugs = (await app.db.selectFrom('blog_posts').select('slug').execute()).map((post) => post.slug);
    expect(new Set(slugs).size).toBe(6);
  });
});
