/** validateSearch for the landing page of an e-mailed link: `?token=…`. */
export function tokenSearch(search: Record<string, unknown>): { token?: string } {
  return typeof search.token === 'string' ? { token: search.token } : {};
}
