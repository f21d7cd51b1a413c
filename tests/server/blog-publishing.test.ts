/** When a post counts as published: published_at is set on the first publication and kept for good. */
import { describe, expect, it } from 'vitest';
import { MINUTE, useBlogRuntime } from '../support/blog';
import { TEST_START } from '../support/test-runtime';

const { runtime, blog } = useBlogRuntime();

const at = (minutes: number) => new Date(TEST_START.getTime() + minutes * MINUTE).toISOString();
const setPublished = (id: string, value: boolean) => blog().asAdmin.blog.setPublished({ id, value });
const update = (id: string, change = {}) => blog().update(id, change);

describe('published_at', () => {
  it('is set when the post is first published with setPublished, and kept through unpublish and re-publish', async () => {
    const post = await blog().create();
    expect(post.publishedAt).toBeNull();

    runtime().clock.advance(60 * MINUTE);
    const published = await setPublished(post.id, true);
    expect(published.published).toBe(true);
    expect(published.publishedAt).toBe(at(60));
    expect(published.updatedAt).toBe(at(60));

    runtime().clock.advance(60 * MINUTE);
    const unpublished = await setPublished(post.id, false);
    expect(unpublished.published).toBe(false);
    expect(unpublished.publishedAt).toBe(at(60));

    runtime().clock.advance(60 * MINUTE);
    const again = await setPublished(post.id, true);
    expect(again.published).toBe(true);
    expect(again.publishedAt).toBe(at(60));
    expect(again.updatedAt).toBe(at(180));
    expect((await blog().row(post.id)).published_at).toBe(at(60));
  });

  it('is set by create with published: true', async () => {
    runtime().clock.advance(5 * MINUTE);
    const post = await blog().create({ published: true });
    expect(post.published).toBe(true);
    expect(post.publishedAt).toBe(at(5));
  });

  it('is set by update when publishing, and kept by later updates', async () => {
    const post = await blog().create();
    runtime().clock.advance(10 * MINUTE);
    expect((await update(post.id, { published: true })).publishedAt).toBe(at(10));
    runtime().clock.advance(10 * MINUTE);
    expect((await update(post.id, { published: false })).publishedAt).toBe(at(10));
    runtime().clock.advance(10 * MINUTE);
    expect((await update(post.id, { published: true })).publishedAt).toBe(at(10));
  });

  it('stays null while a draft is edited or its flags change', async () => {
    const post = await blog().create();
    runtime().clock.advance(MINUTE);
    await update(post.id, { title: 'Anders' });
    await blog().asAdmin.blog.setFeatured({ id: post.id, value: true });
    await setPublished(post.id, false);
    expect((await blog().row(post.id)).published_at).toBeNull();
  });
});
