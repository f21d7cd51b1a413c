import {
  confirmSubscriptionSchema,
  newsletterContentSchema,
  newsletterIdSchema,
  previewNewsletterSchema,
  sendTestNewsletterSchema,
  subscribeSchema,
  subscriberIdSchema,
  subscribersPageSchema,
  unsubscribeSchema,
  updateNewsletterSchema,
} from '@shared/schemas/newsletter';
import { isLocale } from '@shared/locales';
import { AppError } from '../app-error';
import { adminProcedure, enforceRateLimit, publicProcedure, rateLimitedByIp, router, type RequestContext } from '../trpc';
import { deleteSubscriber, unsubscribe } from './leaving';
import * as newsletters from './newsletters';
import { previewNewsletter, sendNewsletter, sendTestNewsletter, type SendDeps } from './sending';
import { exportSubscribersCsv, listSubscribers } from './subscribers';
import { confirmSubscription, subscribe } from './subscriptions';

const HOUR = 60 * 60_000;
const SUBSCRIBE_PER_IP = { name: 'newsletter-ip', limit: 10, windowMs: HOUR };
const SUBSCRIBE_PER_EMAIL = { name: 'newsletter-email', limit: 3, windowMs: HOUR };
const CONFIRM_PER_IP = { name: 'newsletter-confirm-ip', limit: 30, windowMs: HOUR / 4 };
const UNSUBSCRIBE_PER_IP = { name: 'newsletter-unsubscribe-ip', limit: 30, windowMs: HOUR / 4 };

const sendDeps = (ctx: RequestContext): SendDeps => ({
  db: ctx.db,
  now: ctx.clock.now(),
  publicUrl: ctx.config.publicUrl,
  logger: ctx.logger,
});

export const newsletterRouter = router({
  subscribe: publicProcedure
    .use(rateLimitedByIp(SUBSCRIBE_PER_IP))
    .input(subscribeSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceRateLimit(ctx, SUBSCRIBE_PER_EMAIL, input.email);
      await subscribe(ctx.db, input, ctx.config.publicUrl, ctx.clock.now());
      ctx.outbox.kick();
      return { ok: true as const };
    }),

  confirm: publicProcedure
    .use(rateLimitedByIp(CONFIRM_PER_IP))
    .input(confirmSubscriptionSchema)
    .mutation(async ({ ctx, input }) => {
      await confirmSubscription(ctx.db, input.token, ctx.clock.now());
      return { ok: true as const };
    }),

  /** The unsubscribe page (/newsletter/unsubscribe?token=…): the address is deleted, only a count stays. */
  unsubscribe: publicProcedure
    .use(rateLimitedByIp(UNSUBSCRIBE_PER_IP))
    .input(unsubscribeSchema)
    .mutation(async ({ ctx, input }) => {
      if (!(await unsubscribe(ctx.db, input.token))) throw new AppError('TOKEN_INVALID', 'unknown unsubscribe token');
      return { ok: true as const };
    }),

  // ---- Admins: compose, preview, test, send, follow; the subscriber list.

  /** Every newsletter, newest first, with its progress. */
  list: adminProcedure.query(({ ctx }) => newsletters.listNewsletters(ctx.db)),

  get: adminProcedure.input(newsletterIdSchema).query(({ ctx, input }) => newsletters.getNewsletter(ctx.db, input.id)),

  create: adminProcedure
    .input(newsletterContentSchema)
    .mutation(({ ctx, input }) => newsletters.createDraft(ctx.db, input, ctx.user, ctx.clock.now())),

  update: adminProcedure
    .input(updateNewsletterSchema)
    .mutation(({ ctx, input: { id, ...content } }) => newsletters.updateDraft(ctx.db, id, content, ctx.clock.now())),

  delete: adminProcedure.input(newsletterIdSchema).mutation(async ({ ctx, input }) => {
    await newsletters.deleteDraft(ctx.db, input.id);
    return { ok: true as const };
  }),

  /**
   * The mail as a subscriber with `locale` would receive it, from the form's current (unsaved) text.
   * A mutation only because the text can be long: a query would carry it in the URL. It changes nothing.
   */
  preview: adminProcedure
    .input(previewNewsletterSchema)
    .mutation(({ ctx, input: { locale, ...content } }) => previewNewsletter(content, locale, ctx.config.publicUrl)),

  /** One mail to the admin's own address (in the admin's language unless another is asked for). */
  sendTest: adminProcedure.input(sendTestNewsletterSchema).mutation(async ({ ctx, input }) => {
    const locale = input.locale ?? (isLocale(ctx.user.locale) ? ctx.user.locale : 'de');
    const result = await sendTestNewsletter(sendDeps(ctx), input.id, ctx.user, locale);
    ctx.outbox.kick();
    return result;
  }),

  /** Queues the newsletter for every confirmed subscriber; again (a double click, after a crash) queues only what is missing. */
  send: adminProcedure.input(newsletterIdSchema).mutation(async ({ ctx, input }) => {
    const { queued } = await sendNewsletter(sendDeps(ctx), input.id, ctx.user);
    ctx.outbox.kick();
    return { queued, newsletter: await newsletters.getNewsletter(ctx.db, input.id) };
  }),

  progress: adminProcedure.input(newsletterIdSchema).query(({ ctx, input }) => newsletters.newsletterProgress(ctx.db, input.id)),

  subscribers: adminProcedure.input(subscribersPageSchema).query(({ ctx, input }) => listSubscribers(ctx.db, input.page)),

  /** The whole list as CSV text (the page offers it as a download). */
  exportSubscribers: adminProcedure.query(({ ctx }) => exportSubscribersCsv(ctx.db, ctx.clock.now())),

  deleteSubscriber: adminProcedure.input(subscriberIdSchema).mutation(async ({ ctx, input }) => {
    if (!(await deleteSubscriber(ctx.db, input.id))) throw new AppError('NOT_FOUND', 'no such subscriber');
    return { ok: true as const };
  }),
});
