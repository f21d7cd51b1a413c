import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import type { Locale } from '@shared/locales';
import { activateLocale } from './activate';
import { detectLocale } from './detect-locale';
import { readStoredLocale, storeLocale } from './locale-storage';

type LocaleContextValue = { locale: Locale; setLocale(locale: Locale): Promise<void> };
const LocaleContext = createContext<LocaleContextValue | null>(null);

/** Detects the language, loads its catalog before the first render and lets the switcher change it. */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale | null>(null);

  useEffect(() => {
    const initial = detectLocale(readStoredLocale(), navigator.languages ?? [navigator.language]);
    void activateLocale(initial).then(() => setLocaleState(initial));
  }, []);

  const setLocale = useCallback(async (next: Locale) => {
    storeLocale(next);
    await activateLocale(next);
    setLocaleState(next);
  }, []);

  // Nothing is shown until a catalog is active, so no text flashes in the wrong language.
  if (!locale) return null;
  return (
    <LocaleContext.Provider value={{ locale, setLocale }}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </LocaleContext.Provider>
  );
}

export function useLocale(): LocaleContextValue {
  const value = useContext(LocaleContext);
  if (!value) throw new Error('useLocale must be used within a LocaleProvider');
  return value;
}
