import { InfiniteQueryObserver, QueryObserver, type QueryClient } from '@tanstack/react-query';
import { type AnyRoute, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18nFor } from '@server/lib/i18n';
import { QUERY_RETRY_COUNT } from '@shared/constants';
import { blogListQuery } from '@client/features/blog/blog-queries';
import { legalDetailsQuery } from '@client/features/legal/legal-details-query';
import { routeTree } from '@client/routeTree.gen';
import { Route as BlogAdminRoute } from '@client/routes/_admin/blog-admin';
import { Route as BlogRoute } from '@client/routes/blog/route';
import { createBrowserTrpc, createQueryClient, type Trpc } from '@client/trpc';

// A route's loader in the browser starts its prefetches and lets the page show at once in its loading
// state; the page's query takes over the fetch in flight (src-client/lib/wait-on-server.ts). A loader that
// waited kept the previous page on screen through the whole retry series, and the page's query then ran
// a second series: a failing list cost 8 requests and 14 s (spec §9 allows 3 retries).

const SLUG = 'ein-beitrag';

/** What a loader receives in the browser, for any route (the parts the loaders read). */
function loaderArgs(queryClient: QueryClient, trpc: Trpc, pathname: string) {
  return {
    context: { queryClient, trpc, i18n: i18nFor('de'), isServer: false },
    deps: {},
    params: { slug: SLUG, id: 'newsletter-1' },
    location: { pathname, search: {}, state: {}, href: pathname },
    search: {},
    preload: false,
    cause: 'enter',
    abortController: new AbortController(),
  } as never;
}

/** Every route of the app, as a router sets them up (with their ids and full paths). */
function allRoutes(): AnyRoute[] {
  const router = createRouter({ routeTree, history: createMemoryHistory(), context: {} as never });
  return Object.values(router.routesById) as AnyRoute[];
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('every route loader in the browser', () => {
  beforeEach(() => {
    // No answer ever comes.
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
  });

  it('lets the page show without waiting for its prefetches (only for data the page cannot be shown without)', async () => {
    const queryClient = createQueryClient();
    const trpc = createBrowserTrpc(queryClient);
    // The data a page is not shown without (`ensureQueryData`: the error page when it fails) is there.
    queryClient.setQueryData(trpc.site.config.queryKey(), {} as never);
    queryClient.setQueryData(legalDetailsQuery(trpc).queryKey, {} as never);
    queryClient.setQueryData(trpc.blog.bySlug.queryKey({ slug: SLUG, lang: 'de' }), { languages: ['de'], imageUrl: null } as never);

    const waiting: string[] = [];
    let loaders = 0;
    for (const route of allRoutes()) {
      const loader = route.options.loader as ((args: never) => unknown) | undefined;
      if (!loader) continue;
      loaders++;
      const pathname = (route.fullPath as string).replace('$slug', SLUG).replace('$id', 'newsletter-1') || '/';
      const settled = Promise.resolve()
        .then(() => loader(loaderArgs(queryClient, trpc, pathname)))
        .then(
          () => true,
          () => true,
        );
      const shown = await Promise.race([settled, new Promise<false>((resolve) => setTimeout(() => resolve(false), 50))]);
      if (!shown) waiting.push(route.id as string);
    }
    expect(loaders).toBeGreaterThan(10);
    expect(waiting).toEqual([]);
    // The batched calls go out (to no answer) now, not into the next test's server.
    await new Promise((resolve) => setTimeout(resolve, 10));
    queryClient.clear();
  });
});

describe('a list that fails to load', () => {
  /** Every call answers 500, as a failing server does; counts the calls of each procedure. */
  function failingServer(): Map<string, number> {
    const calls = new Map<string, number>();
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const paths = decodeURIComponent(url.pathname.replace(/^\/api\/trpc\//, '')).split(',');
      for (const path of paths) calls.set(path, (calls.get(path) ?? 0) + 1);
      const error = { error: { message: 'down', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 } } };
      return new Response(JSON.stringify(paths.map(() => error)), { status: 500, headers: { 'content-type': 'application/json' } });
    });
    return calls;
  }

  const cases = [
    {
      page: '/blog-admin',
      procedure: 'blog.listAll',
      route: BlogAdminRoute,
      observe: (queryClient: QueryClient, trpc: Trpc) => new QueryObserver(queryClient, trpc.blog.listAll.queryOptions()),
    },
    {
      page: '/blog',
      procedure: 'blog.list',
      route: BlogRoute,
      observe: (queryClient: QueryClient, trpc: Trpc) => new InfiniteQueryObserver(queryClient, blogListQuery(trpc, undefined, 'de')),
    },
  ];

  for (const { page, procedure, route, observe } of cases) {
    it(`${page}: the page shows at once, and the failure costs one retry series (${procedure} asked ${1 + QUERY_RETRY_COUNT} times)`, async () => {
      vi.useFakeTimers();
      const calls = failingServer();
      const queryClient = createQueryClient();
      const trpc = createBrowserTrpc(queryClient);
      const start = Date.now();
      let shownAt: number | null = null;
      let observer: ReturnType<typeof observe> | null = null;
      // As the router does: the page (and its useQuery) mounts once the loader is done.
      const loader = route.options.loader as (args: never) => unknown;
      const loading = Promise.resolve(loader(loaderArgs(queryClient, trpc, page))).then(() => {
        shownAt = Date.now();
        observer = observe(queryClient, trpc);
        observer.subscribe(() => undefined);
      });
      await vi.advanceTimersByTimeAsync(120_000);
      await loading;

      expect(calls.get(procedure)).toBe(1 + QUERY_RETRY_COUNT);
      expect(shownAt).toBe(start);
      const result = (observer as ReturnType<typeof observe> | null)?.getCurrentResult();
      expect(result?.isError).toBe(true);
      queryClient.clear();
    });
  }
});
