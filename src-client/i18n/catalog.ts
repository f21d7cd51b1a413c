import type { I18n, Messages } from '@lingui/core';
import type { Locale } from '@shared/locales';

type Part = { messages: Messages };

// One file per language and part (scripts/vite-catalog-parts.ts): every page loads the public part of its
// language (the server preloads it), private pages also the private part (./catalog-parts.ts).
const PUBLIC: Record<Locale, () => Promise<Part>> = {
  de: () => import('../../locales/de/messages.po?public'),
  en: () => import('../../locales/en/messages.po?public'),
  fr: () => import('../../locales/fr/messages.po?public'),
};
const PRIVATE: Record<Locale, () => Promise<Part>> = {
  de: () => import('../../locales/de/messages.po?private'),
  en: () => import('../../locales/en/messages.po?private'),
  fr: () => import('../../locales/fr/messages.po?private'),
};

/** Loads a language's public messages and switches every translated text to them. */
export async function activateLocale(i18n: I18n, locale: Locale): Promise<void> {
  const { messages } = await PUBLIC[locale]();
  i18n.loadAndActivate({ locale, messages });
}

const privateLoaded = new Map<Locale, Promise<void>>();

/**
 * Adds the admin, account and checkout messages of the active language (once per tab; i18n then tells
 * every translated text to render again). The entry awaits it before hydrating a private page, the root
 * route before showing one after a client-side navigation.
 */
export function loadPrivateMessages(i18n: I18n): Promise<void> {
  const locale = i18n.locale as Locale;
  let loading = privateLoaded.get(locale);
  if (!loading) {
    loading = PRIVATE[locale]().then(({ messages }) => i18n.load(locale, messages));
    // A failed download (offline) is tried again at the next navigation.
    loading.catch(() => privateLoaded.delete(locale));
    privateLoaded.set(locale, loading);
  }
  return loading;
}
