import { isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, LOCALE_SEARCH_PARAM, type Locale } from '@shared/locales';
import { readCookie } from '@shared/read-cookie';

/** The key under which the visitor's language choice is kept in localStorage. */
export const LOCALE_STORAGE_KEY = 'schoolbox.locale';

/**
 * Remembers the visitor's choice: the `lang` cookie tells the server which language to render on the
 * next visit; localStorage keeps it as before. Called from the switcher only (never while rendering).
 */
export function rememberLocale(locale: Locale): void {
  writeLocaleCookie(locale);
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage disabled (private mode, policy): the cookie is enough.
  }
}

/** The `lang` cookie, for a year from now (as the server writes it: src-server/pages/handler.ts). */
function writeLocaleCookie(locale: Locale): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed cookie; the Cookie Store API is missing in older Safari and Firefox
  document.cookie = `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${secure}`;
}

/** What a page's language rests on, as the browser finds it once the page runs. */
export type PageLanguage = {
  /** The language the server rendered the page in (`<html lang>`). */
  rendered: Locale;
  /** `?lang=` of the address, the `lang` cookie and the choice kept in localStorage: whatever is there, or null. */
  searchLang: string | null;
  cookieLang: string | null;
  storedLang: string | null;
};

/** What to do about the visitor's kept choice: write the cookie with a language, load the page in another. */
export type KeptLanguageStep = { cookie: Locale | null; switchTo: Locale | null };

/**
 * Spec §1: the chosen language is kept in local storage. The server knows only `?lang` and the cookie
 * (DESIGN §8), so the cookie must outlive the visits: when the address or the cookie chose the page's
 * language, the cookie is written again and runs a year from the last visit. When neither did (the
 * cookie expired or was deleted; Accept-Language or German chose), a choice kept in localStorage counts:
 * its cookie comes back, and a page rendered in another language is loaded again in the kept one, the way
 * the switcher does (by its `?lang=` address, which works even where cookies are refused).
 */
export function keptLanguageStep({ rendered, searchLang, cookieLang, storedLang }: PageLanguage): KeptLanguageStep {
  if (isLocale(searchLang) || isLocale(cookieLang)) return { cookie: rendered, switchTo: null };
  if (!isLocale(storedLang)) return { cookie: null, switchTo: null };
  return { cookie: storedLang, switchTo: storedLang === rendered ? null : storedLang };
}

/** Applies the kept choice (keptLanguageStep) to this page: once, after hydration (nothing reads storage while rendering). */
export function applyKeptLanguage(rendered: Locale): void {
  let storedLang: string | null = null;
  try {
    storedLang = window.localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    // Storage disabled: only the cookie counts.
  }
  const step = keptLanguageStep({
    rendered,
    searchLang: new URLSearchParams(window.location.search).get(LOCALE_SEARCH_PARAM),
    cookieLang: readCookie(document.cookie, LOCALE_COOKIE),
    storedLang,
  });
  if (step.cookie) writeLocaleCookie(step.cookie);
  if (step.switchTo) {
    const address = new URL(window.location.href);
    address.searchParams.set(LOCALE_SEARCH_PARAM, step.switchTo);
    window.location.replace(address);
  }
}
