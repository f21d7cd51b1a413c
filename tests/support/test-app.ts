import { join } from 'node:path';
import type { Http2Bindings, HttpBindings } from '@hono/node-server';
import { type CreateAppOptions, createApp } from '@server/app';
import { isNotFoundPath, isSharedPage, renderPage, routeIdOf } from '@client/entry-server';
import { createBuiltClient } from '@server/http/built-client';
import { listen } from '@server/http/listen';
import { createBuiltRenderer, type PageRenderer } from '@server/pages/renderer';
import { writeFakeClientBuild } from './fake-client-build';
import { startTestRuntime, type TestRuntime, type TestRuntimeOptions } from './test-runtime';

export type TestApp = TestRuntime & {
  url: string;
  origin: string;
  /** fetch against the running server; POSTs carry the site's Origin unless the test sets another. */
  request(path: string, init?: RequestInit): Promise<Response>;
};

export type TestAppOptions = TestRuntimeOptions & {
  /** Wraps the page renderer, e.g. to make it let something into a page that it should not. */
  wrapRenderer?: (renderer: PageRenderer) => PageRenderer;
  /** Replaces what the app gets (not the runtime), e.g. a media store that fails, or /healthz's free-space probe. */
  appOverrides?: Partial<Omit<CreateAppOptions, 'client' | 'renderer'>>;
};

const PLENTY_OF_FREE_SPACE = 100 * 1024 ** 3;

/**
 * The real app on a real port, over a test runtime (freshly migrated database, movable clock, captured
 * log lines and mails). Each call is independent; close() removes everything.
 */
export async function startTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  // The port is only known after listening, and PUBLIC_URL must match it for the origin check. The
  // server listens on port 0 at once and keeps the port: a port closed and listened on again later could
  // be taken meanwhile by another test file's server (EADDRINUSE in CI). Until the app is built, it
  // answers 503.
  // Node's request and response go along (env): the app reads the client's address from them.
  let handle: (request: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response> = () =>
    new Response(null, { status: 503 });
  const running = await listen((request, env) => handle(request, env), 0, '127.0.0.1');
  const port = running.port;
  const url = `http://127.0.0.1:${port}`;

  const runtime = await startTestRuntime({ PORT: String(port), PUBLIC_URL: url, ...env }, options).catch(async (error: unknown) => {
    await running.close();
    throw error;
  });
  const clientDir = join(runtime.dir, 'client');
  writeFakeClientBuild(clientDir);
  const renderer = createBuiltRenderer(clientDir, { render: renderPage, isNotFoundPath, routeIdOf, isSharedPage });
  const app = createApp({
    ...runtime.appDeps,
    // /healthz's free-space probe reads this machine's disk, which a test machine may have nearly full:
    // tests see plenty unless they say otherwise (health.test.ts).
    freeSpace: async () => PLENTY_OF_FREE_SPACE,
    ...options.appOverrides,
    client: createBuiltClient(clientDir),
    renderer: options.wrapRenderer ? options.wrapRenderer(renderer) : renderer,
  });
  handle = app.fetch;

  return {
    ...runtime,
    url,
    origin: url,
    request: (path, init = {}) => {
      const headers = new Headers(init.headers);
      if (init.method && init.method !== 'GET' && !headers.has('origin')) headers.set('origin', url);
      return fetch(`${url}${path}`, { ...init, headers });
    },
    async close() {
      await running.close();
      await runtime.close();
    },
  };
}
