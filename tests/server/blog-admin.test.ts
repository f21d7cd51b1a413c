/** The admin's procedures: the full list with drafts, featuring, editing and deleting posts. */
import { describe, expect, it } from 'vitest';
import { ids, MINUTE, postInput, useBlogRuntime } from '../support/blog';
import { createUser } from '../support/accounts';
import { callerFor, failureOf } from '../support/caller';
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

  it('listAll carries each post without its text: the list shows titles and states, the form loads its post (adminGet)', async () => {
    const post = await blog().create({
      title: 'Mit Text',
      excerpt: 'Kurz',
      content: 'Der lange Inhalt.',
      tags: 'a, b',
      imageUrl: '/images/blog/pilot.svg',
      imageAlt: 'Pilot',
      published: true,
      en: { title: 'With text', content: 'The long content.', imageAlt: 'Pilot' },
    });
    const [listed] = await blog().asAdmin.blog.listAll();
    // Exactly what the row, its switches and the delete dialog use; no text in any language.
    expect(listed).toEqual({
      id: post.id,
      slug: 'mit-text',
      title: 'Mit Text',
      author: 'Maria Montessori',
      category: post.category,
      featured: false,
      published: true,
      publishedAt: TEST_START.toISOString(),
      createdAt: TEST_START.toISOString(),
    });
  });

  it('adminGet gives the admin one post whole, every version, as the form opens it; 404 for an unknown one', async () => {
    const post = await blog().create({
      title: 'Ganz',
      content: 'Der ganze Inhalt.',
      tags: 'x',
      fr: { title: 'Entier', content: 'Tout le contenu.' },
    });
    const loaded = await blog().asAdmin.blog.adminGet({ id: post.id });
    expect(loaded).toEqual(post);
    expect(loaded.translations).toMatchObject({
      de: { title: 'Ganz', content: 'Der ganze Inhalt.', tags: ['x'] },
      en: null,
      fr: { title: 'Entier', content: 'Tout le contenu.' },
    });
    expect(await failureOf(blog().asAdmin.blog.adminGet({ id: 'unknown-id' }))).toMatchObject({ httpStatus: 404, appCode: 'NOT_FOUND' });
  });

  it('adminGet is for admins only: a visitor gets 401, a signed-in non-admin 403', async () => {
    const post = await blog().create();
    const asMember = await callerFor(runtime(), (await createUser(runtime())).user);
    expect(await failureOf(blog().asVisitor.blog.adminGet({ id: post.id }))).toMatchObject({ httpStatus: 401, appCode: 'UNAUTHENTICATED' });
    expect(await failureOf(asMember.blog.adminGet({ id: post.id }))).toMatchObject({ httpStatus: 403, appCode: 'FORBIDDEN' });
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
