import {
  confirmSubscriptionSchema,
  newsletterContentSchema,
  newsletterIdSchema,
  previewNewsletterSchema,
  sendNewsletterSchema,
  sendTestNewsletterSchema,
  subscribeSchema,
  subscriberIdSchema,
  subscribersPageSchema,
  unsubscribeSchema,
  updateNewsletterSchema,
} from '@shared/schemas/newsletter';
import { toLocale } from '@shared/locales';
import { AppError } from '../app-error';
import { recordAudit, requestActor } from '../audit/record';
import { adminProcedure, enforceRateLimit, publicProcedure, queuesMail, rateLimitedByIp, router, type RequestContext } from '../trpc';
import { deleteSubscriber, unsubscribe } from './leaving';
import * as newsletters from './newsletters';
import { NEWSLETTER_RATE_LIMITS } from './rate-limits';
import { mailFooterOf } from '../mail/footer';
import { newsletterFailures, resendFailedDeliveries } from './resending';
import { previewNewsletter, sendTestNewsletter, startSending, type SendDeps } from './sending';
import { exportSubscribersCsv, listSubscribers } from './subscribers';
import { confirmSubscription, subscribe } from './subscriptions';

const sendDeps = (ctx: RequestContext): SendDeps => ({
  db: ctx.db,
  now: ctx.clock.now(),
  publicUrl: ctx.config.publicUrl,
  orgName: ctx.config.legal.orgName,
  logger: ctx.logger,
});

export const newsletterRouter = router({
  subscribe: publicProcedure
    .use(rateLimitedByIp(NEWSLETTER_RATE_LIMITS.subscribePerIp))
    .use(queuesMail)
    .input(subscribeSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceRateLimit(ctx, NEWSLETTER_RATE_LIMITS.subscribePerEmail, input.email);
      const proof = { ip: ctx.clientIp, privacyPolicyVersion: ctx.config.legal.privacyPolicyVersion };
      await subscribe(ctx.db, input, mailFooterOf(ctx.config), proof, ctx.clock.now());
      return { ok: true as const };
    }),

  confirm: publicProcedure
    .use(rateLimitedByIp(NEWSLETTER_RATE_LIMITS.confirmPerIp))
    .input(confirmSubscriptionSchema)
    .mutation(async ({ ctx, input }) => {
      await confirmSubscription(ctx.db, input.token, ctx.clientIp, ctx.clock.now());
      return { ok: true as const };
    }),

  /**
   * The unsubscribe page (/newsletter/unsubscribe?token=…): the address is deleted; a count stays, and the
   * consent record until NEWSLETTER_CONSENT_RETENTION_DAYS have passed (retention job).
   */
  unsubscribe: publicProcedure
    .use(rateLimitedByIp(NEWSLETTER_RATE_LIMITS.unsubscribePerIp))
    .input(unsubscribeSchema)
    .mutation(async ({ ctx, input }) => {
      if (!(await unsubscribe(ctx.db, input.token, ctx.clock.now()))) throw new AppError('TOKEN_INVALID', 'unknown unsubscribe token');
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
    .mutation(({ ctx, input: { id, version, ...content } }) => newsletters.updateDraft(ctx.db, id, version, content, ctx.clock.now())),

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
    .mutation(({ ctx, input: { locale, ...content } }) => previewNewsletter(content, locale, mailFooterOf(ctx.config))),

  /** One mail to the admin's own address (in the admin's language unless another is asked for). */
  sendTest: adminProcedure
    .use(queuesMail)
    .input(sendTestNewsletterSchema)
    .mutation(async ({ ctx, input }) => {
      const locale = input.locale ?? toLocale(ctx.user.locale);
      return sendTestNewsletter(sendDeps(ctx), input.id, ctx.user, locale);
    }),

  /**
   * Starts sending to every confirmed subscriber: the newsletter becomes 'sending' and the queue worker
   * queues its mails (queue-worker.ts), so a process that dies meanwhile leaves nothing half done. Again
   * (a double click) changes nothing.
   */
  send: adminProcedure.input(sendNewsletterSchema).mutation(async ({ ctx, input }) => {
    await startSending(ctx.db, input, ctx.user, ctx.clock.now(), requestActor(ctx));
    ctx.newsletterQueue.kick();
    return { newsletter: await newsletters.getNewsletter(ctx.db, input.id) };
  }),

  progress: adminProcedure.input(newsletterIdSchema).query(({ ctx, input }) => newsletters.newsletterProgress(ctx.db, input.id)),

  /** Why the newsletter's failed mails failed (the mail server's answers) and how many may be sent again. */
  failures: adminProcedure.input(newsletterIdSchema).query(({ ctx, input }) => newsletterFailures(ctx.db, input.id)),

  /**
   * "Fehlgeschlagene erneut senden": queues the failed mails again, to addresses still on the list (audited).
   * Again (a double click) queues nothing twice.
   */
  resendFailed: adminProcedure
    .use(queuesMail)
    .input(newsletterIdSchema)
    .mutation(({ ctx, input }) => resendFailedDeliveries(sendDeps(ctx), input.id, requestActor(ctx))),

  subscribers: adminProcedure.input(subscribersPageSchema).query(({ ctx, input }) => listSubscribers(ctx.db, input.page)),

  /** The whole list as CSV text (the page offers it as a download); who took it is in the audit trail. */
  exportSubscribers: adminProcedure.query(({ ctx }) =>
    ctx.db.transaction().execute(async (trx) => {
      const now = ctx.clock.now();
      const file = await exportSubscribersCsv(trx, now);
      await recordAudit(trx, requestActor(ctx), { action: 'subscribers.exported', detail: { filename: file.filename } }, now);
      return file;
    }),
  ),

  deleteSubscriber: adminProcedure.input(subscriberIdSchema).mutation(async ({ ctx, input }) => {
    if (!(await deleteSubscriber(ctx.db, input.id, ctx.clock.now(), requestActor(ctx))))
      throw new AppError('NOT_FOUND', 'no such subscriber');
    return { ok: true as const };
  }),
});
