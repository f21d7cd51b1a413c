import type { I18n } from '@lingui/core';
import type { Locale } from '@shared/locales';
import CATALOG_PARTS from 'virtual:catalog-parts';
import { type CatalogPart, partsNeededBy } from './catalog-parts';

// One file per language and part (scripts/vite-catalog-parts.ts): every page loads the public part of its
// language (the server preloads it), private pages also the private part, content pages their own
// texts (./catalog-parts.ts; the server preloads those too).

/** Loads a language's public messages and switches every translated text to them. */
export async function activateLocale(i18n: I18n, locale: Locale): Promise<void> {
  const { messages } = await CATALOG_PARTS[locale].public();
  i18n.loadAndActivate({ locale, messages });
}

const loaded = new Map<string, Promise<void>>();

function loadPart(i18n: I18n, part: CatalogPart): Promise<void> {
  const locale = i18n.locale as Locale;
  const key = `${locale} ${part}`;
  let loading = loaded.get(key);
  if (!loading) {
    loading = CATALOG_PARTS[locale][part]().then(({ messages }) => i18n.load(locale, messages));
    // A failed download (offline) is tried again at the next navigation.
    loading.catch(() => loaded.delete(key));
    loaded.set(key, loading);
  }
  return loading;
}

/**
 * Adds the messages the pages of these routes show beyond the public part, in the active language: the
 * admin, account and checkout texts, a content page's own (once per tab and part; i18n then tells every
 * translated text to render again). The entry awaits it before hydrating a page, the root route before
 * showing one after a client-side navigation. Null when the public part is all they need.
 */
export function loadMessagesFor(i18n: I18n, routeIds: readonly string[]): Promise<void> | null {
  const parts = partsNeededBy(routeIds);
  if (parts.length === 0) return null;
  return Promise.all(parts.map((part) => loadPart(i18n, part))).then(() => undefined);
}
