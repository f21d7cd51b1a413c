import { donationStartSchema, donationStatusSchema } from '@shared/schemas/donation';
import { publicProcedure, rateLimitedByIp, router } from '../trpc';
import { startDonation } from './start';
import { donationStatus } from './status';

const HOUR = 60 * 60_000;
// A person clicks "donate" a few times at most (a changed amount, a cancelled Checkout). The limit keeps
// the form from being used to make Stripe sessions (and rows) by the thousand.
const START_PER_IP = { name: 'donation-start-ip', limit: 20, windowMs: HOUR };
// The thank-you page asks once, and again while a payment is pending; guessing session ids is pointless.
const STATUS_PER_IP = { name: 'donation-status-ip', limit: 120, windowMs: HOUR };

/** Donations through Stripe Checkout (ADR 031): the form's click and the thank-you page's question. */
export const donationsRouter = router({
  /** The donate button: stores the donation, creates its Checkout session, answers the URL to send the browser to. */
  start: publicProcedure
    .use(rateLimitedByIp(START_PER_IP))
    .input(donationStartSchema)
    .mutation(({ ctx, input }) =>
      startDonation({ db: ctx.db, now: ctx.clock.now(), logger: ctx.logger, config: ctx.config, stripe: ctx.stripe }, input),
    ),
  /** The thank-you page: received, pending (SEPA), open, failed or unknown, with the server's amount and mode. */
  status: publicProcedure
    .use(rateLimitedByIp(STATUS_PER_IP))
    .input(donationStatusSchema)
    .query(({ ctx, input }) => donationStatus(ctx, input.sessionId)),
});
