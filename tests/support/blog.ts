/** A blog ready for tests: an admin with a caller of the router (no HTTP), and helpers to make posts. */
import { afterEach, beforeEach } from 'vitest';
import type { BlogPostRow, UserRow } from '@server/db/schema';
import {
  blogPostInputSchema,
  type AdminPost,
  type BlogPostInput,
  type BlogPostValues,
  type PostTextInput,
  type PublicPostSummary,
} from '@shared/schemas/blog';
import { createUser } from './accounts';
import { callerFor, type TestCaller } from './caller';
import { startTestRuntime, type TestRuntime } from './test-runtime';

export type PublicList = {
  featured: PublicPostSummary | null;
  posts: PublicPostSummary[];
  nextCursor: string | null;
  categories: string[];
};

export const MINUTE = 60_000;

/**
 * A post for a test, written flat: the German text's fields (title, excerpt, content, tags, imageAlt)
 * beside the shared ones, and optional English and French versions. postInput nests it the way the
 * admin form sends it (translations.de/en/fr).
 */
export type PostChange = Partial<Omit<BlogPostInput, 'translations'> & PostTextInput> & {
  en?: PostTextInput | null;
  fr?: PostTextInput | null;
};

export const postInput = (change: PostChange = {}): BlogPostInput => {
  const { title, excerpt, content, tags, imageAlt, en, fr, ...shared } = change;
  const de: PostTextInput = { title: title ?? 'Ein Beitrag', content: content ?? 'Der Inhalt des Beitrags.' };
  if (excerpt !== undefined) de.excerpt = excerpt;
  if (tags !== undefined) de.tags = tags;
  if (imageAlt !== undefined) de.imageAlt = imageAlt;
  return { ...shared, translations: { de, en, fr } };
};

/** The checked values of a post (what createPost takes), written like postInput's. */
export const postValues = (change: PostChange = {}): BlogPostValues => blogPostInputSchema.parse(postInput(change));

export type Blog = {
  admin: UserRow;
  /** The admin (Maria Montessori) calling the router. */
  asAdmin: TestCaller;
  /** An anonymous visitor calling the router. */
  asVisitor: TestCaller;
  create(change?: PostChange, caller?: TestCaller): Promise<AdminPost>;
  /** Saves the form over a post as an admin who opened it just now (with its current version). */
  update(id: string, change?: PostChange | BlogPostInput, caller?: TestCaller): Promise<AdminPost>;
  list(query?: {
    category?: 'Bildung' | 'Team' | 'Fundraising' | 'Entwicklung';
    cursor?: string | null;
    lang?: 'de' | 'en' | 'fr';
  }): Promise<PublicList>;
  /** Every page of the public list, following nextCursor. */
  allPages(category?: 'Bildung' | 'Team'): Promise<PublicList[]>;
  /** The stored row of a post. */
  row(id: string): Promise<BlogPostRow>;
  /** Another admin with their own caller. */
  anotherAdmin(names: { firstName: string; lastName: string }): Promise<{ user: UserRow; caller: TestCaller }>;
};

export async function startBlog(runtime: TestRuntime): Promise<Blog> {
  const { user: admin } = await createUser(runtime, { admin: true, firstName: 'Maria', lastName: 'Montessori' });
  const asAdmin = await callerFor(runtime, admin);
  const asVisitor = await callerFor(runtime);
  const list: Blog['list'] = (query = {}) => asVisitor.blog.list(query);
  return {
    admin,
    asAdmin,
    asVisitor,
    create: (change = {}, caller = asAdmin) => caller.blog.create(postInput(change)),
    async update(id, change = {}, caller = asAdmin) {
      const current = await runtime.db.selectFrom('blog_posts').select('version').where('id', '=', id).executeTakeFirst();
      const data = 'translations' in change && change.translations ? (change as BlogPostInput) : postInput(change as PostChange);
      return caller.blog.update({ id, version: current?.version ?? 1, data });
    },
    list,
    async allPages(category) {
      const pages: PublicList[] = [];
      let cursor: string | null = null;
      do {
        const page: PublicList = await list({ category, cursor });
        pages.push(page);
        cursor = page.nextCursor;
        if (pages.length > 10) throw new Error('pagination does not end');
      } while (cursor);
      return pages;
    },
    row: (id) => runtime.db.selectFrom('blog_posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    async anotherAdmin(names) {
      const { user } = await createUser(runtime, { admin: true, ...names });
      return { user, caller: await callerFor(runtime, user) };
    },
  };
}

/**
 * A fresh runtime and blog for every test of the file: registers the hooks that start them before each
 * test and close them after it, and returns accessors for the current ones (called inside a test or a
 * helper a test calls, never at the top of the file, where nothing has started yet). `start` is
 * startTestApp for tests that also ask over HTTP.
 */
export function useBlogRuntime(): { runtime(): TestRuntime; blog(): Blog };
export function useBlogRuntime<R extends TestRuntime>(start: () => Promise<R>): { runtime(): R; blog(): Blog };
export function useBlogRuntime(start: () => Promise<TestRuntime> = startTestRuntime) {
  let runtime: TestRuntime | undefined;
  let blog: Blog | undefined;
  beforeEach(async () => {
    runtime = await start();
    blog = await startBlog(runtime);
  });
  afterEach(async () => {
    await runtime?.close();
    runtime = undefined;
    blog = undefined;
  });
  return { runtime: () => started(runtime), blog: () => started(blog) };
}

function started<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('useBlogRuntime: the runtime and blog exist only while a test runs');
  return value;
}

export const ids = (posts: Array<{ id: string }>) => posts.map((post) => post.id);
