import { useLingui } from '@lingui/react';
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { toLocale, type Locale } from '@shared/locales';
import { applyKeptLanguage } from './locale-storage';

type LocaleContextValue = { locale: Locale };
const LocaleContext = createContext<LocaleContextValue | null>(null);

/**
 * The active language: the one the server rendered. Switching is a link to the page's `?lang=` address
 * (LanguageBar), a full page load the server renders in the new language; it also sets the `lang`
 * cookie, so the following pages without `?lang` come in that language too. A choice kept in
 * localStorage whose cookie has gone is restored once the page runs (applyKeptLanguage).
 */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  const locale = toLocale(i18n.locale);
  const value = useMemo(() => ({ locale }), [locale]);
  // Once the page runs: the cookie of the visitor's choice slides on, or comes back from localStorage
  // (spec §1), with the page in that language. Never while rendering: the server cannot see storage.
  useEffect(() => applyKeptLanguage(locale), [locale]);
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

export function useLocale(): LocaleContextValue {
  const value = useContext(LocaleContext);
  if (!value) throw new Error('useLocale must be used within a LocaleProvider');
  return value;
}
