import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@server/router';
import { MAX_BATCH_SIZE, QUERY_GC_TIME_MS, QUERY_RETRY_COUNT, QUERY_RETRY_MAX_DELAY_MS } from '@shared/constants';

/** A 4xx answer will not change by asking again; network errors and 5xx may. */
function isClientError(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus;
  return typeof status === 'number' && status >= 400 && status < 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => !isClientError(error) && failureCount < QUERY_RETRY_COUNT,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, QUERY_RETRY_MAX_DELAY_MS),
        gcTime: QUERY_GC_TIME_MS,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

// Same-origin relative URL: the one process serves both the page and the API.
export const trpcClient = createTRPCClient<AppRouter>({
  links: [httpBatchLink({ url: '/api/trpc', maxItems: MAX_BATCH_SIZE })],
});

/** `trpc.site.config.queryOptions()` etc. — the typed bridge between procedures and TanStack Query. */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
