import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CONTACT_MIN_FILL_MS } from '@shared/constants';
import { useHydrated } from '@client/lib/use-hydrated';
import { useTRPC } from '@client/trpc';

/**
 * The contact form's signed timestamp (src-server/contact/form-token.ts): asked for once the form is
 * in the browser, never while the server renders, so no cached page carries one. It is kept while the
 * visitor stays (staleTime Infinity): a new one would restart the time the server measures.
 */
export function useFormToken() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const options = { ...trpc.contact.formToken.queryOptions(), staleTime: Infinity };
  useQuery({ ...options, enabled: useHydrated() });

  return {
    /**
     * The token to send: waits for it when the visitor was quicker than its request, and until it is
     * CONTACT_MIN_FILL_MS old (a form sent sooner would be dropped as a bot's while the page says "sent").
     */
    async ready(): Promise<string> {
      const { token } = await queryClient.ensureQueryData(options);
      const receivedAt = queryClient.getQueryState(options.queryKey)?.dataUpdatedAt ?? 0;
      const wait = receivedAt + CONTACT_MIN_FILL_MS - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      return token;
    },
    /** After FORM_EXPIRED: drops the old token and asks for a new one for the next try. */
    renew(): void {
      void queryClient.resetQueries(trpc.contact.formToken.queryFilter());
    },
  };
}
