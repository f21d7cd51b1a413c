/** The admin's procedures: the full list with drafts, featuring, editing and deleting posts. */
import { describe, expect, it } from 'vitest';
import { ids, MINUTE, postInput, useBlogRuntime } from '../support/blog';
import { failureOf } from '../support/caller';
import { TEST_START } from '../support/test-runtime';

const { runtime, blog } = useBlogRuntime();

const at = (minutes: number) => new Date(TEST_START.getTime() + minutes * MINUTE).toISOString();
const countPosts = async () => (await runtime().db.selectFrom('blog_posts').select('id').execute()).length;

describe('admin procedures', () => {
  it('listAll returns drafts too, newest created first, with admin fields', async () => {
    const first = await blog().create({ title: 'Erster', published: true });
    runtime().clock.advance(MINUTE);
    const second = await blog().create({ title: 'Zweiter' });
    runtime().clock.advance(MINUTE);
    const third = await blog().create({ title: 'Dritter', featured: true });
    // Publishing the oldest later does not move it: the order is by creation.
    runtime().clock.advance(MINUTE);
    await blog().asAdmin.blog.setPublished({ id: second.id, value: true });

    const all = await blog().asAdmin.blog.listAll();
    expect(ids(all)).toEqual([third.id, second.id, first.id]);
    expect(all.map((post) => post.published)).toEqual([false, true, true]);
    expect(all[0]).toMatchObject({ title: 'Dritter', featured: true, publishedAt: null, createdAt: at(2) });
  });

  it('setFeatured switches the flag and records the time and admin', async () => {
    const post = await blog().create({ published: true });
    runtime().clock.advance(MINUTE);
    const featured = await blog().asAdmin.blog.setFeatured({ id: post.id, value: true });
    expect(featured.featured).toBe(true);
    expect(featured.updatedAt).toBe(at(1));
    expect((await blog().row(post.id)).user_id).toBe(blog().admin.id);
    expect((await blog().list()).featured?.id).toBe(post.id);
    expect((await blog().asAdmin.blog.setFeatured({ id: post.id, value: false })).featured).toBe(false);
    expect((await blog().list()).featured).toBeNull();
  });

  it('update replaces the fields', async () => {
    const post = await blog().create({ title: 'Vorher', tags: 'a', excerpt: 'alt', imageUrl: '/images/blog/pilot.svg', imageAlt: 'Pilot' });
    runtime().clock.advance(MINUTE);
    const updated = await blog().asAdmin.blog.update({
      id: post.id,
      version: post.version,
      data: postInput({ title: 'Nachher', content: 'Neu', tags: 'b, c', excerpt: '', imageUrl: '', category: 'Team', author: 'Gast' }),
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
      createdAt: TEST_START.toISOString(),
      updatedAt: at(1),
    });
  });

  it('update refuses invalid data with 400 and changes nothing', async () => {
    const post = await blog().create();
    const failure = await failureOf(blog().update(post.id, postInput({ imageUrl: 'javascript:alert(1)' })));
    expect(failure.httpStatus).toBe(400);
    expect((await blog().row(post.id)).image_url).toBeNull();
  });

  it.each([
    ['update', () => blog().asAdmin.blog.update({ id: 'unknown-id', version: 1, data: postInput() })],
    ['setPublished', () => blog().asAdmin.blog.setPublished({ id: 'unknown-id', value: true })],
    ['setFeatured', () => blog().asAdmin.blog.setFeatured({ id: 'unknown-id', value: true })],
    ['delete', () => blog().asAdmin.blog.delete({ id: 'unknown-id' })],
  ])('%s on an unknown id answers 404 NOT_FOUND', async (_, call) => {
    expect(await failureOf(call())).toMatchObject({ code: 'NOT_FOUND', httpStatus: 404, appCode: 'NOT_FOUND' });
    expect(await countPosts()).toBe(0);
  });

  it('delete removes the post from listAll, the public list and its address', async () => {
    const keep = await blog().create({ title: 'Bleibt', published: true });
    const gone = await blog().create({ title: 'Weg', published: true, featured: true });
    expect((await blog().list()).featured?.id).toBe(gone.id);

    expect(await blog().asAdmin.blog.delete({ id: gone.id })).toEqual({ ok: true });
    expect(ids(await blog().asAdmin.blog.listAll())).toEqual([keep.id]);
    const page = await blog().list();
    expect(page.featured).toBeNull();
    expect(ids(page.posts)).toEqual([keep.id]);
    expect(await blog().asVisitor.blog.bySlug({ slug: 'weg' })).toBeNull();

    // Deleting twice: the second time there is nothing to delete.
    expect((await failureOf(blog().asAdmin.blog.delete({ id: gone.id }))).httpStatus).toBe(404);
    // The freed slug can be used again.
    expect((await blog().create({ title: 'Weg' })).slug).toBe('weg');
  });
});
