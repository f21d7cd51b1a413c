/**
 * Search parameters that advertisers, social networks and mail tools add to links to the site
 * (`?fbclid=…` on every click from Facebook or Instagram, `?utm_source=…` in campaigns). No page reads
 * them, and the site keeps no analytics that would. The server renders a page as if its address had
 * none, so a shared link's visitors get the cached page; the browser then takes them out of its address
 * (entry-client.tsx), so that the page it hydrates has the address the server rendered (ADR 052).
 */
const TRACKING_PARAMS = new Set([
  'fbclid',
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'msclkid',
  'twclid',
  'li_fat_id',
  'igshid',
  'mc_cid',
  'mc_eid',
  'yclid',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
]);

function isTrackingParam(name: string): boolean {
  return name.startsWith('utm_') || TRACKING_PARAMS.has(name);
}

/**
 * The address without its tracking parameters, or null when it has none (the usual case). The other
 * parameters keep their spelling: the router and the page cache read them as written.
 */
export function withoutTrackingParams(url: URL): URL | null {
  // Every page request passes here: most have no query string at all.
  if (url.search === '') return null;
  const pairs = url.search.slice(1).split('&');
  const kept = pairs.filter((pair) => !isTrackingParam(parameterName(pair)));
  if (kept.length === pairs.length) return null;
  const clean = new URL(url);
  clean.search = kept.filter(Boolean).join('&');
  return clean;
}

/** The decoded name of a `name=value` pair, as URLSearchParams reads it (decoded only when escaped). */
function parameterName(pair: string): string {
  const name = pair.split('=', 1)[0] ?? '';
  if (!name.includes('%') && !name.includes('+')) return name;
  return new URLSearchParams(`${name}=`).keys().next().value ?? '';
}
