import { contactMessageSchema } from '@shared/schemas/contact';
import { mailFooterOf } from '../mail/footer';
import { enforceRateLimit, publicProcedure, queuesMail, rateLimitedByIp, router } from '../trpc';
import { issueFormToken } from './form-token';
import { sendContactMessage } from './messages';

const HOUR = 60 * 60_000;
// A person writes a few messages at most. The limit per address also keeps the form from being used
// to send receipts to someone else's address over and over.
const SEND_PER_IP = { name: 'contact-ip', limit: 10, windowMs: HOUR };
const SEND_PER_EMAIL = { name: 'contact-email', limit: 5, windowMs: 24 * HOUR };

export const contactRouter = router({
  /**
   * The signed timestamp the contact form sends back (form-token.ts), fetched by the browser when the
   * form appears. Each answer is new: it is not among app.ts's public reads, so it goes out as every
   * private answer does, kept by no cache (http/private-answers.ts).
   */
  formToken: publicProcedure.query(async ({ ctx }) => ({ token: await issueFormToken(ctx.db, ctx.clock.now()) })),
  /** The contact form (spec §7 "send contact message"). A bot's submission answers the same as a person's. */
  send: publicProcedure
    // Checked before the limit: a form sent back for a missing field does not use up the hour's messages of
    // everyone behind the same address (a school, an office). Sign-in limits come first, on purpose: they
    // count tries.
    .input(contactMessageSchema)
    .use(rateLimitedByIp(SEND_PER_IP))
    .use(queuesMail)
    .mutation(async ({ ctx, input }) => {
      await enforceRateLimit(ctx, SEND_PER_EMAIL, input.email);
      // A bot's message is not stored and queues nothing: the kick then finds no mail, as any kick may.
      await sendContactMessage(
        {
          db: ctx.db,
          now: ctx.clock.now(),
          contactInbox: ctx.config.contactInbox,
          logger: ctx.logger,
          mailFooter: mailFooterOf(ctx.config),
          // A message sent while signed in belongs to the account's data export (ADR 028).
          userId: ctx.user?.id ?? null,
        },
        input,
      );
      return { ok: true as const };
    }),
});
