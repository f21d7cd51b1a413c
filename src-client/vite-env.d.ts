/// <reference types="vite/client" />

declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

// Each language's loaders of every part (scripts/vite-catalog-parts.ts).
declare module 'virtual:catalog-parts' {
  import type { Messages } from '@lingui/core';
  import type { Locale } from '@shared/locales';
  import type { CatalogPart } from '@client/i18n/catalog-parts';
  const parts: Record<Locale, Record<CatalogPart, () => Promise<{ messages: Messages }>>>;
  export default parts;
}
