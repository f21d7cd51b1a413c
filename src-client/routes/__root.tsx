import { createRootRouteWithContext, Outlet, retainSearchParams } from '@tanstack/react-router';
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import { isLocale, toLocale, type Locale } from '@shared/locales';
import { ErrorView } from '@client/components/feedback/ErrorView';
import { NotFoundPage } from '@client/components/feedback/NotFoundPage';
import { Document } from '@client/components/layout/Document';
import { sessionQuery } from '@client/features/auth/session';
import { blogFeedLink } from '@client/features/blog/blog-feed';
import { loadMessagesFor } from '@client/i18n/catalog';
import {
  addressSearch,
  defaultMeta,
  defaultShareMeta,
  languageLinks,
  NOINDEX,
  notFoundHead,
  pageHasOwnSharePicture,
  pageIsNoindex,
  pageLanguages,
} from '@client/lib/head';
import type { RouterContext } from '@client/router';

// Search parameters are checked by small functions, not zod: validateSearch is part of every page's
// entry chunk (docs/decisions/018-search-params-without-zod.md). An unknown value counts as absent, and
// each checker returns its keys even then: the router lays the checked search over the raw one, so a
// key left out would keep its raw value.
const rootSearch = (search: Record<string, unknown>): { lang?: Locale | undefined } => ({
  lang: isLocale(search.lang) ? search.lang : undefined,
});

export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: rootSearch,
  // A page reached by its English or French address keeps its language on every link.
  search: { middlewares: [retainSearchParams(['lang'])] },
  // Who is signed in decides the chrome (admin links) and the guards of private pages. A private or
  // content page reached in the browser waits for its part of the catalog too (the server has every message).
  beforeLoad: async ({ context, matches }) => {
    const messages = context.isServer
      ? null
      : loadMessagesFor(
          context.i18n,
          matches.map((match) => match.routeId),
        );
    const session = sessionQuery(context.trpc);
    let user = await context.queryClient.ensureQueryData(session);
    // A page shared by everyone with the same role knows only the role (ADR 045); a private page needs
    // the person (their name on /account, their address at the checkout), asked for here.
    if (user?.roleOnly && matches.some((match) => match.staticData?.private === true)) {
      user = await context.queryClient.fetchQuery({ ...session, staleTime: 0 });
    }
    await messages;
    return { user };
  },
  // Contact details, WhatsApp and the site's address for canonical links.
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.site.config.queryOptions()),
  head: ({ match, matches, loaderData }) => {
    const { i18n } = match.context;
    const locale = toLocale(i18n.locale);
    const page = matches.at(-1) ?? match;
    // (_notFound marks the route that shows the 404 page for an address no route matches.)
    const isErrorPage = matches.some((m) => m.status === 'notFound' || m.status === 'error' || m._notFound === true);
    const isPrivate = matches.some((m) => m.staticData?.private === true);
    // Not for search engines: an error page, a private page, a public page whose loader says so (an empty
    // category). Such a page names no canonical address and no language versions: it has none to index.
    const isNoindex = isErrorPage || isPrivate || matches.some((m) => pageIsNoindex(m.loaderData));
    // A layout's index route ends in "/" (/blog/); the page's address does not.
    const pathname = page.pathname.length > 1 ? page.pathname.replace(/\/+$/, '') : page.pathname;
    // The page's own address: its path and the search values its route names (a post's has none, however
    // it was reached), never whatever else the address bar carries. A post lists only the languages it is
    // written in (its loader names them).
    const search = addressSearch(page.search, page.staticData?.addressSearch);
    const language =
      loaderData && !isNoindex
        ? languageLinks(loaderData.publicUrl, pathname, search, locale, pageLanguages(page.loaderData))
        : { links: [], meta: [] };
    return {
      meta: [
        { charSet: 'utf-8' },
        { name: 'viewport', content: 'width=device-width, initial-scale=1' },
        { name: 'theme-color', content: '#c2410c' },
        { property: 'og:site_name', content: 'SchoolBox' },
        { property: 'og:type', content: 'website' },
        ...(loaderData && !pageHasOwnSharePicture(page.loaderData) ? defaultShareMeta(i18n, loaderData.publicUrl) : []),
        ...(match._notFound ? notFoundHead(i18n).meta : defaultMeta(i18n)),
        ...(isNoindex ? [NOINDEX] : language.meta),
      ],
      links: [
        { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' },
        // The one font file every page needs; text is shown in a fallback font until it arrives.
        { rel: 'preload', href: interLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
        // Every page points feed readers to the blog's feed in the page's language.
        blogFeedLink(i18n, locale),
        ...language.links,
      ],
    };
  },
  shellComponent: Document,
  component: Outlet,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorView,
});
