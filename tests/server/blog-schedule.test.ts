/**
 * Scheduled publishing (issue 20, item 4; ADR 038): a published post dated ahead is a draft for
 * visitors until its moment, then shows everywhere (list, post, feed, sitemap, cached pages and reads)
 * without a restart or a write, and the content version moves on once, for every process.
 */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '@server/config';
import { createLogger } from '@server/lib/logger';
import { startRuntime } from '@server/runtime';
import type { BlogPostInput } from '@shared/schemas/blog';
import { MINUTE, useBlogRuntime } from '../support/blog';
import { textOf } from '../support/html';
import { trpcQuery } from '../support/http';
import { startTestApp } from '../support/test-app';
import { TEST_START } from '../support/test-runtime';

const { runtime: app, blog } = useBlogRuntime(startTestApp);

const TITLE = 'Die Schule öffnet';
const SLUG = 'die-schule-oeffnet';

/** A post in German only, with the shared fields the test sets. */
const input = (change: Partial<Omit<BlogPostInput, 'translations'>> & { title?: string } = {}): BlogPostInput => {
  const { title = TITLE, ...shared } = change;
  return { category: 'Team', published: true, ...shared, translations: { de: { title, content: 'Am Montag geht es los.' } } };
};

const inOneMinute = () => new Date(app().clock.now().getTime() + MINUTE).toISOString();

/** Everything a visitor (or a crawler) can find the post in, asked over HTTP as they would. */
async function whereVisible(): Promise<string[]> {
  const found: string[] = [];
  const list = await trpcQuery(app().url, 'blog.list', { category: 'Team' });
  if (JSON.stringify(list.body).includes(TITLE)) found.push('blog.list');
  const post = await trpcQuery(app().url, 'blog.bySlug', { slug: SLUG });
  if ((post.body.result?.data as { title?: string } | null)?.title === TITLE) found.push('blog.bySlug');
  if ((await (await app().request('/blog/rss.xml')).text()).includes(TITLE)) found.push('rss');
  if ((await (await app().request('/sitemap.xml')).text()).includes(`/blog/${SLUG}`)) found.push('sitemap');
  if (textOf(await (await app().request('/blog?category=Team')).text()).includes(TITLE)) found.push('/blog page');
  return found;
}

const EVERYWHERE = ['blog.list', 'blog.bySlug', 'rss', 'sitemap', '/blog page'];

describe('a post scheduled one minute ahead', () => {
  it('is invisible until its moment, then visible everywhere, with the caches and the content version moved on', async () => {
    // Another post fills every cache at the current version first.
    await blog().asAdmin.blog.create(input({ title: 'Schon da' }));
    expect(await whereVisible()).toEqual([]);

    const scheduled = await blog().asAdmin.blog.create(input({ publishAt: inOneMinute() }));
    expect(scheduled.slug).toBe(SLUG);
    expect(await whereVisible()).toEqual([]);
    const before = await app().content.current();

    // A second before the moment: still a draft for visitors.
    app().clock.advance(MINUTE - 1000);
    expect(await whereVisible()).toEqual([]);
    expect(await app().content.current()).toBe(before);
    // What the checks on every request read without waiting (ADR 050): the version just checked.
    expect(app().content.known()).toBe(before);

    // Its moment: no write, no restart, and every cached answer made before is retired.
    app().clock.advance(1000);
    expect(app().content.known()).toBeNull();
    expect(await whereVisible()).toEqual(EVERYWHERE);
    expect(await app().content.current()).toBe(before + 1);
  });

  it('retires the pages made between the write and a moment less than a check interval after it', async () => {
    await blog().asAdmin.blog.create(input({ publishAt: new Date(app().clock.now().getTime() + 500).toISOString() }));
    // Rendered and kept at the version the write moved on to, before the moment.
    expect(await whereVisible()).toEqual([]);
    app().clock.advance(1500);
    expect(await whereVisible()).toEqual(EVERYWHERE);
  });

  it('is in the admin list meanwhile, with its date', async () => {
    const at = inOneMinute();
    await blog().asAdmin.blog.create(input({ publishAt: at }));
    const [post] = await blog().asAdmin.blog.listAll();
    expect(post).toMatchObject({ published: true, publishedAt: at });
  });
});

