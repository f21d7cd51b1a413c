import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, LOCALE_SEARCH_PARAM, type Locale } from '@shared/locales';
import { readCookie } from '@shared/read-cookie';

export type NegotiatedLocale = {
  locale: Locale;
  /** The URL named the language (`?lang=`): then neither cookie nor Accept-Language changed the answer. */
  fromUrl: boolean;
};

/**
 * The language of a page request (DESIGN §8): `?lang=de|en|fr` → the `lang` cookie → Accept-Language
 * (by quality; "fr-CA" counts as "fr") → German.
 */
export function negotiateLocale(url: URL, cookieHeader: string | null, acceptLanguage: string | null): NegotiatedLocale {
  const fromUrl = url.searchParams.get(LOCALE_SEARCH_PARAM);
  if (isLocale(fromUrl)) return { locale: fromUrl, fromUrl: true };
  const fromCookie = readCookie(cookieHeader, LOCALE_COOKIE);
  if (isLocale(fromCookie)) return { locale: fromCookie, fromUrl: false };
  return { locale: preferredLanguage(acceptLanguage) ?? DEFAULT_LOCALE, fromUrl: false };
}

/** The supported language the browser wants most, from "fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5". */
function preferredLanguage(header: string | null): Locale | null {
  if (!header) return null;
  let best: { locale: Locale; quality: number } | null = null;
  for (const entry of header.split(',').slice(0, 20)) {
    const [tag = '', ...params] = entry.trim().split(';');
    const base = tag.trim().toLowerCase().split('-')[0];
    if (!isLocale(base)) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const quality = q ? Number(q.slice(2)) : 1;
    if (!Number.isFinite(quality) || quality <= 0) continue;
    if (!best || quality > best.quality) best = { locale: base, quality };
  }
  return best?.locale ?? null;
}
