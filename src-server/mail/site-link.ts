import { isLocale, LOCALE_SEARCH_PARAM } from '@shared/locales';

/**
 * A link into the site for a mail in `locale`, always with ?lang= (German too, though German pages' own
 * addresses carry none): the page a mail's link opens speaks the mail's language whatever the browser
 * that opens it prefers — an address without the parameter follows the browser's languages.
 */
export function siteLink(publicUrl: string, path: string, params: Record<string, string>, locale: string): string {
  const query = new URLSearchParams(params);
  if (isLocale(locale)) query.set(LOCALE_SEARCH_PARAM, locale);
  return `${publicUrl}${path}?${query.toString()}`;
}
