/** The interface languages. German is the source language of every text; it is also the default. */
export const LOCALES = ['de', 'en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const SOURCE_LOCALE: Locale = 'de';
export const DEFAULT_LOCALE: Locale = 'de';

/** Each language's name in its own language, as a switcher shows it. */
export const LOCALE_NAMES: Record<Locale, string> = { de: 'Deutsch', en: 'English', fr: 'Français' };

/** BCP 47 tags for Intl formatting (dates, numbers) per interface language. */
export const INTL_LOCALES: Record<Locale, string> = { de: 'de-DE', en: 'en-GB', fr: 'fr-FR' };

/**
 * How a request names its language (DESIGN §8): the `?lang=` search parameter wins, then the `lang`
 * cookie the switcher sets, then Accept-Language, then German. German URLs carry no parameter.
 */
export const LOCALE_SEARCH_PARAM = 'lang';
export const LOCALE_COOKIE = 'lang';
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The value as a language, German for anything else (an unknown tag, a missing value). */
export function toLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** The `lang` search parameter of a language's own URL: none for German, its code otherwise. */
export function localeSearchValue(locale: Locale): Locale | undefined {
  return locale === DEFAULT_LOCALE ? undefined : locale;
}
