/**
 * Every procedure of the API declares who may call it: the procedure kinds of src-server/trpc.ts set
 * its `access` meta ('public', 'user' or 'admin'). This file walks the whole app router and checks that
 * each declaration is enforced, calling every non-public procedure over real HTTP as an anonymous
 * visitor, as a signed-in user without a role and as an admin. (fuzz.test.ts checks the same matrix
 * with generated inputs.)
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
import { listen, type RunningServer } from '@server/http/listen';
import { createLogger } from '@server/lib/logger';
import { appRouter } from '@server/router';
import { adminProcedure, authedProcedure, publicProcedure, router } from '@server/trpc';
import { createUser, sessionCookie, signIn } from '../support/accounts';
import { trpcMutation, trpcQuery } from '../support/http';
import { listProcedures, type ProcedureInfo } from '../support/router-walk';
import { startTestApp, type TestApp } from '../support/test-app';

// ---------------------------------------------------------------------------------------------
// The checker: knows nothing about this app, only about a router's procedures and a way to call them.

type Caller = 'anonymous' | 'user' | 'admin';
type ProcedureType = string;
type CallResult = { status: number; appCode: string | null };
type CallProcedure = (path: string, type: ProcedureType, as: Caller) => Promise<CallResult>;

const describeResult = (result: CallResult) => `${result.status} ${result.appCode ?? '-'}`;

/**
 * Calls every non-public procedure as every kind of caller and returns what is wrong, one line each.
 * - admin: anonymous → 401 UNAUTHENTICATED, plain user → 403 FORBIDDEN, admin → neither 401 nor 403;
 * - user: anonymous → 401 UNAUTHENTICATED, plain user → neither 401 nor 403.
 * A procedure without a declared access is treated as admin-only (and reported).
 */
async function findUnguarded(procedures: ProcedureInfo[], call: CallProcedure): Promise<string[]> {
  const findings: string[] = [];
  for (const { path, type, access } of procedures) {
    if (access === 'public') continue;
    if (!access) findings.push(`${path}: no declared access; build it from publicProcedure, authedProcedure or adminProcedure`);
    if (type !== 'query' && type !== 'mutation') {
      findings.push(`${path}: a ${type} is not covered by this check; extend findUnguarded`);
      continue;
    }
    const kind = access ?? 'admin';

    const anonymous = await call(path, type, 'anonymous');
    if (anonymous.status !== 401 || anonymous.appCode !== 'UNAUTHENTICATED') {
      findings.push(`${path} (${kind}) as anonymous: expected 401 UNAUTHENTICATED, got ${describeResult(anonymous)}`);
    }
    const user = await call(path, type, 'user');
    if (kind === 'admin') {
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
      cookie = await sessionCookie(app, userId);
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
  it('sees the procedures, each with a declared access', async () => {
    const procedures = await listProcedures(appRouter);
    // The walk sees the procedures (a broken enumeration would check nothing and pass).
    expect(procedures.map((p) => p.path)).toEqual(expect.arrayContaining(['auth.signIn', 'auth.signOut', 'blog.create', 'site.config']));
    expect(procedures.find((p) => p.path === 'auth.signOut')?.access).toBe('user');
    expect(procedures.find((p) => p.path === 'blog.create')?.access).toBe('admin');
    expect(procedures.filter((p) => !p.access).map((p) => p.path)).toEqual([]);
  });

  it('refuses anonymous callers of user and admin procedures, and non-admins of admin procedures', async () => {
    const procedures = await listProcedures(appRouter);
    expect(procedures.filter((p) => p.access !== 'public').length).toBeGreaterThan(0);
    expect(await findUnguarded(procedures, httpCaller(app.url, app, accounts))).toEqual([]);
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
      // Declared admin-only, but the guard is missing.
      deleteEverything: publicProcedure.meta({ access: 'admin' }).mutation(() => ({ ok: true })),
      // Declared admin-only, but only checks that someone is signed in: any user gets in.
      editPost: authedProcedure
        .meta({ access: 'admin' })
        .input(z.object({ id: z.string() }))
        .mutation(() => ({ ok: true })),
      // Declared for signed-in users, but nobody checks the session.
      myOrders: publicProcedure.meta({ access: 'user' }).query(() => []),
      // Guarded, but after input validation: bad input is answered before the caller is checked.
      lateGuard: publicProcedure
        .meta({ access: 'admin' })
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

  async function serveToy(): Promise<string> {
    const logger = createLogger('silent');
    const server = await listen(
      (req) =>
        fetchRequestHandler({
          endpoint: '/api/trpc',
          req,
          router: toyRouter,
          createContext: async ({ req: request, resHeaders }) => ({
            ...app.appDeps,
            logger,
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
    const findings = await findUnguarded(await listProcedures(toyRouter), httpCaller(url, app, accounts));
    expect(findings).toEqual([
      'broken.deleteEverything (admin) as anonymous: expected 401 UNAUTHENTICATED, got 200 -',
      'broken.deleteEverything (admin) as user: expected 403 FORBIDDEN, got 200 -',
      'broken.editPost (admin) as user: expected 403 FORBIDDEN, got 400 VALIDATION_FAILED',
      'broken.lateGuard (admin) as anonymous: expected 401 UNAUTHENTICATED, got 400 VALIDATION_FAILED',
      'broken.lateGuard (admin) as user: expected 403 FORBIDDEN, got 400 VALIDATION_FAILED',
      'broken.lockedOut (admin) as admin: expected to get past the guard, got 403 FORBIDDEN',
      'broken.myOrders (user) as anonymous: expected 401 UNAUTHENTICATED, got 200 -',
    ]);
  });
});
