/** The German demo posts an empty installation starts with. */
import { describe, expect, it } from 'vitest';
import { seedDemoContentOnFirstStart, seedDemoPosts } from '@server/blog/seed';
import { useBlogRuntime } from '../support/blog';
import { TEST_START } from '../support/test-runtime';

const { runtime, blog } = useBlogRuntime();

const count = async () => (await runtime().db.selectFrom('blog_posts').select('id').execute()).length;
const seedOnFirstStart = () => seedDemoContentOnFirstStart(runtime(), runtime().clock.now());

describe('demo content seed', () => {
  it('fills an empty blog once; a second call and a call after deleting everything add nothing', async () => {
    expect(await count()).toBe(0);
    expect(await seedOnFirstStart()).toBe(6);
    expect(await count()).toBe(6);
    const marker = await runtime().db.selectFrom('app_state').selectAll().where('key', '=', 'demo_content_seeded').executeTakeFirst();
    expect(marker?.value).toBe(TEST_START.toISOString());

    expect(await seedOnFirstStart()).toBe(0);
    expect(await count()).toBe(6);

    await runtime().db.deleteFrom('blog_posts').execute();
    expect(await seedOnFirstStart()).toBe(0);
    expect(await count()).toBe(0);
  });

  it('seeds once when several processes start together (on PostgreSQL: at the same moment, each on its own connection)', async () => {
    const added = await Promise.all([seedOnFirstStart(), seedOnFirstStart(), seedOnFirstStart()]);
    expect(added.sort()).toEqual([0, 0, 6]);
    expect(await count()).toBe(6);
  });

  it('publishes the demo posts with their own dates and the pilot project as featured', async () => {
    await seedOnFirstStart();
    const page = await blog().list();
    expect(page.featured?.slug).toBe('die-erste-schoolbox-steht-unser-pilotprojekt');
    expect(page.posts).toHaveLength(5);
    expect(page.posts[0]?.slug).toBe('von-der-idee-zum-container-unser-projektplan');
    expect(page.posts.map((post) => post.publishedAt)).toEqual([...page.posts.map((post) => post.publishedAt)].sort().reverse());
    expect(page.posts.every((post) => post.author === 'SchoolBox-Team')).toBe(true);
    const stored = await runtime().db.selectFrom('blog_posts').select(['user_id', 'published']).execute();
    expect(stored.every((post) => post.user_id === null && post.published === 1)).toBe(true);
  });

  it('does not seed an installation that already has a post, but remembers that it ran', async () => {
    await blog().create({ title: 'Eigener Beitrag' });
    expect(await seedOnFirstStart()).toBe(0);
    expect(await count()).toBe(1);
    await runtime().db.deleteFrom('blog_posts').execute();
    expect(await seedOnFirstStart()).toBe(0);
    expect(await count()).toBe(0);
  });

  it('seedDemoPosts adds only the missing demo posts', async () => {
    expect(await seedDemoPosts(runtime(), runtime().clock.now())).toBe(6);
    expect(await seedDemoPosts(runtime(), runtime().clock.now())).toBe(0);
    await runtime()
      .db.deleteFrom('blog_posts')
      .where('slug', 'in', ['die-erste-schoolbox-steht-unser-pilotprojekt', 'gemeinsam-staerker-unsere-ersten-partner'])
      .execute();
    expect(await count()).toBe(4);
    expect(await seedDemoPosts(runtime(), runtime().clock.now())).toBe(2);
    expect(await count()).toBe(6);
    const slugs = (await runtime().db.selectFrom('blog_posts').select('slug').execute()).map((post) => post.slug);
    expect(new Set(slugs).size).toBe(6);
  });
});
