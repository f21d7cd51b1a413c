import type { I18n } from '@lingui/core';
import type { Locale } from '@shared/locales';

/**
 * Loads a language's catalog (each language is its own small chunk, preloaded by the server for the
 * language it rendered) and switches every translated text to it.
 */
export async function activateLocale(i18n: I18n, locale: Locale): Promise<void> {
  const { messages } = await import(`../../locales/${locale}/messages.po`);
  i18n.loadAndActivate({ locale, messages });
}
