import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';
import { ErrorView } from './components/feedback/ErrorView';
import { NotFoundPage } from './components/feedback/NotFoundPage';
import { ColorThemeProvider } from './features/theme/ColorThemeProvider';
import { forgetPageFormStateOnNavigation } from './lib/forms/posted-form';
import { ageServerDataFromArrival } from './lib/server-data-age';
import { routeTree } from './routeTree.gen';
import type { Trpc } from './trpc';

/**
 * What every route's loader, beforeLoad and head receive: the query cache of this render, the typed
 * procedures (a direct call on the server, HTTP in the browser), the translations of this render, and
 * which side renders (a loader may wait on the server, so the data is in the HTML, and not in the browser).
 */
export type RouterContext = { queryClient: QueryClient; trpc: Trpc; i18n: I18n; isServer: boolean };

/**
 * One router per server-rendered request and one per browser tab, built the same way on both sides so
 * the client hydrates exactly what the server rendered. On the server, `scriptNonce` marks the inline
 * scripts the router writes, so that the page's CSP trusts those and nothing else (src-server/pages/own-scripts.ts).
 */
export function createAppRouter(context: RouterContext, options: { scriptNonce?: string } = {}) {
  const router = createRouter({
    routeTree,
    context,
    ssr: options.scriptNonce ? { nonce: options.scriptNonce } : undefined,
    defaultPreload: 'intent',
    // Loaders read through TanStack Query, which does its own caching.
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: ErrorView,
    defaultNotFoundComponent: NotFoundPage,
    // An address no route has is the root's 404 page, even below a layout with a not-found view of its
    // own (_admin's, for the guard's denial): no layout's guard runs for it.
    notFoundMode: 'root',
    // Every route change starts at the top of the page (spec §2).
    scrollRestoration: false,
    // Providers that render no element of their own wrap the whole document.
    // (Made once per router, which lives as long as the page; Wrap renders outside the router's context,
    // so it takes i18n from here.)
    Wrap: ({ children }) => (
      <I18nProvider i18n={context.i18n}>
        <ColorThemeProvider>{children}</ColorThemeProvider>
      </I18nProvider>
    ),
  });
  // Loaders fill the query cache; the server sends it along with the page and the browser takes it
  // over, so nothing is fetched twice.
  setupRouterSsrQueryIntegration({ router, queryClient: context.queryClient });
  if (!context.isServer) {
    ageServerDataFromArrival(router, context.queryClient);
    forgetPageFormStateOnNavigation(router, context.queryClient);
  }
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
