import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CONTACT_MIN_FILL_MS } from '@shared/constants';
import { useTRPC } from '@client/trpc';
import { formTokenQuery } from './contact-queries';

/**
 * The contact form's signed timestamp, from the query cache the route's loader filled (contact-queries.ts):
 * the same token goes into the hidden field a plain post sends and into the script path's call.
 */
export function useFormToken() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const options = formTokenQuery(trpc);
  // Fetched by the browser only when the page came without one (the server could not get it).
  const { data } = useQuery(options);

  return {
    /** For the hidden field: empty until the token is there (a post without one is taken for a bot's). */
    token: data?.token ?? '',
    /**
     * The token to send: waits for it when the visitor was quicker than its request, and until it is
     * CONTACT_MIN_FILL_MS old (a form sent sooner would be dropped as a bot's while the page says "sent").
     */
    async ready(): Promise<string> {
      const { token } = await queryClient.ensureQueryData(options);
      const receivedAt = Math.max(queryClient.getQueryState(options.queryKey)?.dataUpdatedAt ?? 0, pageArrivedAt());
      // At most the whole minimum: a server clock ahead of the browser's must not make the visitor wait longer.
      const wait = Math.min(receivedAt + CONTACT_MIN_FILL_MS - Date.now(), CONTACT_MIN_FILL_MS);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      return token;
    },
    /** After FORM_EXPIRED: drops the old token and asks for a new one for the next try. */
    renew(): void {
      void queryClient.resetQueries(trpc.contact.formToken.queryFilter());
    },
  };
}

/**
 * When the page's HTML started to arrive, by the browser's clock: a token rendered into it was issued
 * before that. (A token from the server's render carries the server's time as dataUpdatedAt; a browser
 * clock ahead of the server's would otherwise shorten the wait and get the message dropped.)
 */
function pageArrivedAt(): number {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return performance.timeOrigin + (navigation?.responseStart ?? 0);
}
