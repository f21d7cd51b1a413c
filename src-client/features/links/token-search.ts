/** validateSearch for the landing page of an e-mailed link: `?token=…`. */
export function tokenSearch(search: Record<string, unknown>): { token?: string | undefined } {
  // The key is always returned, so that a raw value of another type cannot stay in the search.
  return { token: typeof search.token === 'string' ? search.token : undefined };
}
