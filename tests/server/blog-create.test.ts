/** Creating a post: the defaults, the author, the stored columns and what the form may send. */
import { describe, expect, it } from 'vitest';
import { createUser } from '../support/accounts';
import { postInput, useBlogRuntime } from '../support/blog';
import { callerFor, failureOf } from '../support/caller';
import { TEST_START } from '../support/test-runtime';

const { runtime, blog } = useBlogRuntime();

const countPosts = async () => (await runtime().db.selectFrom('blog_posts').select('id').execute()).length;
/** The field names a refused call reports, as the client receives them. */
const refusedFields = async (call: Promise<unknown>) => {
  const failure = await failureOf(call);
  expect(failure.httpStatus).toBe(400);
  expect(failure.appCode).toBe('VALIDATION_FAILED');
  return Object.keys(failure.fieldErrors ?? {}).sort();
};

describe('blog.create', () => {
  it('stores a draft with the defaults: unpublished, not featured, "Entwicklung", the admin as author', async () => {
    const post = await blog().create();
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
      createdAt: TEST_START.toISOString(),
      updatedAt: TEST_START.toISOString(),
    });
    const stored = await blog().row(post.id);
    expect(stored.user_id).toBe(blog().admin.id);
    expect(stored.published).toBe(0);
    expect(stored.featured).toBe(0);
    expect(stored.published_at).toBeNull();
    expect(stored.tags).toBe('[]');
  });

  it('falls back to "Admin" as author when the admin has no name', async () => {
    const nameless = await blog().anotherAdmin({ firstName: '', lastName: '' });
    const post = await blog().create({}, nameless.caller);
    expect(post.author).toBe('Admin');
    expect((await blog().row(post.id)).user_id).toBe(nameless.user.id);
  });

  it('uses only the name that exists when the other is empty', async () => {
    const half = await blog().anotherAdmin({ firstName: 'Ada', lastName: '' });
    expect((await blog().create({}, half.caller)).author).toBe('Ada');
  });

  it('keeps an explicit author, trimmed; a blank author means the admin', async () => {
    expect((await blog().create({ author: '  Gastautorin Jane  ' })).author).toBe('Gastautorin Jane');
    expect((await blog().create({ author: '   ' })).author).toBe('Maria Montessori');
  });

  it('records the saving admin as user_id', async () => {
    const other = await blog().anotherAdmin({ firstName: 'Grace', lastName: 'Hopper' });
    const mine = await blog().create({ title: 'Meiner' });
    const theirs = await blog().create({ title: 'Ihrer' }, other.caller);
    expect((await blog().row(mine.id)).user_id).toBe(blog().admin.id);
    expect((await blog().row(theirs.id)).user_id).toBe(other.user.id);
    expect(theirs.author).toBe('Grace Hopper');
  });

  it('turns an empty or blank excerpt and an empty image address into null', async () => {
    const empty = await blog().create({ excerpt: '', imageUrl: '' });
    expect(empty.excerpt).toBeNull();
    expect(empty.imageUrl).toBeNull();
    const blank = await blog().create({ excerpt: '  ', imageUrl: '   ' });
    expect(blank.excerpt).toBeNull();
    expect(blank.imageUrl).toBeNull();
    expect((await blog().row(blank.id)).excerpt).toBeNull();
    expect((await blog().create({ excerpt: '  Kurz gesagt  ' })).excerpt).toBe('Kurz gesagt');
  });

  it('accepts a site path and an https address as image', async () => {
    expect((await blog().create({ imageUrl: '/images/blog/solar.svg', imageAlt: 'Solarmodule' })).imageUrl).toBe('/images/blog/solar.svg');
    expect((await blog().create({ imageUrl: 'https://cdn.example.org/bild.jpg', imageAlt: 'Ein Bild' })).imageUrl).toBe(
      'https://cdn.example.org/bild.jpg',
    );
  });

  it.each([['javascript:alert(1)'], ['ftp://x'], ['//evil.example/x.png'], ['https:evil.test'], ['/images/a.svg" onerror="alert(1)']])(
    'refuses the image address %j with a field error and stores nothing',
    async (imageUrl) => {
      expect(await refusedFields(blog().asAdmin.blog.create(postInput({ imageUrl, imageAlt: 'Ein Bild' })))).toEqual(['imageUrl']);
      expect(await countPosts()).toBe(0);
    },
  );

  it('normalizes tags: "a, b,, c , a" → [a, b, c]', async () => {
    const post = await blog().create({ tags: 'a, b,, c , a' });
    expect(post.tags).toEqual(['a', 'b', 'c']);
    expect((await blog().row(post.id)).tags).toBe('["a","b","c"]');
    expect((await blog().create({ tags: [' x', 'y ', 'x'] })).tags).toEqual(['x', 'y']);
  });

  it.each([
    ['eleven tags', Array.from({ length: 11 }, (_, i) => `tag${i}`).join(', ')],
    ['a tag of 41 characters', `kurz, ${'t'.repeat(41)}`],
  ])('refuses %s', async (_, tags) => {
    // A language's text is refused as a whole group (the form marks the field itself, with the same schema).
    expect(await refusedFields(blog().asAdmin.blog.create(postInput({ tags })))).toEqual(['translations']);
    expect(await countPosts()).toBe(0);
  });

  it('accepts exactly ten tags of 40 characters', async () => {
    const tags = Array.from({ length: 10 }, (_, i) => `${i}`.padEnd(40, 'x'));
    expect((await blog().create({ tags })).tags).toEqual(tags);
  });

  it.each([
    ['title', { title: '' }],
    ['title', { title: '   ' }],
    ['title', { title: 't'.repeat(201) }],
    ['content', { content: '' }],
    ['content', { content: ' \n ' }],
  ])('refuses a bad %s with a field error', async (_field, change) => {
    expect(await refusedFields(blog().asAdmin.blog.create(postInput(change)))).toEqual(['translations']);
  });

  it('refuses a post without title and content, naming both fields', async () => {
    // @ts-expect-error: the form always sends the German text; a hand-made request may not
    expect(await refusedFields(blog().asAdmin.blog.create({ category: 'Bildung' }))).toEqual(['translations']);
    const failure = await failureOf(blog().asAdmin.blog.create({ category: 'Bildung', translations: { de: { title: '', content: '' } } }));
    expect((failure.fieldErrors as Record<string, string[]> | null)?.translations).toHaveLength(2);
  });

  it('accepts a title of exactly 200 characters', async () => {
    expect((await blog().create({ title: 't'.repeat(200) })).title).toHaveLength(200);
  });

  it('stores content with a script tag verbatim and bySlug returns it as text', async () => {
    const content = '<script>alert(1)</script>\n<p onclick="x()">Hallo & "Welt"</p>';
    const post = await blog().create({ title: 'Skript', content, published: true });
    expect((await blog().row(post.id)).content).toBe(content);
    expect((await blog().asVisitor.blog.bySlug({ slug: post.slug }))?.content).toBe(content);
  });

  it('is for admins only: a visitor gets 401, a signed-in non-admin 403, and nothing is stored', async () => {
    const { user: member } = await createUser(runtime());
    expect(await failureOf(blog().asVisitor.blog.create(postInput()))).toMatchObject({ httpStatus: 401, appCode: 'UNAUTHENTICATED' });
    const asMember = await callerFor(runtime(), member);
    expect(await failureOf(asMember.blog.create(postInput()))).toMatchObject({ httpStatus: 403, appCode: 'FORBIDDEN' });
    expect(await failureOf(asMember.blog.listAll())).toMatchObject({ httpStatus: 403, appCode: 'FORBIDDEN' });
    expect(await countPosts()).toBe(0);
  });
});
