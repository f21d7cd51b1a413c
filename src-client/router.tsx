import { createRouter } from '@tanstack/react-router';
import { ErrorView } from './components/feedback/ErrorView';
import { NotFoundPage } from './components/feedback/NotFoundPage';
import { routeTree } from './routeTree.gen';
import { queryClient } from './trpc';

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // Loaders read through TanStack Query, which does its own caching.
  defaultPreloadStaleTime: 0,
  defaultErrorComponent: ErrorView,
  defaultNotFoundComponent: NotFoundPage,
  // Every route change starts at the top of the page (spec §2).
  scrollRestoration: false,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
