import { useLingui } from '@lingui/react';
import { useRouter } from '@tanstack/react-router';
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { localeSearchValue, toLocale, type Locale } from '@shared/locales';
import { activateLocale } from './catalog';
import { rememberLocale } from './locale-storage';

type LocaleContextValue = { locale: Locale; setLocale(locale: Locale): Promise<void> };
const LocaleContext = createContext<LocaleContextValue | null>(null);

/**
 * The active language (the one the server rendered, then the switcher's choice). Switching loads the
 * catalog, remembers the choice (cookie and localStorage) and moves to the language's own URL
 * (`?lang=en`, none for German), so head, canonical link and a reload all agree.
 */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  const router = useRouter();
  const locale = toLocale(i18n.locale);

  const setLocale = useCallback(
    async (next: Locale) => {
      rememberLocale(next);
      await activateLocale(i18n, next);
      await router.navigate({
        to: '.',
        search: (previous) => ({ ...previous, lang: localeSearchValue(next) }),
        replace: true,
        resetScroll: false,
      });
    },
    [i18n, router],
  );

  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

export function useLocale(): LocaleContextValue {
  const value = useContext(LocaleContext);
  if (!value) throw new Error('useLocale must be used within a LocaleProvider');
  return value;
}
