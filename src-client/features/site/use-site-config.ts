import { useQuery } from '@tanstack/react-query';
import { trpc } from '@client/trpc';

/** The public site settings (contact details, WhatsApp, shop state); cached for the whole visit. */
export function useSiteConfig() {
  return useQuery({ ...trpc.site.config.queryOptions(), staleTime: Infinity });
}
