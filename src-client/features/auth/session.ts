import type { Trpc } from '@client/trpc';

/** Who is signed in: read by the root route (guards, chrome) and by AuthProvider; one cache entry for both. */
export function sessionQuery(trpc: Trpc) {
  return trpc.auth.session.queryOptions(undefined, { staleTime: 60_000, retry: 1 });
}
