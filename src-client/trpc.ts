import { QueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { createTRPCOptionsProxy, type TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@server/router';
import { MAX_BATCH_SIZE, QUERY_GC_TIME_MS, QUERY_RETRY_COUNT, QUERY_RETRY_MAX_DELAY_MS } from '@shared/constants';

/** The typed bridge between procedures and TanStack Query: `trpc.site.config.queryOptions()` etc. */
export type Trpc = TRPCOptionsProxy<AppRouter>;

/** A 4xx answer will not change by asking again; network errors and 5xx may. */
function isClientError(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/**
 * One per browser tab, and one per server-rendered request (so no data leaks between visitors). The
 * server does not retry: a visitor would wait for the backoff; the browser asks again after hydrating.
 */
export function createQueryClient(options: { isServer?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => !options.isServer && !isClientError(error) && failureCount < QUERY_RETRY_COUNT,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, QUERY_RETRY_MAX_DELAY_MS),
        gcTime: QUERY_GC_TIME_MS,
        // Data rendered by the server is fresh when the page hydrates: no second fetch.
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      // Offline, a form is sent at once and fails with "Keine Verbindung zum Server …" (what was typed
      // stays), rather than waiting paused behind an endless spinner for a connection (networkMode 'online').
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/** The browser's procedures: HTTP to the same origin (the one process serves page and API). */
export function createBrowserTrpc(queryClient: QueryClient): Trpc {
  const client = createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: '/api/trpc', maxItems: MAX_BATCH_SIZE })],
  });
  return createTRPCOptionsProxy<AppRouter>({ client, queryClient });
}

/**
 * The procedures of this render: the router context carries them (HTTP in the browser, a direct call
 * of the server's router while rendering on the server).
 */
export function useTRPC(): Trpc {
  return useRouter().options.context.trpc;
}
