import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { defaultStringifySearch } from '@tanstack/react-router';
import { DEFAULT_LOCALE, INTL_LOCALES, LOCALE_SEARCH_PARAM, LOCALES, localeSearchValue, type Locale } from '@shared/locales';

/**
 * The document head of every page (DESIGN §8): title and description in the page's language, their
 * Open Graph twins, and the links that tie the three language versions of a URL together.
 * Route `head` functions call these; the server renders the result and the router keeps it current.
 */
const SITE_NAME = 'SchoolBox';
export const HOME_TITLE = msg`SchoolBox – Eine Schule in der Box`;
export const SITE_DESCRIPTION = msg`SchoolBox bringt ein solarbetriebenes, per Satellit vernetztes Klassenzimmer im Container zu Gemeinschaften ohne Schule.`;

type MetaTag = Record<string, string>;
type Text = MessageDescriptor | string;

const translate = (i18n: I18n, text: Text) => (typeof text === 'string' ? text : i18n._(text));

/** Title and description with their Open Graph twins (the last route to set a tag wins). */
function titleAndDescription(title: string, description: string): MetaTag[] {
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
  ];
}

/** The head of a page: "<page> · SchoolBox" and its description. */
export function pageHead(i18n: I18n, title: Text, description: Text) {
  return { meta: titleAndDescription(`${translate(i18n, title)} · ${SITE_NAME}`, translate(i18n, description)) };
}

/** Pages that search engines must not index: private pages (staticData.private) and error pages. */
export const NOINDEX: MetaTag = { name: 'robots', content: 'noindex, nofollow' };

/** The head of the 404 page (an unknown address, or a post that is not published). */
export function notFoundHead(i18n: I18n) {
  return pageHead(i18n, msg`Seite nicht gefunden`, msg`Diese Seite gibt es bei SchoolBox nicht oder nicht mehr.`);
}

/** The defaults every page starts from: the home page's full title and the site description. */
export function defaultMeta(i18n: I18n): MetaTag[] {
  return titleAndDescription(i18n._(HOME_TITLE), i18n._(SITE_DESCRIPTION));
}

/** A page's address in one language: German without a parameter, the others with `?lang=`. */
function localizedUrl(publicUrl: string, pathname: string, search: Record<string, unknown>, locale: Locale): string {
  const { [LOCALE_SEARCH_PARAM]: _current, ...rest } = search;
  return `${publicUrl}${pathname}${defaultStringifySearch({ ...rest, [LOCALE_SEARCH_PARAM]: localeSearchValue(locale) })}`;
}

/** Canonical URL, hreflang alternates (de, en, fr, x-default) and the Open Graph URL and locale. */
export function languageLinks(publicUrl: string, pathname: string, search: Record<string, unknown>, locale: Locale) {
  const canonical = localizedUrl(publicUrl, pathname, search, locale);
  const links = [
    { rel: 'canonical', href: canonical },
    ...LOCALES.map((other) => ({ rel: 'alternate', hrefLang: other, href: localizedUrl(publicUrl, pathname, search, other) })),
    { rel: 'alternate', hrefLang: 'x-default', href: localizedUrl(publicUrl, pathname, search, DEFAULT_LOCALE) },
  ];
  // (og:locale:alternate is left out: the router keeps one meta tag per property.)
  const meta: MetaTag[] = [
    { property: 'og:url', content: canonical },
    { property: 'og:locale', content: INTL_LOCALES[locale].replace('-', '_') },
  ];
  return { links, meta };
}
