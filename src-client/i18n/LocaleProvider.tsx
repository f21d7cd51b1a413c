import { useLingui } from '@lingui/react';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { toLocale, type Locale } from '@shared/locales';

type LocaleContextValue = { locale: Locale };
const LocaleContext = createContext<LocaleContextValue | null>(null);

/**
 * The active language: the one the server rendered. Switching is a link to the page's `?lang=` address
 * (LanguageBar), a full page load the server renders in the new language; it also sets the `lang`
 * cookie, so the following pages without `?lang` come in that language too.
 */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  const locale = toLocale(i18n.locale);
  const value = useMemo(() => ({ locale }), [locale]);
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

export function useLocale(): LocaleContextValue {
  const value = useContext(LocaleContext);
  if (!value) throw new Error('useLocale must be used within a LocaleProvider');
  return value;
}
