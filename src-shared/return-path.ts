/**
 * Where to send someone after signing in: `/auth?redirect=/checkout`. Only a path of this site is ever
 * followed; anything that a browser or a URL parser could read as another site is refused, so the
 * sign-in page cannot be used to forward visitors to a look-alike site (an open redirect).
 *
 * The browser and the server both check with this one function: the /auth route when it reads its search
 * parameter and when it redirects, and the page handler once more before it answers with a Location.
 */

/** Longer than any address of this site; a longer value is refused rather than parsed. */
const MAX_RETURN_PATH_LENGTH = 2000;
// Any origin of our own making: a path resolved against it that ends up elsewhere was not a path.
const PROBE_ORIGIN = 'http://return-path.invalid';
// Backslashes (browsers read "/\evil.test" as "//evil.test"), whitespace and control characters (a tab
// or a line break inside "/<tab>/evil.test" is dropped by URL parsers, leaving "//evil.test").
const UNSAFE_CHARACTER = /[\\\s\p{Cc}\u2028\u2029]/u;

/** The value as a path of this site ("/checkout?lang=en"), or undefined when it is anything else. */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_RETURN_PATH_LENGTH) return undefined;
  // One leading slash: "//evil.test" and "https://evil.test" name another site, "javascript:" no page.
  if (!value.startsWith('/') || value.startsWith('//')) return undefined;
  if (UNSAFE_CHARACTER.test(value)) return undefined;
  // The same again after decoding, for "/%2F/evil.test", "/%5Cevil.test", "/%09/evil.test".
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return undefined;
  }
  if (decoded.startsWith('//') || UNSAFE_CHARACTER.test(decoded)) return undefined;
  const url = new URL(value, PROBE_ORIGIN);
  if (url.origin !== PROBE_ORIGIN) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A safe return path split the way the router's redirect takes it: the path, its search parameters and the hash. */
export function returnTarget(value: unknown): { to: string; search: Record<string, string>; hash?: string } {
  const path = safeReturnPath(value) ?? '/';
  const url = new URL(path, PROBE_ORIGIN);
  const hash = url.hash.slice(1);
  return { to: url.pathname, search: Object.fromEntries(url.searchParams), ...(hash ? { hash } : {}) };
}
