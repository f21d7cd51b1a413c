import { withdrawalDeclarationSchema, type WithdrawalReceipt } from '@shared/schemas/withdrawal';
import { mailFooterOf } from '../mail/footer';
import { teamMailOf } from '../orders/team-mails';
import { legalDetails } from '../site/legal-details';
import { enforceRateLimit, publicProcedure, queuesMail, rateLimitedByIp, router } from '../trpc';
import { declareWithdrawal } from './declare';

const HOUR = 60 * 60_000;
// A person withdraws once or twice; the limits keep a script from guessing order numbers or from
// filling an order's mailbox with receipts.
const DECLARE_PER_IP = { name: 'withdrawal-ip', limit: 10, windowMs: HOUR };
const DECLARE_PER_ORDER = { name: 'withdrawal-order', limit: 5, windowMs: 24 * HOUR };

export const withdrawalsRouter = router({
  /** The withdrawal button (§ 356a BGB): public, no sign-in (guest orders, the law asks for it). */
  declare: publicProcedure
    .use(rateLimitedByIp(DECLARE_PER_IP))
    .use(queuesMail)
    .input(withdrawalDeclarationSchema)
    .mutation(async ({ ctx, input }): Promise<WithdrawalReceipt> => {
      await enforceRateLimit(ctx, DECLARE_PER_ORDER, input.orderNumber);
      return declareWithdrawal(
        {
          db: ctx.db,
          now: ctx.clock.now(),
          logger: ctx.logger,
          footer: mailFooterOf(ctx.config),
          contactEmail: ctx.config.site.email,
          returnAddress: legalDetails(ctx.config).shop.returnAddress,
          team: teamMailOf(ctx.config),
        },
        input,
      );
    }),
});
