import { isLocale, LOCALE_SEARCH_PARAM, localeSearchValue } from '@shared/locales';

/**
 * A link into the site for a mail in `locale`: German pages carry no language parameter, others ?lang=,
 * so the page a mail's link opens speaks the mail's language whatever the browser that opens it prefers.
 */
export function siteLink(publicUrl: string, path: string, params: Record<string, string>, locale: string): string {
  const query = new URLSearchParams(params);
  const lang = isLocale(locale) ? localeSearchValue(locale) : undefined;
  if (lang) query.set(LOCALE_SEARCH_PARAM, lang);
  return `${publicUrl}${path}?${query.toString()}`;
}
