import { confirmSubscriptionSchema, subscribeSchema } from '@shared/schemas/newsletter';
import { enforceRateLimit, publicProcedure, rateLimitedByIp, router } from '../trpc';
import { confirmSubscription, subscribe } from './subscriptions';

const HOUR = 60 * 60_000;
const SUBSCRIBE_PER_IP = { name: 'newsletter-ip', limit: 10, windowMs: HOUR };
const SUBSCRIBE_PER_EMAIL = { name: 'newsletter-email', limit: 3, windowMs: HOUR };
const CONFIRM_PER_IP = { name: 'newsletter-confirm-ip', limit: 30, windowMs: HOUR / 4 };

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
});
