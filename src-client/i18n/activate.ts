import { i18n } from '@lingui/core';
import type { Locale } from '@shared/locales';

/** Loads a language's catalog (its own small chunk) and switches every translated text to it. */
export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await import(`../../locales/${locale}/messages.po`);
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
}
