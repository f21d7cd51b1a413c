import '@fontsource-variable/inter/wght.css';
import './styles/mantine.css';
import './global.css';
import { i18n } from '@lingui/core';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { toLocale } from '@shared/locales';
import { withoutTrackingParams } from '@shared/tracking-params';
import { activateLocale, loadMessagesFor } from './i18n/catalog';
import { createAppRouter } from './router';
import { createBrowserTrpc, createQueryClient } from './trpc';

// The server rendered a tracked address (`?fbclid=…`, `?utm_source=…`) as the page without its tracking
// parameters (ADR 052): the router starts from that address, so that hydration finds the links it rendered.
const untracked = withoutTrackingParams(new URL(window.location.href));
if (untracked) window.history.replaceState(window.history.state, '', untracked);

// The language the server rendered; its catalog is preloaded, so this resolves at once.
const lang = document.documentElement.lang;
await activateLocale(i18n, toLocale(lang));

const queryClient = createQueryClient();
const router = createAppRouter({ queryClient, trpc: createBrowserTrpc(queryClient), i18n, isServer: false });

// A private page (admin, account, checkout) shows messages of the catalog's private part, a content page
// its own texts' part, which its <head> preloads: they must be there before hydrating, or the first
// render would differ from the HTML.
await loadMessagesFor(
  i18n,
  router.matchRoutes(router.latestLocation).map((match) => match.routeId),
);

// As a transition, hydration yields to the browser every few milliseconds instead of holding the main
// thread for the whole page (no long task; a click or key press during it is not kept waiting).
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RouterClient router={router} />
    </StrictMode>,
  );
});
