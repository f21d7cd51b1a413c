import { blogListSchema, blogPostInputSchema, postIdSchema, setFlagSchema, slugSchema, updatePostSchema } from '@shared/schemas/blog';
import { requestActor } from '../audit/record';
import { adminProcedure, publicProcedure, router } from '../trpc';
import { findNeighbours } from './neighbours';
import * as posts from './posts';
import { findAdminListRows } from './queries';

/** An admin's write to the blog: once it succeeded, cached pages and reads are retired (the next visitor sees it). */
const blogWrite = adminProcedure.use(async ({ ctx, next }) => {
  const result = await next();
  if (result.ok) await ctx.content.bump();
  return result;
});

export const blogRouter = router({
  /** Published posts for the public blog: the featured one and pages of the rest. */
  list: publicProcedure.input(blogListSchema).query(({ ctx, input }) => posts.listPublishedPosts(ctx.db, input, ctx.clock.now())),

  /** One published post by its address, or null: drafts do not exist for the public. */
  bySlug: publicProcedure
    .input(slugSchema)
    .query(({ ctx, input }) => (input.slug ? posts.findPublicPost(ctx.db, input.slug, input.lang, ctx.clock.now()) : null)),

  /** The posts before and after one post (article page links), titles in `lang`; nulls for a post the public cannot see. */
  neighbours: publicProcedure
    .input(slugSchema)
    .query(({ ctx, input }) =>
      input.slug ? findNeighbours(ctx.db, input.slug, input.lang, ctx.clock.now()) : { previous: null, next: null },
    ),

  /** Every post, drafts too, newest created first: what the admin list shows, without the text (AdminPostSummary). */
  listAll: adminProcedure.query(async ({ ctx }) => (await findAdminListRows(ctx.db)).map(posts.toAdminPostSummary)),

  /** One post whole, every version: the admin form loads it when it opens. */
  adminGet: adminProcedure.input(postIdSchema).query(({ ctx, input }) => posts.findAdminPost(ctx.db, input.id)),

  create: blogWrite
    .input(blogPostInputSchema)
    .mutation(async ({ ctx, input }) =>
      posts.withVersions(ctx.db, await posts.createPost(ctx.db, input, ctx.user, ctx.clock.now(), requestActor(ctx))),
    ),

  update: blogWrite
    .input(updatePostSchema)
    .mutation(async ({ ctx, input }) =>
      posts.withVersions(
        ctx.db,
        await posts.updatePost(ctx.db, input.id, input.version, input.data, ctx.user, ctx.clock.now(), requestActor(ctx)),
      ),
    ),

  setPublished: blogWrite
    .input(setFlagSchema)
    .mutation(async ({ ctx, input }) =>
      posts.withVersions(ctx.db, await posts.setPublished(ctx.db, input.id, input.value, ctx.user, ctx.clock.now(), requestActor(ctx))),
    ),

  setFeatured: blogWrite
    .input(setFlagSchema)
    .mutation(async ({ ctx, input }) =>
      posts.withVersions(ctx.db, await posts.setFeatured(ctx.db, input.id, input.value, ctx.user, ctx.clock.now(), requestActor(ctx))),
    ),

  delete: blogWrite.input(postIdSchema).mutation(async ({ ctx, input }) => {
    await posts.deletePost(ctx.db, input.id, requestActor(ctx), ctx.clock.now());
    return { ok: true as const };
  }),
});
