/** Post addresses: slugs from titles, unique even when saved at the same moment, stable once published. */
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { describe, expect, it } from 'vitest';
import { postInput, useBlogRuntime } from '../support/blog';
import { callerFor } from '../support/caller';

const { runtime, blog } = useBlogRuntime();

const update = (id: string, title: string, change = {}) => blog().update(id, { title, ...change });

/** Counts the SELECTs that reach the database. */
class SelectCounter implements KyselyPlugin {
  selects = 0;
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (node.kind === 'SelectQueryNode') this.selects++;
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

describe('slugs', () => {
  it('transliterates German characters', async () => {
    expect((await blog().create({ title: 'Über Größe' })).slug).toBe('ueber-groesse');
    expect((await blog().create({ title: 'Schöne Grüße aus Köln!' })).slug).toBe('schoene-gruesse-aus-koeln');
  });

  it('keeps slugs unique: the same title twice gives x and x-2, a third time x-3', async () => {
    const first = await blog().create({ title: 'Gleicher Titel' });
    const second = await blog().create({ title: 'Gleicher Titel' });
    const third = await blog().create({ title: 'Gleicher  Titel!' });
    expect([first.slug, second.slug, third.slug]).toEqual(['gleicher-titel', 'gleicher-titel-2', 'gleicher-titel-3']);
  });

  it('gives posts with the same title saved at the same moment distinct slugs, and saves them all', async () => {
    const posts = await Promise.all(Array.from({ length: 8 }, () => blog().create({ title: 'Zur gleichen Zeit' })));
    const slugs = posts.map((post) => post.slug).sort();
    expect(slugs).toEqual(['zur-gleichen-zeit', ...Array.from({ length: 7 }, (_, i) => `zur-gleichen-zeit-${i + 2}`)].sort());
    expect(await runtime().db.selectFrom('blog_posts').select('id').execute()).toHaveLength(8);
  });

  it('finds the free suffix with one query, however many similar slugs exist', async () => {
    for (let i = 0; i < 40; i++) await blog().create({ title: 'Viele' });
    await blog().create({ title: 'Viele andere' }); // "viele-andere" must not confuse the count
    const counter = new SelectCounter();
    const counted = await callerFor(runtime(), blog().admin, { db: runtime().db.withPlugin(counter) });
    const selectsBefore = counter.selects;
    // The guard's role lookup and the slug lookup are the only reads.
    const post = await counted.blog.create(postInput({ title: 'Viele' }));
    expect(post.slug).toBe('viele-41');
    const reads = counter.selects - selectsBefore;
    const plain = new SelectCounter();
    await (await callerFor(runtime(), blog().admin, { db: runtime().db.withPlugin(plain) })).blog.create(
      postInput({ title: 'Einzigartig' }),
    );
    // Forty taken slugs cost no more reads than none.
    expect(reads).toBe(plain.selects);
  });

  it('fills a gap left by a deleted post', async () => {
    await blog().create({ title: 'Lücke' });
    const second = await blog().create({ title: 'Lücke' });
    await blog().create({ title: 'Lücke' });
    await blog().asAdmin.blog.delete({ id: second.id });
    expect((await blog().create({ title: 'Lücke' })).slug).toBe('luecke-2');
  });

  it('follows the title while the post was never published', async () => {
    const post = await blog().create({ title: 'Erster Entwurf' });
    expect((await update(post.id, 'Zweiter Entwurf')).slug).toBe('zweiter-entwurf');
    // Saving again with the same title does not count its own slug as taken.
    expect((await update(post.id, 'Zweiter Entwurf', { content: 'Neu' })).slug).toBe('zweiter-entwurf');
    // Another post's slug is taken.
    await blog().create({ title: 'Belegt' });
    expect((await update(post.id, 'Belegt')).slug).toBe('belegt-2');
  });

  it('stays stable once published, even after unpublishing and retitling', async () => {
    const post = await blog().create({ title: 'Alter Titel' });
    await blog().asAdmin.blog.setPublished({ id: post.id, value: true });
    const retitled = await update(post.id, 'Neuer Titel', { published: true });
    expect(retitled.slug).toBe('alter-titel');
    expect(retitled.title).toBe('Neuer Titel');

    await blog().asAdmin.blog.setPublished({ id: post.id, value: false });
    const draftAgain = await update(post.id, 'Ganz anderer Titel');
    expect(draftAgain.published).toBe(false);
    expect(draftAgain.slug).toBe('alter-titel');
    expect((await blog().row(post.id)).slug).toBe('alter-titel');
  });

  it('is stable for a post created as published', async () => {
    const post = await blog().create({ title: 'Sofort online', published: true });
    expect((await update(post.id, 'Umbenannt', { published: true })).slug).toBe('sofort-online');
    expect(await blog().asVisitor.blog.bySlug({ slug: 'sofort-online' })).toMatchObject({ id: post.id, title: 'Umbenannt' });
    expect(await blog().asVisitor.blog.bySlug({ slug: 'umbenannt' })).toBeNull();
  });
});
