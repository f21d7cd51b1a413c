import { setupI18n, type I18n } from '@lingui/core';
import { isLocale, LOCALES, type Locale } from '@shared/locales';
import { messages as de } from '../../locales/de/messages.po';
import { messages as en } from '../../locales/en/messages.po';
import { messages as fr } from '../../locales/fr/messages.po';

// E-mails are written on the server in the recipient's language, from the same catalogs as the site.
const CATALOGS = { de, en, fr } satisfies Record<Locale, unknown>;
const instances = new Map<Locale, I18n>(LOCALES.map((locale) => [locale, setupI18n({ locale, messages: { [locale]: CATALOGS[locale] } })]));

export function i18nFor(locale: string): I18n {
  return instances.get(isLocale(locale) ? locale : 'de') as I18n;
}
