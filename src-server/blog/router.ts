import { blogListSchema, blogPostInputSchema, postIdSchema, setFlagSchema, slugSchema, updatePostSchema } from '@shared/schemas/blog';
import { AppError } from '../app-error';
import { adminProcedure, publicProcedure, router } from '../trpc';
import * as posts from './posts';
import { findAllPostsNewestCreated, findPublishedPostBySlug } from './queries';

export const blogRouter = router({
  /** Published posts for the public blog: the featured one and pages of the rest. */
  list: publicProcedure.input(blogListSchema).query(({ ctx, input }) => posts.listPublishedPosts(ctx.db, input)),

  /** One published post by its address; drafts do not exist for the public. */
  bySlug: publicProcedure.input(slugSchema).query(async ({ ctx, input }) => {
    const row = await findPublishedPostBySlug(ctx.db, input.slug);
    if (!row) throw new AppError('NOT_FOUND', 'no such post');
    return posts.toPublicPost(row);
  }),

  listAll: adminProcedure.query(async ({ ctx }) => (await findAllPostsNewestCreated(ctx.db)).map(posts.toAdminPost)),

  create: adminProcedure
    .input(blogPostInputSchema)
    .mutation(async ({ ctx, input }) => posts.toAdminPost(await posts.createPost(ctx.db, input, ctx.user, ctx.clock.now()))),

  update: adminProcedure
    .input(updatePostSchema)
    .mutation(async ({ ctx, input }) => posts.toAdminPost(await posts.updatePost(ctx.db, input.id, input.data, ctx.user, ctx.clock.now()))),

  setPublished: adminProcedure
    .input(setFlagSchema)
    .mutation(async ({ ctx, input }) => posts.toAdminPost(await posts.setPublished(ctx.db, input.id, input.value, ctx.user, ctx.clock.now()))),

  setFeatured: adminProcedure
    .input(setFlagSchema)
    .mutation(async ({ ctx, input }) => posts.toAdminPost(await posts.setFeatured(ctx.db, input.id, input.value, ctx.user, ctx.clock.now()))),

  delete: adminProcedure.input(postIdSchema).mutation(async ({ ctx, input }) => {
    await posts.deletePost(ctx.db, input.id);
    return { ok: true as const };
  }),
});
