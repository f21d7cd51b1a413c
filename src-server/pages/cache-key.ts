import { isBlogCategory } from '@shared/constants';
import { isLocale, LOCALE_SEARCH_PARAM, type Locale } from '@shared/locales';

/** Whether a search parameter, with this value, is one the page at `pathname` reads. */
const PAGE_SEARCH_PARAMS: Record<string, (value: string, pathname: string) => boolean> = {
  [LOCALE_SEARCH_PARAM]: (value) => isLocale(value),
  // The blog's category filter (src-client/routes/blog/route.tsx: the blog and its posts).
  category: (value, pathname) => (pathname === '/blog' || pathname.startsWith('/blog/')) && isBlogCategory(value),
};

/**
 * The page cache's key for an address in a language, or null when the page is to be rendered but not
 * kept: its address has a search parameter the page does not read (`?utm_source=…`, `?fbclid=…`), a
 * value the page does not accept (`?category=bogus`, `?lang=xx`), a parameter twice, or a path spelled
 * other than browsers spell it (`/bl%6fg` is /blog to the router). So made-up addresses cannot fill the
 * cache: its keys are the pages, languages and valid filters, each spelled one way. (An invalid value
 * is not dropped to reuse the entry without it: the router reads the search its own way, and
 * `?category=%22Team%22` is "Team" to it, so such an address may show another page than its key's.)
 */
export function pageCacheKey(url: URL, locale: Locale): string | null {
  if (!isCanonicalPath(url.pathname)) return null;
  const kept = new Map<string, string>();
  for (const [name, value] of url.searchParams) {
    const accepts = Object.hasOwn(PAGE_SEARCH_PARAMS, name) ? PAGE_SEARCH_PARAMS[name] : undefined;
    if (!accepts || kept.has(name) || !accepts(value, url.pathname)) return null;
    kept.set(name, value);
  }
  // Built from the decoded values, so that spelling them differently (`T%65am`) makes no new entry.
  const search = [...kept].map(([name, value]) => `${name}=${value}`).join('&');
  return `${locale} ${url.pathname}${search ? `?${search}` : ''}`;
}

/** Whether a path is written as a browser writes it: only what must be escaped is, in capitals. */
function isCanonicalPath(pathname: string): boolean {
  try {
    return encodeURI(decodeURI(pathname)) === pathname;
  } catch {
    return false;
  }
}

/**
 * The page cache's key for the 404 page of an unknown address in a language: one entry per language,
 * whatever the address (the page names no path until it runs in the browser; ADR 043).
 */
export function notFoundCacheKey(locale: Locale): string {
  return `404 ${locale}`;
}
