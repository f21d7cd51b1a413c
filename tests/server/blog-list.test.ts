/** The public blog: published posts only, the featured one first, category filter, pages and one post by its address. */
import { describe, expect, it } from 'vitest';
import type { AdminPost } from '@shared/schemas/blog';
import { ids, MINUTE, useBlogRuntime } from '../support/blog';
import { failureOf } from '../support/caller';
import { TEST_START } from '../support/test-runtime';

const { runtime, blog } = useBlogRuntime();

const advance = (ms = MINUTE) => runtime().clock.advance(ms);
const setPublished = (id: string, value: boolean) => blog().asAdmin.blog.setPublished({ id, value });

describe('blog.list', () => {
  it('shows only published posts, newest publication first (not creation order)', async () => {
    const a = await blog().create({ title: 'A' });
    advance();
    const b = await blog().create({ title: 'B' });
    advance();
    const c = await blog().create({ title: 'C' });
    advance();
    await blog().create({ title: 'Entwurf' });

    advance();
    await setPublished(c.id, true);
    advance();
    await setPublished(a.id, true);
    advance();
    await setPublished(b.id, true);

    const page = await blog().list();
    expect(page.featured).toBeNull();
    expect(page.posts.map((post) => post.title)).toEqual(['B', 'A', 'C']);
    expect(page.nextCursor).toBeNull();
    expect(page.posts[0]?.publishedAt).toBe(new Date(TEST_START.getTime() + 6 * MINUTE).toISOString());
    // The public shape has no admin fields.
    expect(page.posts[0]).not.toHaveProperty('published');
    expect(page.posts[0]).not.toHaveProperty('createdAt');
  });

  it('carries each post without its text, which blog.bySlug answers', async () => {
    const post = await blog().create({ title: 'Mit Text', content: 'Der ganze lange Text', excerpt: 'Kurz', published: true });
    await blog().create({ title: 'Oben', content: 'Text des Hauptbeitrags', published: true, featured: true });
    const page = await blog().list();
    expect(page.posts).toEqual([expect.objectContaining({ id: post.id, title: 'Mit Text', excerpt: 'Kurz' })]);
    expect(page.featured).toEqual(expect.objectContaining({ title: 'Oben' }));
    for (const shown of [page.featured, ...page.posts]) expect(shown).not.toHaveProperty('content');
    expect(await blog().asVisitor.blog.bySlug({ slug: 'mit-text' })).toMatchObject({ content: 'Der ganze lange Text' });
  });

  it('is empty without published posts', async () => {
    await blog().create({ title: 'Nur ein Entwurf', featured: true });
    expect(await blog().list()).toEqual({ featured: null, posts: [], nextCursor: null, categories: [] });
  });

  it('returns the newest published featured post as `featured` on the first page, not in `posts`', async () => {
    const olderFeatured = await blog().create({ title: 'Älter hervorgehoben', featured: true, published: true });
    advance();
    const newerFeatured = await blog().create({ title: 'Neuer hervorgehoben', featured: true, published: true });
    advance();
    const draftFeatured = await blog().create({ title: 'Entwurf hervorgehoben', featured: true });
    advance();
    const normal = await blog().create({ title: 'Normal', published: true });

    const page = await blog().list();
    expect(page.featured?.id).toBe(newerFeatured.id);
    expect(page.featured?.featured).toBe(true);
    expect(ids(page.posts)).toEqual([normal.id, olderFeatured.id]);
    expect(ids(page.posts)).not.toContain(draftFeatured.id);

    // Un-featuring the newest makes the older one the featured post.
    await blog().asAdmin.blog.setFeatured({ id: newerFeatured.id, value: false });
    const after = await blog().list();
    expect(after.featured?.id).toBe(olderFeatured.id);
    expect(ids(after.posts)).toEqual([normal.id, newerFeatured.id]);
  });

  it('never features an unpublished post, even the newest featured one', async () => {
    const published = await blog().create({ title: 'Veröffentlicht', published: true });
    advance();
    const draft = await blog().create({ title: 'Entwurf', featured: true });
    const page = await blog().list();
    expect(page.featured).toBeNull();
    expect(ids(page.posts)).toEqual([published.id]);

    // Featured, published, then unpublished again: gone from the list and from `featured`.
    await setPublished(draft.id, true);
    expect((await blog().list()).featured?.id).toBe(draft.id);
    await setPublished(draft.id, false);
    expect(await blog().list()).toMatchObject({ featured: null, posts: [expect.objectContaining({ id: published.id })], nextCursor: null });
  });

  it('filters by category, and the featured post respects the filter', async () => {
    const bildungFeatured = await blog().create({ title: 'Bildung hervorgehoben', category: 'Bildung', featured: true, published: true });
    advance();
    const bildung = await blog().create({ title: 'Bildung normal', category: 'Bildung', published: true });
    advance();
    const entwicklungFeatured = await blog().create({ title: 'Entwicklung hervorgehoben', featured: true, published: true });
    advance();
    await blog().create({ title: 'Bildung Entwurf', category: 'Bildung' });
    const team = await blog().create({ title: 'Team', category: 'Team', published: true });

    const filtered = await blog().list({ category: 'Bildung' });
    expect(filtered.featured?.id).toBe(bildungFeatured.id);
    expect(ids(filtered.posts)).toEqual([bildung.id]);
    expect([filtered.featured, ...filtered.posts].every((post) => post?.category === 'Bildung')).toBe(true);

    const all = await blog().list();
    expect(all.featured?.id).toBe(entwicklungFeatured.id);
    expect(ids(all.posts)).toEqual([team.id, bildung.id, bildungFeatured.id]);

    // A category without a featured post has none.
    const teamOnly = await blog().list({ category: 'Team' });
    expect(teamOnly.featured).toBeNull();
    expect(ids(teamOnly.posts)).toEqual([team.id]);
    expect(await blog().list({ category: 'Fundraising' })).toMatchObject({ featured: null, posts: [], nextCursor: null });
  });

  it('refuses an unknown category with 400 and a field error', async () => {
    // @ts-expect-error: not one of the categories
    const failure = await failureOf(blog().asVisitor.blog.list({ category: 'Sport' }));
    expect(failure.httpStatus).toBe(400);
    expect(failure.fieldErrors).toHaveProperty('category');
  });

  it('pages 20 published posts as 9 + 9 + 2 without duplicates or gaps', async () => {
    const created: AdminPost[] = [];
    for (let i = 0; i < 20; i++) {
      created.push(await blog().create({ title: `Beitrag ${i}`, published: true }));
      advance();
    }
    await blog().create({ title: 'Entwurf dazwischen' });

    const [first, second, third, ...rest] = await blog().allPages();
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
    const earlier = await blog().create({ title: 'Früher', published: true });
    advance();
    const sameTime: AdminPost[] = [];
    for (let i = 0; i < 17; i++) sameTime.push(await blog().create({ title: `Gleichzeitig ${i}`, published: true }));
    advance();
    const later = await blog().create({ title: 'Später', published: true });
    expect(new Set(sameTime.map((post) => post.publishedAt)).size).toBe(1);

    const pages = await blog().allPages();
    expect(pages.map((page) => page.posts.length)).toEqual([9, 9, 1]);
    const seen = pages.flatMap((page) => ids(page.posts));
    expect(new Set(seen).size).toBe(19);
    expect(seen[0]).toBe(later.id);
    expect(seen.at(-1)).toBe(earlier.id);
    // Ties are broken by id, descending, so the order is total and stable.
    expect(seen.slice(1, 18)).toEqual(ids(sameTime).sort().reverse());
  });

  it('keeps the featured post out of every page', async () => {
    const posts: AdminPost[] = [];
    for (let i = 0; i < 20; i++) {
      posts.push(await blog().create({ title: `Beitrag ${i}`, published: true, featured: i === 7 }));
      advance();
    }
    const pages = await blog().allPages();
    expect(pages[0]?.featured?.id).toBe(posts[7]?.id);
    expect(pages.slice(1).every((page) => page.featured === null)).toBe(true);
    expect(pages.map((page) => page.posts.length)).toEqual([9, 9, 1]);
    expect(pages.flatMap((page) => ids(page.posts))).toEqual(ids(posts.filter((_, i) => i !== 7)).reverse());
  });

  it('pages within a category', async () => {
    const bildung: AdminPost[] = [];
    for (let i = 0; i < 12; i++) {
      bildung.push(await blog().create({ title: `Bildung ${i}`, category: 'Bildung', published: true }));
      await blog().create({ title: `Team ${i}`, category: 'Team', published: true });
      advance();
    }
    const pages = await blog().allPages('Bildung');
    expect(pages.map((page) => page.posts.length)).toEqual([9, 3]);
    expect(pages.flatMap((page) => ids(page.posts))).toEqual(ids(bildung).reverse());
  });

  it('answers a garbage cursor with 400 VALIDATION_FAILED', async () => {
    await blog().create({ published: true });
    for (const cursor of ['garbage!!', 'bm90LWpzb24', Buffer.from('[1,2]').toString('base64url')]) {
      expect(await failureOf(blog().list({ cursor })), cursor).toMatchObject({ httpStatus: 400, appCode: 'VALIDATION_FAILED' });
    }
  });
});

describe('blog.bySlug', () => {
  it('returns a published post with its content', async () => {
    const post = await blog().create({ title: 'Lesbar', content: 'Voller Text', excerpt: 'Kurz', tags: 'x, y', published: true });
    expect(await blog().asVisitor.blog.bySlug({ slug: 'lesbar' })).toEqual({
      id: post.id,
      slug: 'lesbar',
      lang: 'de',
      languages: ['de'],
      title: 'Lesbar',
      excerpt: 'Kurz',
      content: 'Voller Text',
      author: 'Maria Montessori',
      category: 'Entwicklung',
      tags: ['x', 'y'],
      imageUrl: null,
      imageAlt: null,
      featured: false,
      publishedAt: TEST_START.toISOString(),
      modifiedAt: TEST_START.toISOString(),
    });
  });

  it('answers null for a draft and for an unknown slug, revealing nothing of the draft', async () => {
    await blog().create({ title: 'Geheim' });
    for (const slug of ['geheim', 'gibt-es-nicht']) expect(await blog().asVisitor.blog.bySlug({ slug }), slug).toBeNull();
  });
});
