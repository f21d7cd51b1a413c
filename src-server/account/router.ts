import {
  changeNameSchema,
  changePasswordSchema,
  confirmEmailChangeSchema,
  deleteAccountSchema,
  requestEmailChangeSchema,
} from '@shared/schemas/account';
import { toSessionUser } from '../auth/accounts';
import { deleteSessionCookie } from '../auth/cookies';
import { AUTH_RATE_LIMITS } from '../auth/rate-limits';
import { mailFooterOf } from '../mail/footer';
import { authedProcedure, enforceRateLimit, publicProcedure, queuesMail, rateLimitedByIp, router, type RequestContext } from '../trpc';
import * as actions from './actions';
import { ACCOUNT_RATE_LIMITS } from './rate-limits';
import { twoFactorRouter } from '../two-factor/router';

const deps = (ctx: RequestContext): actions.AccountActionDeps => ({
  db: ctx.db,
  now: ctx.clock.now(),
  publicUrl: ctx.config.publicUrl,
  logger: ctx.logger,
  mailFooter: mailFooterOf(ctx.config),
});

/** The signed-in user's own account (/account, ADR 028). The data export is an HTTP GET: export-route.ts. */
export const accountRouter = router({
  /** Two-factor sign-in (ADR 041). */
  twoFactor: twoFactorRouter,

  /** Answers with the session user as it is now, so the page and the menu show the new name at once. */
  changeName: authedProcedure.input(changeNameSchema).mutation(async ({ ctx, input }) => {
    const user = await actions.changeName(ctx.db, ctx.user.id, input, ctx.clock.now());
    return toSessionUser(ctx.db, user, ctx.logger, ctx.config.admin2faRequired);
  }),

  changePassword: authedProcedure.input(changePasswordSchema).mutation(async ({ ctx, input }) => {
    await enforceRateLimit(ctx, ACCOUNT_RATE_LIMITS.passwordChecksPerUser, ctx.user.id);
    await actions.changePassword(deps(ctx), ctx.user, ctx.session.id, input);
    return { ok: true as const };
  }),

  requestEmailChange: authedProcedure
    .use(queuesMail)
    .input(requestEmailChangeSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceRateLimit(ctx, ACCOUNT_RATE_LIMITS.passwordChecksPerUser, ctx.user.id);
      await enforceRateLimit(ctx, ACCOUNT_RATE_LIMITS.emailChangePerUser, ctx.user.id);
      await actions.requestEmailChange(deps(ctx), ctx.user, input);
      return { ok: true as const };
    }),

  /** The link in the mail to the new address; works without a session (another device, another browser). */
  confirmEmailChange: publicProcedure
    .use(rateLimitedByIp(AUTH_RATE_LIMITS.tokenUsePerIp))
    .input(confirmEmailChangeSchema)
    .mutation(async ({ ctx, input }) => {
      await actions.confirmEmailChange(deps(ctx), input.token);
      return { ok: true as const };
    }),

  /** Deletes the account and ends this browser's session with the others (its cookie goes). */
  deleteAccount: authedProcedure.input(deleteAccountSchema).mutation(async ({ ctx, input }) => {
    await enforceRateLimit(ctx, ACCOUNT_RATE_LIMITS.passwordChecksPerUser, ctx.user.id);
    await actions.deleteAccount(deps(ctx), ctx.user, input);
    deleteSessionCookie(ctx.resHeaders, ctx.config.isHttps);
    return { ok: true as const };
  }),
});
