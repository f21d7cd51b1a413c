import {
  emailRequestSchema,
  resetPasswordSchema,
  type SignInResult,
  signInSchema,
  signUpSchema,
  verifyEmailSchema,
} from '@shared/schemas/auth';
import { signInCodeSchema } from '@shared/schemas/two-factor';
import { AppError } from '../app-error';
import {
  enforceRateLimit,
  publicProcedure,
  authedProcedure,
  queuesMail,
  refuseRateLimited,
  router,
  rateLimitedByIp,
  type RequestContext,
} from '../trpc';
import * as accounts from './accounts';
import { deleteSessionCookie, setSessionCookie } from './cookies';
import { AUTH_RATE_LIMITS } from './rate-limits';
import { invalidateSession } from './session';
import { reserveSignInAttempt } from './sign-in-guard';
import { completeSignIn } from '../two-factor/sign-in-step';
import { withRetryAfter } from '../two-factor/retry-after';

const accountDeps = (ctx: RequestContext): accounts.AccountDeps => ({
  db: ctx.db,
  now: ctx.clock.now(),
  publicUrl: ctx.config.publicUrl,
  orgName: ctx.config.legal.orgName,
  logger: ctx.logger,
  ip: ctx.clientIp,
  adminTwoFactorRequired: ctx.config.admin2faRequired,
});

export const authRouter = router({
  /** The signed-in user, or null. */
  session: publicProcedure.query(({ ctx }) =>
    ctx.user ? accounts.toSessionUser(ctx.db, ctx.user, ctx.logger, ctx.config.admin2faRequired) : null,
  ),

  signUp: publicProcedure
    .use(rateLimitedByIp(AUTH_RATE_LIMITS.signUpPerIp))
    .use(queuesMail)
    .input(signUpSchema)
    .mutation(async ({ ctx, input }) => {
      await accounts.signUp(accountDeps(ctx), input);
      return { ok: true as const };
    }),

  verifyEmail: publicProcedure
    .use(rateLimitedByIp(AUTH_RATE_LIMITS.tokenUsePerIp))
    .input(verifyEmailSchema)
    .mutation(async ({ ctx, input }) => {
      await accounts.verifyEmail(accountDeps(ctx), input.token);
      return { ok: true as const };
    }),

  resendVerification: publicProcedure
    .use(rateLimitedByIp(AUTH_RATE_LIMITS.emailRequestPerIp))
    .use(queuesMail)
    .input(emailRequestSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceRateLimit(ctx, AUTH_RATE_LIMITS.emailRequestPerEmail, input.email);
      await accounts.resendVerification(accountDeps(ctx), input);
      return { ok: true as const };
    }),

  signIn: publicProcedure
    .use(rateLimitedByIp(AUTH_RATE_LIMITS.signInPerIp))
    .input(signInSchema)
    .mutation(async ({ ctx, input }): Promise<SignInResult> => {
      const now = ctx.clock.now();
      const attempt = await reserveSignInAttempt(ctx.db, input.email, ctx.clientIp, now);
      if (!attempt.allowed) {
        await attempt.release();
        refuseRateLimited(ctx, 'sign-in failures', attempt.retryAfterSeconds);
      }
      const result = await accounts.signIn(accountDeps(ctx), input).catch(async (error: unknown) => {
        // A wrong password (or unknown address) keeps its count; anything else was no guess.
        if (!(error instanceof AppError && error.code === 'INVALID_CREDENTIALS')) await attempt.release();
        throw error;
      });
      await attempt.release();
      // Two-factor sign-in: no session yet; the browser sends the challenge back with the code (signInWithCode).
      if ('challenge' in result) return { twoFactorChallenge: result.challenge };
      // A new sign-in replaces whatever session this browser had.
      if (ctx.session) await invalidateSession(ctx.db, ctx.session.id);
      setSessionCookie(ctx.resHeaders, result.token, result.expiresAt, ctx.clock.now(), ctx.config.isHttps);
      return result.user;
    }),

  /** The second step of a sign-in with two-factor (ADR 041): the challenge of the password step and a code. */
  signInWithCode: publicProcedure
    .use(rateLimitedByIp(AUTH_RATE_LIMITS.signInPerIp))
    .input(signInCodeSchema)
    .mutation(async ({ ctx, input }) => {
      const deps = accountDeps(ctx);
      const { token, expiresAt, user } = await withRetryAfter(ctx, completeSignIn(deps, input));
      if (ctx.session) await invalidateSession(ctx.db, ctx.session.id);
      setSessionCookie(ctx.resHeaders, token, expiresAt, ctx.clock.now(), ctx.config.isHttps);
      return accounts.toSessionUser(ctx.db, user, ctx.logger, ctx.config.admin2faRequired);
    }),

  signOut: authedProcedure.mutation(async ({ ctx }) => {
    await invalidateSession(ctx.db, ctx.session.id);
    deleteSessionCookie(ctx.resHeaders, ctx.config.isHttps);
    return { ok: true as const };
  }),

  requestPasswordReset: publicProcedure
    .use(rateLimitedByIp(AUTH_RATE_LIMITS.emailRequestPerIp))
    .use(queuesMail)
    .input(emailRequestSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceRateLimit(ctx, AUTH_RATE_LIMITS.emailRequestPerEmail, input.email);
      await accounts.requestPasswordReset(accountDeps(ctx), input);
      return { ok: true as const };
    }),

  resetPassword: publicProcedure
    .use(rateLimitedByIp(AUTH_RATE_LIMITS.tokenUsePerIp))
    .input(resetPasswordSchema)
    .mutation(async ({ ctx, input }) => {
      await accounts.resetPassword(accountDeps(ctx), input, ctx.session?.id);
      // This browser's session ended with the others: its cookie goes too, so it signs in afresh.
      if (ctx.session) deleteSessionCookie(ctx.resHeaders, ctx.config.isHttps);
      return { ok: true as const };
    }),
});
