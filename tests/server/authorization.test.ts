/**
 * Every procedure of the API is either explicitly public, explicitly "any signed-in user", or admin-only.
 * This file walks the whole app router and calls each non-public procedure over real HTTP as an
 * anonymous visitor, as a signed-in user without a role and as an admin. A new procedure that is not
 * on an allowlist below is treated as admin-only, so adding one without its guard fails this test.
 *
 * The guards are middlewares that run before input validation (adminProcedure/authedProcedure are
 * built before `.input()`), which is why an empty input `{}` is enough to reach them.
 */
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '@server/app-error';
import { resolveRequestSession } from '@server/auth/request-session';
import { grantAdmin, isAdmin } from '@server/auth/roles';
import { createSession } from '@server/auth/session';
import { SESSION_COOKIE } from '@server/auth/cookies';
import { listen, type RunningServer } from '@server/http/listen';
import { createLogger } from '@server/lib/logger';
import { appRouter } from '@server/router';
import { adminProcedure, authedProcedure, publicProcedure, router } from '@server/trpc';
import { createUser, signIn } from '../support/accounts';
import { trpcMutation, trpcQuery } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';

/** Anyone may call these (signed out included). Keep this list short and deliberate. */
const PUBLIC = [
  'site.config',
  'site.reportNotFound',
  'auth.session',
  'auth.signUp',
  'auth.verifyEmail',
  'auth.resendVerification',
  'auth.signIn',
  'auth.requestPasswordReset',
  'auth.resetPassword',
  // The public blog: published posts only (drafts are reached through the admin-only procedures).
  'blog.list',
  'blog.bySlug',
  // Newsletter sign-up with double opt-in: anyone may subscribe and confirm from the mailed link.
  'newsletter.subscribe',
  'newsletter.confirm',
];

/** Any signed-in user may call these, without a role. */
const AUTHED = ['auth.signOut'];

// Everything else is admin-only.

// ---------------------------------------------------------------------------------------------
// The checker: knows nothing about this app, only about a router's procedures and a way to call them.

type Caller = 'anonymous' | 'user' | 'admin';
type ProcedureType = string;
type CallResult = { status: number; appCode: string | null };
type CallProcedure = (path: string, type: ProcedureType, as: Caller) => Promise<CallResult>;
type Policy = { public: readonly string[]; authed: readonly string[] };
type AnyRouter = { _def: { procedures: Record<string, unknown>; lazy: Record<string, { load(): Promise<void> }> } };

