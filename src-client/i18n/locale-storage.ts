import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, type Locale } from '@shared/locales';

/** The key under which the visitor's language choice is kept in localStorage. */
export const LOCALE_STORAGE_KEY = 'schoolbox.locale';

/**
 * Remembers the visitor's choice: the `lang` cookie tells the server which language to render on the
 * next visit; localStorage keeps it as before. Called from the switcher only (never while rendering).
 */
export function rememberLocale(locale: Locale): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed cookie; the Cookie Store API is missing in older Safari and Firefox
  document.cookie = `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${secure}`;
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage disabled (private mode, policy): the cookie is enough.
  }
}
