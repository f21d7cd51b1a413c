import { isLocale, LOCALE_SEARCH_PARAM, localeSearchValue } from '@shared/locales';

/** The page that confirms an unsubscription (built by the client at this path). */
const UNSUBSCRIBE_PAGE_PATH = '/newsletter/unsubscribe';
/**
 * RFC 8058 one-click unsubscribe: mail programs POST `List-Unsubscribe=One-Click` here, without an
 * Origin header (so the origin check must let this path through; the token is the authorization).
 * A GET (a person or a link scanner opening it) only leads to the page.
 */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/api/newsletter/one-click';

/** A link into the site for a mail in `locale`: German pages carry no language parameter, others ?lang=. */
export function siteLink(publicUrl: string, path: string, params: Record<string, string>, locale: string): string {
  const query = new URLSearchParams(params);
  const lang = isLocale(locale) ? localeSearchValue(locale) : undefined;
  if (lang) query.set(LOCALE_SEARCH_PARAM, lang);
  return `${publicUrl}${path}?${query.toString()}`;
}

export const unsubscribePageUrl = (publicUrl: string, token: string, locale: string) =>
  siteLink(publicUrl, UNSUBSCRIBE_PAGE_PATH, { token }, locale);

export const oneClickUnsubscribeUrl = (publicUrl: string, token: string, locale: string) =>
  siteLink(publicUrl, ONE_CLICK_UNSUBSCRIBE_PATH, { token }, locale);