/** Every procedure of a router by its dotted path, with its type (lazy sub-routers are loaded first). */
async function listProcedures(target: AnyRouter): Promise<Array<{ path: string; type: ProcedureType }>> {
  for (let rounds = 0; Object.keys(target._def.lazy).length > 0; rounds++) {
    if (rounds > 20) throw new Error('lazy routers keep appearing');
    await Promise.all(Object.values(target._def.lazy).map((loader) => loader.load()));
  }
  return Object.entries(target._def.procedures)
    .map(([path, procedure]) => ({ path, type: (procedure as { _def: { type: ProcedureType } })._def.type }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

const describeResult = (result: CallResult) => `${result.status} ${result.appCode ?? '-'}`;

/**
 * Calls every non-public procedure as every kind of caller and returns what is wrong, one line each.
 * - admin-only: anonymous → 401 UNAUTHENTICATED, plain user → 403 FORBIDDEN, admin → neither 401 nor 403;
 * - authed: anonymous → 401 UNAUTHENTICATED, plain user → neither 401 nor 403.
 */
async function findUnguarded(
  procedures: Array<{ path: string; type: ProcedureType }>,
  policy: Policy,
  call: CallProcedure,
): Promise<string[]> {
  const findings: string[] = [];
  for (const { path, type } of procedures) {
    if (policy.public.includes(path)) continue;
    if (type !== 'query' && type !== 'mutation') {
      findings.push(`${path}: a ${type} is not covered by this check; extend findUnguarded`);
      continue;
    }
    const kind = policy.authed.includes(path) ? 'authed' : 'admin-only';

    const anonymous = await call(path, type, 'anonymous');
    if (anonymous.status !== 401 || anonymous.appCode !== 'UNAUTHENTICATED') {
      findings.push(`${path} (${kind}) as anonymous: expected 401 UNAUTHENTICATED, got ${describeResult(anonymous)}`);
    }
    const user = await call(path, type, 'user');
    if (kind === 'admin-only') {
      if (user.status !== 403 || user.appCode !== 'FORBIDDEN') {
        findings.push(`${path} (${kind}) as user: expected 403 FORBIDDEN, got ${describeResult(user)}`);
      }
      const admin = await call(path, type, 'admin');
      if (admin.status === 401 || admin.status === 403) {
        findings.push(`${path} (${kind}) as admin: expected to get past the guard, got ${describeResult(admin)}`);
      }
    } else if (user.status === 401 || user.status === 403) {
      findings.push(`${path} (${kind}) as user: expected to get past the guard, got ${describeResult(user)}`);
    }
  }
  return findings;
}

// ---------------------------------------------------------------------------------------------
// Calling over real HTTP, with a fresh session per call (a procedure that ends sessions or changes
// roles cannot spoil the calls after it).

type Accounts = { userId: string; adminId: string };

function httpCaller(baseUrl: string, app: TestApp, accounts: Accounts): CallProcedure {
  return async (path, type, as) => {
    let cookie: string | undefined;
    if (as !== 'anonymous') {
      const userId = as === 'admin' ? accounts.adminId : accounts.userId;
      if (as === 'admin') await grantAdmin(app.db, userId, app.clock.now());
      const { token } = await createSession(app.db, userId, app.clock.now());
      cookie = `${SESSION_COOKIE}=${token}`;
    }
    const input = {};
    const { status, body } =
      type === 'query' ? await trpcQuery(baseUrl, path, input, { cookie }) : await trpcMutation(baseUrl, path, input, { cookie });
    return { status, appCode: body.error?.data.appCode ?? null };
  };
}

let app: TestApp;
let accounts: Accounts;
const toyServers: RunningServer[] = [];

beforeAll(async () => {
  app = await startTestApp();
  const user = await createUser(app);
  const admin = await createUser(app, { admin: true });
  accounts = { userId: user.user.id, adminId: admin.user.id };

  // The accounts really are what the test takes them for: signed in over HTTP, one admin, one not.
  for (const [account, expectedAdmin] of [
    [user, false],
    [admin, true],
  ] as const) {
    const cookie = await signIn(app, account.email, account.password);
    const session = await trpcQuery(app.url, 'auth.session', undefined, { cookie });
    expect(session.body.result?.data).toMatchObject({ email: account.email, isAdmin: expectedAdmin });
  }
});

afterAll(async () => {
  await Promise.all(toyServers.map((server) => server.close()));
  await app?.close();
});

describe('authorization of every procedure of the app router', () => {
  it('has every allowlisted path in the router (the lists cannot rot)', async () => {
    const paths = (await listProcedures(appRouter)).map((p) => p.path);
    expect(PUBLIC.filter((path) => !paths.includes(path))).toEqual([]);
    expect(AUTHED.filter((path) => !paths.includes(path))).toEqual([]);
    expect(PUBLIC.filter((path) => AUTHED.includes(path))).toEqual([]);
    // The walk sees the procedures (a broken enumeration would check nothing and pass).
    expect(paths).toEqual(expect.arrayContaining(['auth.signIn', 'auth.signOut', 'site.config']));
  });

  it('refuses anonymous callers everywhere but the public procedures, and non-admins on admin-only ones', async () => {
    const procedures = await listProcedures(appRouter);
    const checked = procedures.filter((p) => !PUBLIC.includes(p.path));
    expect(checked.length).toBeGreaterThan(0);
    const findings = await findUnguarded(procedures, { public: PUBLIC, authed: AUTHED }, httpCaller(app.url, app, accounts));
    expect(findings).toEqual([]);
  });
});

describe('the checker itself', () => {
  /** A router with correct and deliberately broken procedures, served over HTTP like the real one. */
  const toyRouter = router({
    fine: router({
      open: publicProcedure.query(() => 'hello'),
      mine: authedProcedure.query(({ ctx }) => ctx.user.id),
      list: adminProcedure.query(() => []),
      create: adminProcedure.input(z.object({ title: z.string().min(1) })).mutation(() => ({ ok: true })),
    }),
    broken: router({
      // Forgot the guard entirely.
      deleteEverything: publicProcedure.mutation(() => ({ ok: true })),
      // Only checks that someone is signed in, but is not on the AUTHED list: any user gets in.
      editPost: authedProcedure.input(z.object({ id: z.string() })).mutation(() => ({ ok: true })),
      // On the AUTHED list, but nobody checks the session.
      myOrders: publicProcedure.query(() => []),
      // Guarded, but after input validation: bad input is answered before the caller is checked.
      lateGuard: publicProcedure
        .input(z.object({ id: z.string() }))
        .use(async ({ ctx, next }) => {
          if (!ctx.user) throw new AppError('UNAUTHENTICATED');
          if (!(await isAdmin(ctx.db, ctx.user.id, ctx.logger))) throw new AppError('FORBIDDEN');
          return next();
        })
        .query(() => 'secret'),
      // Refuses everybody, admins included: not guarded, just broken.
      lockedOut: adminProcedure.query(() => {
        throw new AppError('FORBIDDEN');
      }),
    }),
  });
  const toyPolicy: Policy = { public: ['fine.open'], authed: ['fine.mine', 'broken.myOrders'] };

  async function serveToy(): Promise<string> {
    const logger = createLogger('silent');
    const server = await listen(
      (req) =>
        fetchRequestHandler({
          endpoint: '/api/trpc',
          req,
          router: toyRouter,
          createContext: async ({ req: request, resHeaders }) => ({
            config: app.config,
            db: app.db,
            logger,
            clock: app.clock,
            outbox: { kick: () => undefined },
            requestId: 'toy',
            clientIp: '127.0.0.1',
            resHeaders,
            ...(await resolveRequestSession(app.db, request.headers.get('cookie'), resHeaders, app.clock.now(), false)),
          }),
        }),
      0,
      '127.0.0.1',
    );
    toyServers.push(server);
    return `http://127.0.0.1:${server.port}`;
  }

  it('reports each unguarded or wrongly guarded procedure, and only those', async () => {
    const url = await serveToy();
    const findings = await findUnguarded(await listProcedures(toyRouter), toyPolicy, httpCaller(url, app, accounts));
    expect(findings).toEqual([
      'broken.deleteEverything (admin-only) as anonymous: expected 401 UNAUTHENTICATED, got 200 -',
      'broken.deleteEverything (admin-only) as user: expected 403 FORBIDDEN, got 200 -',
      'broken.editPost (admin-only) as user: expected 403 FORBIDDEN, got 400 VALIDATION_FAILED',
      'broken.lateGuard (admin-only) as anonymous: expected 401 UNAUTHENTICATED, got 400 VALIDATION_FAILED',
      'broken.lateGuard (admin-only) as user: expected 403 FORBIDDEN, got 400 VALIDATION_FAILED',
      'broken.lockedOut (admin-only) as admin: expected to get past the guard, got 403 FORBIDDEN',
      'broken.myOrders (authed) as anonymous: expected 401 UNAUTHENTICATED, got 200 -',
    ]);
  });
});