describe('the time of a schedule', () => {
  it('is read as Berlin time when it comes from the form, and stored in UTC', async () => {
    // TEST_START is 10:00 UTC on 2 March, 11:00 in Berlin (winter time).
    expect(TEST_START.toISOString()).toBe('2026-03-02T10:00:00.000Z');
    const winter = await blog().asAdmin.blog.create(input({ title: 'Im Winter', publishAt: '2026-03-02T11:30' }));
    expect((await blog().row(winter.id)).published_at).toBe('2026-03-02T10:30:00.000Z');
    // Summer time: two hours ahead of UTC.
    const summer = await blog().asAdmin.blog.create(input({ title: 'Im Sommer', publishAt: '2026-07-01T09:00' }));
    expect((await blog().row(summer.id)).published_at).toBe('2026-07-01T07:00:00.000Z');
    // An instant with an offset keeps its meaning, written the way published_at compares.
    const offset = await blog().asAdmin.blog.create(input({ title: 'Mit Versatz', publishAt: '2026-04-01T12:00:00+02:00' }));
    expect((await blog().row(offset.id)).published_at).toBe('2026-04-01T10:00:00.000Z');
  });

  it('refuses what is no time', async () => {
    for (const publishAt of ['2026-02-30T10:00', 'morgen', '2026-03-02 11:30', '2026-03-02T25:00']) {
      await expect(blog().asAdmin.blog.create(input({ publishAt })), publishAt).rejects.toThrow();
    }
  });

  it('refuses a time in the hour the clocks jump over in spring, instead of publishing an hour later', async () => {
    // 28 March 2027 in Berlin: 02:00 is followed by 03:00, so 02:30 never happens.
    await expect(blog().asAdmin.blog.create(input({ publishAt: '2027-03-28T02:30' }))).rejects.toThrow();
    expect(await blog().asAdmin.blog.listAll()).toEqual([]);
    const atThree = await blog().asAdmin.blog.create(input({ publishAt: '2027-03-28T03:00' }));
    expect((await blog().row(atThree.id)).published_at).toBe('2027-03-28T01:00:00.000Z');
  });

  it('saves a draft whose disabled field still holds such a time, without one, and schedules it once it is published', async () => {
    // Typed while "Veröffentlicht" was on, then switched back to a draft: the form sends the field as it is.
    const draft = await blog().asAdmin.blog.create(input({ published: false, publishAt: '2027-03-28T02:30' }));
    expect((await blog().row(draft.id)).published_at).toBeNull();
    const full = await blog().asAdmin.blog.adminGet({ id: draft.id });
    const update = (data: BlogPostInput) => blog().asAdmin.blog.update({ id: draft.id, version: full.version, data });
    await expect(update(input({ publishAt: '2027-03-28T02:30' }))).rejects.toThrow();
    await update(input({ publishAt: '2027-03-28T03:30' }));
    expect((await blog().row(draft.id)).published_at).toBe('2027-03-28T01:30:00.000Z');
  });
});

describe('the admin changing a schedule', () => {
  it('publishes a scheduled post at once with the eye', async () => {
    const post = await blog().asAdmin.blog.create(input({ publishAt: inOneMinute() }));
    await blog().asAdmin.blog.setPublished({ id: post.id, value: true });
    expect((await blog().row(post.id)).published_at).toBe(app().clock.now().toISOString());
    expect(await whereVisible()).toEqual(EVERYWHERE);
  });

  it('drops the schedule when the post is hidden, so it does not appear at the old moment', async () => {
    const post = await blog().asAdmin.blog.create(input({ publishAt: inOneMinute() }));
    await blog().asAdmin.blog.setPublished({ id: post.id, value: false });
    app().clock.advance(2 * MINUTE);
    expect(await whereVisible()).toEqual([]);
    expect((await blog().row(post.id)).published_at).toBeNull();
  });

  it('keeps a draft unscheduled, whatever time the form had', async () => {
    const post = await blog().asAdmin.blog.create(input({ published: false, publishAt: inOneMinute() }));
    expect((await blog().row(post.id)).published_at).toBeNull();
  });

  it('moves a schedule that has not come yet, and the address can still change', async () => {
    const post = await blog().asAdmin.blog.create(input({ title: 'Vorläufiger Titel', publishAt: inOneMinute() }));
    const later = new Date(app().clock.now().getTime() + 10 * MINUTE).toISOString();
    const moved = await blog().update(post.id, input({ publishAt: later }));
    expect(moved.slug).toBe(SLUG);
    app().clock.advance(2 * MINUTE);
    expect(await whereVisible()).toEqual([]);
    app().clock.advance(8 * MINUTE);
    expect(await whereVisible()).toEqual(EVERYWHERE);
  });

  it('cannot hide a post that has been public behind a new date: it keeps its date', async () => {
    const post = await blog().asAdmin.blog.create(input());
    const publishedAt = (await blog().row(post.id)).published_at;
    app().clock.advance(MINUTE);
    await blog().update(post.id, input({ publishAt: inOneMinute() }));
    expect((await blog().row(post.id)).published_at).toBe(publishedAt);
    expect(await whereVisible()).toEqual(EVERYWHERE);
  });
});

describe('several processes on one database', () => {
  it('each sees the version move on at the moment, and it moves on once', async () => {
    // A second process behind the load balancer: its own runtime, connection and clock.
    let now = app().clock.now();
    const other = await startRuntime(
      parseConfig({ DATABASE_URL: app().config.databaseUrl, LOG_LEVEL: 'error' }),
      createLogger('error', {}, () => undefined),
      { now: () => new Date(now) },
      { startWorker: false, mailTransport: { send: async () => undefined, close: () => undefined } },
    );
    try {
      await blog().asAdmin.blog.create(input({ publishAt: inOneMinute() }));
      const before = await app().content.current();
      // The other process learns of the write (and the post's moment) at its next check.
      expect(await other.deps.content.current()).toBe(before);

      // Both pass the moment; whichever asks first moves the version on, the other one sees that.
      app().clock.advance(MINUTE);
      now = app().clock.now();
      expect(await other.deps.content.current()).toBe(before + 1);
      expect(await app().content.current()).toBe(before + 1);
      const stored = await app().db.selectFrom('app_state').select('value').where('key', '=', 'content_version').executeTakeFirst();
      expect(Number(stored?.value)).toBe(before + 1);
    } finally {
      await other.close();
    }
  });
});
