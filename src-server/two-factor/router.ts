import { confirmTwoFactorSchema, twoFactorProofSchema } from '@shared/schemas/two-factor';
import { ACCOUNT_RATE_LIMITS } from '../account/rate-limits';
import { requestActor } from '../audit/record';
import { authedProcedure, enforceRateLimit, type RequestContext, router } from '../trpc';
import * as actions from './account-actions';
import { withRetryAfter } from './retry-after';

const deps = (ctx: RequestContext): actions.TwoFactorDeps => ({
  db: ctx.db,
  now: ctx.clock.now(),
  logger: ctx.logger,
  actor: requestActor(ctx),
  // The name the authenticator app shows the entry under.
  issuer: ctx.config.legal.orgName.trim() || 'SchoolBox',
  required: ctx.config.admin2faRequired,
});

/** Two-factor sign-in on /account (ADR 041), for every signed-in user; account.twoFactor.* */
export const twoFactorRouter = router({
  status: authedProcedure.query(({ ctx }) => actions.twoFactorStatus(deps(ctx), ctx.user)),

  /** A new pending secret: the QR code (SVG) and the secret to type in. Shown only now, never again. */
  startSetup: authedProcedure.mutation(({ ctx }) => actions.startSetup(deps(ctx), ctx.user)),

  confirmSetup: authedProcedure.input(confirmTwoFactorSchema).mutation(async ({ ctx, input }) => {
    await enforceRateLimit(ctx, ACCOUNT_RATE_LIMITS.passwordChecksPerUser, ctx.user.id);
    return withRetryAfter(ctx, actions.confirmSetup(deps(ctx), ctx.user, input));
  }),

  disable: authedProcedure.input(twoFactorProofSchema).mutation(async ({ ctx, input }) => {
    if (input.code === undefined) await enforceRateLimit(ctx, ACCOUNT_RATE_LIMITS.passwordChecksPerUser, ctx.user.id);
    await withRetryAfter(ctx, actions.disable(deps(ctx), ctx.user, input));
    return { ok: true as const };
  }),

  renewRecoveryCodes: authedProcedure.input(twoFactorProofSchema).mutation(async ({ ctx, input }) => {
    if (input.code === undefined) await enforceRateLimit(ctx, ACCOUNT_RATE_LIMITS.passwordChecksPerUser, ctx.user.id);
    return withRetryAfter(ctx, actions.renewRecoveryCodes(deps(ctx), ctx.user, input));
  }),
});
