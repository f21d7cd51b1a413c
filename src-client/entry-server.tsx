import type { I18n } from '@lingui/core';
import { createRequestHandler, renderRouterToString, RouterServer } from '@tanstack/react-router/ssr/server';
import { type AnyRouter, createRouter, type HistoryLocation, type Manifest } from '@tanstack/react-router';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@server/router';
import type { RequestContext } from '@server/trpc';
import type { SessionUser } from '@shared/schemas/auth';
import { PAGE_FORM_STATE_KEY, type PageFormState } from '@shared/forms';
import { isAccessDenied } from './features/auth/access-denied';
import { isSharedAt, isUnknownPath, routeIdAt } from './lib/unknown-path';
import { createAppRouter, type RouterContext } from './router';
import { routeTree } from './routeTree.gen';
import { createQueryClient } from './trpc';

/**
 * Server rendering of one page request (DESIGN §8). The server hands in the request, the translations
 * of its language (read-only, shared by all requests in that language), the app's tRPC router with
 * this request's context (loaders call procedures directly, no HTTP round trip) and the asset
 * manifest of the client build. The answer is the full HTML document with the query cache the
 * browser hydrates from.
 */
export type RenderPageInput = {
  request: Request;
  i18n: I18n;
  appRouter: AppRouter;
  context: RequestContext;
  manifest: Manifest;
  /** Written on every inline script the router emits; the server trusts exactly those (pages/own-scripts.ts). */
  scriptNonce: string;
  /** A form posted without scripts: the refused form to show again, or the notice after its redirect. */
  formState: PageFormState;
  /**
   * Who is signed in, as the page shows it: the server has read the session already. In a page shared by
   * everyone with the same role it is the role only (roleOnlyUser, ADR 045).
   */
  sessionUser: SessionUser | null;
};

export type RenderedPage = {
  response: Response;
  /** Whether a private page was rendered (sign-in, admin, checkout): never cached, never indexed. */
  isPrivate: boolean;
  /** Whether a page rendered for each request was rendered (it carries a fresh form token): never cached. */
  isFresh: boolean;
  /**
   * The errors of the page's data that failed while rendering: a loader's prefetch that failed leaves the
   * page's error state in the HTML (the shop's "Fehler beim Laden der Produkte"). Such a page is never
   * cached, and the server answers it with the status of the failure (pages/failed-data.ts).
   */
  dataErrors: unknown[];
};

export async function renderPage({
  request,
  i18n,
  appRouter,
  context,
  manifest,
  scriptNonce,
  formState,
  sessionUser,
}: RenderPageInput): Promise<RenderedPage> {
  let router: AnyRouter | undefined;
  // The render's query cache is cleared once the page is written: its failures are noted as they happen.
  const failedQueries = new Map<string, unknown>();
  const handler = createRequestHandler({
    request,
    createRouter: () => {
      const queryClient = createQueryClient({ isServer: true });
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated') return;
        const { queryHash, state } = event.query;
        if (state.status === 'error') failedQueries.set(queryHash, state.error);
        else failedQueries.delete(queryHash);
      });
      // In the cache, the state reaches the browser's hydration with the rest of the page's data.
      queryClient.setQueryData(PAGE_FORM_STATE_KEY, formState);
      const trpc = createTRPCOptionsProxy<AppRouter>({ router: appRouter, ctx: context, queryClient });
      // The root route's session read finds it here (and the browser with the page's other data).
      queryClient.setQueryData(trpc.auth.session.queryKey(), sessionUser);
      router = createAppRouter({ queryClient, trpc, i18n, isServer: true }, { scriptNonce });
      return router;
    },
    getRouterManifest: () => manifest,
  });
  const response = await handler(({ responseHeaders, router }) =>
    renderRouterToString({ responseHeaders, router, children: <RouterServer router={router} /> }),
  );
  const isPrivate = router?.state.matches.some((match) => match.staticData?.private === true) ?? false;
  const isFresh = router?.state.matches.some((match) => match.staticData?.fresh === true) ?? false;
  const dataErrors = [...failedQueries.values()];
  // The router answers the guard's not-found with 404; 'Zugriff verweigert' is a page like any other.
  if (router?.state.matches.some((match) => isAccessDenied(match.error))) {
    return { response: new Response(response.body, { status: 200, headers: response.headers }), isPrivate, isFresh, dataErrors };
  }
  return { response, isPrivate, isFresh, dataErrors };
}

/** A router used only to match addresses, made on first use (matching needs no request's context). */
let matcher: AnyRouter | undefined;

/**
 * Runs `read` with the matcher on the path (as in the request's URL, percent-encoded), decoded as the
 * router decodes the address it renders (`/bl%6Fg` is /blog); `undefined` for an address the matcher
 * cannot read.
 */
function matchPath<T>(pathname: string, read: (router: AnyRouter, decoded: string) => T): T | undefined {
  // No loader or component runs while matching: the context is never read.
  matcher ??= createRouter({ routeTree, notFoundMode: 'root', context: {} as RouterContext });
  try {
    const location = matcher.parseLocation({ href: pathname, pathname, search: '', hash: '', state: {} as HistoryLocation['state'] });
    return read(matcher, location.pathname);
  } catch {
    return undefined;
  }
}

/**
 * Whether the page at this path (as in the request's URL, percent-encoded) is the root's 404 page, known
 * without rendering: the server answers such an address with one cached rendering per language.
 */
export function isNotFoundPath(pathname: string): boolean {
  // An address the matcher cannot read: rendered as before, the router decides.
  return matchPath(pathname, isUnknownPath) ?? false;
}

/**
 * The id of the route the page at this path renders (`/blog/$slug`), by the same matching as
 * isNotFoundPath; null for the root's 404 page or an address the matcher cannot read. /metrics labels
 * page requests with it (ADR 044).
 */
export function routeIdOf(pathname: string): string | null {
  return matchPath(pathname, routeIdAt) ?? null;
}

/**
 * Whether the page at this path is the same for everyone with the same role (no private or per-request
 * route on the way), known without rendering: signed-in visitors get it from a cache per role (ADR 045).
 */
export function isSharedPage(pathname: string): boolean {
  return matchPath(pathname, isSharedAt) ?? false;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** A page for one person (sign-in, admin, checkout): noindex, never cached. */
    private?: boolean;
    /** A public page rendered for every request (it carries a fresh form token): indexed, never cached. */
    fresh?: boolean;
    /**
     * The search parameters that make another page at the same path (/blog's `category`), kept in its
     * canonical and language links (lib/head.ts addressSearch); any other parameter is left out of them.
     */
    addressSearch?: readonly string[];
  }
}
