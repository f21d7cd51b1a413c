import type { Trpc } from '@client/trpc';

/**
 * The contact form's signed timestamp (src-server/contact/form-token.ts). The route's loader gets it
 * while the server renders /contact (a page rendered for every request, never cached: staticData.fresh),
 * so the HTML carries it in the form's hidden field and the browser takes it over with the query cache.
 * It is kept while the visitor stays (staleTime Infinity): a new one would restart the time the server measures.
 */
export const formTokenQuery = (trpc: Trpc) => ({ ...trpc.contact.formToken.queryOptions(), staleTime: Number.POSITIVE_INFINITY });
