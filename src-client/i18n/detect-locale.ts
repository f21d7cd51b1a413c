import { DEFAULT_LOCALE, isLocale, type Locale } from '@shared/locales';

/**
 * Which language to show: the visitor's stored choice, else the first supported browser language
 * ("fr-CA" counts as "fr"), else German.
 */
export function detectLocale(stored: string | null, browserLanguages: readonly string[]): Locale {
  if (isLocale(stored)) return stored;
  for (const language of browserLanguages) {
    const base = language.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}
