import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { defaultStringifySearch } from '@tanstack/react-router';
import { DEFAULT_LOCALE, INTL_LOCALES, isLocale, LOCALE_SEARCH_PARAM, LOCALES, localeSearchValue, type Locale } from '@shared/locales';

/**
 * The document head of every page (DESIGN §8): title and description in the page's language, their
 * Open Graph twins, and the links that tie the three language versions of a URL together.
 * Route `head` functions call these; the server renders the result and the router keeps it current.
 */
export const SITE_NAME = 'SchoolBox';
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

/**
 * The search values that are part of a page's own address: those its route names in
 * `staticData.addressSearch` (/blog's `category`: another list, another page). Every other parameter
 * shows the same page (a prefilled form's `?amount=`, `?ref=`, a typo, a tracking id the server let
 * through) and stays out of its canonical, hreflang and og:url addresses; `lang` is added per language.
 */
export function addressSearch(search: Record<string, unknown>, names: readonly string[] = []): Record<string, unknown> {
  return Object.fromEntries(names.filter((name) => search[name] !== undefined).map((name) => [name, search[name]]));
}

/**
 * Canonical URL, hreflang alternates (x-default and each language the page exists in: all three, or a
 * post's own languages) and the Open Graph URL and locale (of the version shown). `search` holds only the
 * values that make the page's address (addressSearch).
 */
export function languageLinks(
  publicUrl: string,
  pathname: string,
  search: Record<string, unknown>,
  locale: Locale,
  languages: readonly Locale[] = LOCALES,
) {
  // A page opened in a language it does not exist in (a German-only post on its English address) shows
  // the German text: that version is its canonical address and its locale, not a copy for search engines.
  const shown = languages.includes(locale) ? locale : languages.includes(DEFAULT_LOCALE) ? DEFAULT_LOCALE : (languages[0] ?? locale);
  const canonical = localizedUrl(publicUrl, pathname, search, shown);
  const links = [
    { rel: 'canonical', href: canonical },
    ...languages.map((other) => ({ rel: 'alternate', hrefLang: other, href: localizedUrl(publicUrl, pathname, search, other) })),
    { rel: 'alternate', hrefLang: 'x-default', href: localizedUrl(publicUrl, pathname, search, DEFAULT_LOCALE) },
  ];
  // (og:locale:alternate is left out: the router keeps one meta tag per property.)
  const meta: MetaTag[] = [
    { property: 'og:url', content: canonical },
    { property: 'og:locale', content: INTL_LOCALES[shown].replace('-', '_') },
  ];
  return { links, meta };
}

/**
 * The languages a page exists in, when its route says so: a route whose content is not in every language
 * (a post) returns `{ languages }` from its loader, and the root's hreflang alternates list only those.
 */
export function pageLanguages(loaderData: unknown): readonly Locale[] {
  if (typeof loaderData !== 'object' || loaderData === null || !('languages' in loaderData)) return LOCALES;
  const { languages } = loaderData;
  return Array.isArray(languages) && languages.length > 0 && languages.every(isLocale) ? languages : LOCALES;
}

/**
 * Whether a route's loader says its page is not for search engines although it is public (a blog category
 * without published posts: an empty list): it returns `{ noindex: true }`, and the root then writes
 * `noindex` and no canonical or language links, as for a private page.
 */
export function pageIsNoindex(loaderData: unknown): boolean {
  return typeof loaderData === 'object' && loaderData !== null && 'noindex' in loaderData && loaderData.noindex === true;
}

/**
 * Whether the page shows a share picture of its own (a post with a picture: its loader returns
 * `{ ownSharePicture: true }`); the root then leaves out the site's default picture and its size.
 */
export function pageHasOwnSharePicture(loaderData: unknown): boolean {
  return typeof loaderData === 'object' && loaderData !== null && 'ownSharePicture' in loaderData && loaderData.ownSharePicture === true;
}

/** An address on this site written out in full (share previews and structured data need absolute URLs). */
export function absoluteUrl(publicUrl: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${publicUrl}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** The site's own share picture (scripts/make-share-image.mjs), for every page without a picture of its own. */
export const DEFAULT_SHARE_IMAGE = { path: '/images/share-default.png', width: 1200, height: 630 };

/**
 * The picture a shared link shows (Open Graph and the Twitter/X card, which reads og: tags where it has
 * none of its own). Width and height only when known: a wrong size is worse than none.
 */
export function shareImageMeta(image: { url: string; alt: string; width?: number | undefined; height?: number | undefined }): MetaTag[] {
  return [
    { property: 'og:image', content: image.url },
    ...(image.width && image.height
      ? [
          { property: 'og:image:width', content: String(image.width) },
          { property: 'og:image:height', content: String(image.height) },
        ]
      : []),
    { property: 'og:image:alt', content: image.alt },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:image', content: image.url },
    { name: 'twitter:image:alt', content: image.alt },
  ];
}

/** Every page's share picture until a page sets its own (the last route to set a tag wins). */
export function defaultShareMeta(i18n: I18n, publicUrl: string): MetaTag[] {
  return shareImageMeta({ url: absoluteUrl(publicUrl, DEFAULT_SHARE_IMAGE.path), alt: i18n._(HOME_TITLE), ...DEFAULT_SHARE_IMAGE });
}

/** Structured data for search engines (schema.org), written by the router as <script type="application/ld+json">. */
export type JsonLd = { [key: string]: JsonLdValue };
type JsonLdValue = string | number | boolean | null | JsonLd | JsonLdValue[];

/**
 * A JSON-LD head entry: TanStack Router turns a `{ 'script:ld+json': … }` meta entry (router-core's
 * MetaDescriptor; react-router's head type lists only <meta> attributes, hence the cast) into
 * <script type="application/ld+json">, serialized and with "<", ">" and "&" escaped as \u003c…, so no
 * text in it (a post's title) can close the element. The CSP does not apply: a data block never runs.
 */
export function jsonLdTag(data: JsonLd): MetaTag {
  return { 'script:ld+json': { '@context': 'https://schema.org', ...data } } as unknown as MetaTag;
}

/** How to reach the association (site.config: ORG_* for its address, SITE_EMAIL, SITE_PHONE). */
export type OrganizationContact = {
  email: string;
  phone: string;
  address: { street: string; postcode: string; city: string; country: string };
};

/**
 * The association as an NGO (schema.org/NGO, an Organization): on the home page with its address, e-mail
 * and phone (as the Impressum states them), as a post's publisher without.
 */
export function organizationJsonLd(publicUrl: string, orgName: string, contact?: OrganizationContact): JsonLd {
  return {
    '@type': 'NGO',
    '@id': `${publicUrl}/#organization`,
    name: orgName,
    alternateName: SITE_NAME,
    url: `${publicUrl}/`,
    logo: absoluteUrl(publicUrl, '/brand/schoolbox-logo-mark.png'),
    ...(contact ? contactJsonLd(contact) : {}),
  };
}

/** Address, e-mail and phone as schema.org writes them; a setting left empty is left out. */
function contactJsonLd({ email, phone, address }: OrganizationContact): JsonLd {
  const postal: JsonLd = {
    '@type': 'PostalAddress',
    ...(address.street ? { streetAddress: address.street } : {}),
    ...(address.postcode ? { postalCode: address.postcode } : {}),
    ...(address.city ? { addressLocality: address.city } : {}),
    ...(address.country ? { addressCountry: address.country } : {}),
  };
  return {
    ...(Object.keys(postal).length > 1 ? { address: postal } : {}),
    ...(email ? { email } : {}),
    ...(phone ? { telephone: phone } : {}),
  };
}
