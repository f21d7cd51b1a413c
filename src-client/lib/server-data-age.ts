import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';

/**
 * The data a page brings is current when it arrives: the server renders it, or answers from a cache that
 * every content change retires (docs/decisions/043 and 045), possibly minutes after that rendering. So
 * its age for `staleTime` counts from the moment the browser takes it over, not from the rendering:
 * otherwise a page served from the cache would ask for all its data again while hydrating.
 */
export function ageServerDataFromArrival(router: AnyRouter, queryClient: QueryClient): void {
  const hydrate = router.options.hydrate;
  router.options.hydrate = async (dehydrated) => {
    await hydrate?.(dehydrated);
    const now = Date.now();
    for (const query of queryClient.getQueryCache().getAll()) {
      if (query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt < now) query.setState({ dataUpdatedAt: now });
    }
  };
}
