import { blogListSchema, blogPostInputSchema, postIdSchema, setFlagSchema, slugSchema, updatePostSchema } from '@shared/schemas/blog';
import { adminProcedure, publicProcedure, router } from '../trpc';
import * as posts from './posts';
import { findAllPostsNewestCreated, findPublishedPostBySlug } from './queries';

/** An admin's write to the blog: once it succeeded, cached pages and reads are retired (the next visitor sees it). */
const blogWrite = adminProcedure.use(async ({ ctx, next }) => {
  const result = await next();
  if (result.ok) await ctx.content.bump();
  return result;
});

export const blogRouter = router({
  /** Published posts for the public blog: the featured one and pages of the rest. */
  list: publicProcedure.input(blogListSchema).query(({ ctx, input }) => posts.listPublishedPosts(ctx.db, input)),

  /** One published post by its address, or null: drafts do not exist for the public. */
  bySlug: publicProcedure.input(slugSchema).query(async ({ ctx, input }) => {
    if (!input.slug) return null;
    const row = await findPublishedPostBySlug(ctx.db, input.slug);
    return row ? posts.toPublicPost(row) : null;
  }),

  listAll: adminProcedure.query(async ({ ctx }) => (await findAllPostsNewestCreated(ctx.db)).map(posts.toAdminPost)),

  create: blogWrite
    .input(blogPostInputSchema)
    .mutation(async ({ ctx, input }) => posts.toAdminPost(await posts.createPost(ctx.db, input, ctx.user, ctx.clock.now()))),

  update: blogWrite
    .input(updatePostSchema)
    .mutation(async ({ ctx, input }) => posts.toAdminPost(await posts.updatePost(ctx.db, input.id, input.data, ctx.user, ctx.clock.now()))),

  setPublished: blogWrite
    .input(setFlagSchema)
    .mutation(async ({ ctx, input }) =>
      posts.toAdminPost(await posts.setPublished(ctx.db, input.id, input.value, ctx.user, ctx.clock.now())),
    ),

  setFeatured: blogWrite
    .input(setFlagSchema)
    .mutation(async ({ ctx, input }) =>
      posts.toAdminPost(await posts.setFeatured(ctx.db, input.id, input.value, ctx.user, ctx.clock.now())),
    ),

  delete: blogWrite.input(postIdSchema).mutation(async ({ ctx, input }) => {
    await posts.deletePost(ctx.db, input.id);
    return { ok: true as const };
  }),
});
