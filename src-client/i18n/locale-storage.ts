/** The key under which the visitor's language choice is kept in localStorage. */
export const LOCALE_STORAGE_KEY = 'schoolbox.locale';

export function readStoredLocale(): string | null {
  try {
    return window.localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null; // storage disabled (private mode, policy)
  }
}

export function storeLocale(locale: string): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // The choice then lasts for this page view only.
  }
}
