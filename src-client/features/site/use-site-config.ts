import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@client/trpc';

/** The public site settings (contact details, WhatsApp, shop state); loaded with every page by the root route. */
export function useSiteConfig() {
  return useQuery({ ...useTRPC().site.config.queryOptions(), staleTime: Infinity });
}
