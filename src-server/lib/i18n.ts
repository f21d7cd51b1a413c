import { setupI18n, type I18n } from '@lingui/core';
import { LOCALES, toLocale, type Locale } from '@shared/locales';
import { messages as de } from '../../locales/de/messages.po';
import { messages as en } from '../../locales/en/messages.po';
import { messages as fr } from '../../locales/fr/messages.po';

// E-mails (in the recipient's language) and server-rendered pages are written from the same catalogs as the
// browser's: one read-only instance per language.
const CATALOGS = { de, en, fr } satisfies Record<Locale, unknown>;
const instances = new Map<Locale, I18n>(LOCALES.map((locale) => [locale, setupI18n({ locale, messages: { [locale]: CATALOGS[locale] } })]));

export function i18nFor(locale: string): I18n {
  return instances.get(toLocale(locale)) as I18n;
}
