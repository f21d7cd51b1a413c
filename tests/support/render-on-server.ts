import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { i18nFor } from '@server/lib/i18n';
import type { SessionUser } from '@shared/schemas/auth';
import { AuthProvider } from '@client/features/auth/AuthProvider';
import { LocaleProvider } from '@client/i18n/LocaleProvider';
import { createBrowserTrpc, createQueryClient } from '@client/trpc';

export type Trpc = ReturnType<typeof createBrowserTrpc>;
export type TestQueryClient = ReturnType<typeof createQueryClient>;

export type ServerRenderOptions = {
  /** Where the router stands (what useLocation and links see). */
  path: string;
  /** Fills (or fails) the queries the component reads, before it renders. */
  prefetch?: (trpc: Trpc, queryClient: TestQueryClient) => Promise<void> | void;
  /**
   * false: a render asks nothing again, so it shows the state the browser reaches once a failed query's
   * retries are over. True or left out: the query client's own defaults (a failed query is asked again).
   */
  retryOnMount?: boolean;
  /** Signed in as this user: the session query answered with them, and the component inside AuthProvider. */
  signedInAs?: SessionUser;
  /** Inside LocaleProvider too, for components that read the page's locale from it. */
  withLocale?: boolean;
};

/**
 * `component` rendered to HTML as the server renders it, in German: inside the query client, Lingui,
 * Mantine and a router at `path` (whose context carries the tRPC proxy), after `prefetch`.
 */
export async function renderOnServer(component: () => ReactElement, options: ServerRenderOptions): Promise<string> {
  const queryClient = createQueryClient({ isServer: true });
  if (options.retryOnMount === false) {
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retryOnMount: false } });
  }
  const trpc = createBrowserTrpc(queryClient);
  const user = options.signedInAs;
  if (user) queryClient.setQueryData(trpc.auth.session.queryKey(), user);
  await options.prefetch?.(trpc, queryClient);
  const rootRoute = createRootRoute({ component: user ? () => createElement(AuthProvider, null, component()) : component });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [options.path] }),
    context: { trpc } as never,
  });
  await router.load();
  const page = createElement(MantineProvider, null, createElement(RouterProvider, { router }));
  return renderToString(
    createElement(
      QueryClientProvider,
      { client: queryClient },
      createElement(I18nProvider, { i18n: i18nFor('de') }, options.withLocale ? createElement(LocaleProvider, null, page) : page),
    ),
  );
}
