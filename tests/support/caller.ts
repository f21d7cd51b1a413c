/**
 * Calling the app router without HTTP, for tests of domain rules where HTTP adds nothing: the same
 * procedures, middlewares and guards, with a context built here instead of from a request.
 */
import { createSession } from '@server/auth/session';
import type { UserRow } from '@server/db/schema';
import { appRouter } from '@server/router';
import { createCallerFactory, errorShapeOf, type RequestContext } from '@server/trpc';
import type { TestRuntime } from './test-runtime';

const createCaller = createCallerFactory(appRouter);
export type TestCaller = ReturnType<typeof createCaller>;

/** A caller as an anonymous visitor, or as `user` with a fresh session of their own. */
export async function callerFor(
  runtime: TestRuntime,
  user: UserRow | null = null,
  context: Partial<RequestContext> = {},
): Promise<TestCaller> {
  const session = user ? (await createSession(runtime.db, user.id, runtime.clock.now())).session : null;
  return createCaller({
    ...runtime.appDeps,
    requestId: 'test',
    clientIp: '127.0.0.1',
    resHeaders: new Headers(),
    session,
    user,
    ...context,
  });
}

/**
 * The error data a call fails with, exactly as the client would receive it over HTTP (code, httpStatus,
 * appCode, fieldErrors, details); fails the test when the call succeeds.
 */
export async function failureOf(call: Promise<unknown>) {
  let result: unknown;
  try {
    result = await call;
  } catch (error) {
    return errorShapeOf(error).data;
  }
  throw new Error(`expected the call to fail, it returned ${JSON.stringify(result)}`);
}
