import { relative, resolve } from 'node:path';
import { getConfig } from '@lingui/conf';
import { createCompiledCatalog, getCatalogForFile, getCatalogs } from '@lingui/cli/api';
import type { Plugin } from 'vite';
import { type CatalogPart, isPrivateSource, PAGE_FOLDERS, pageFolderOf } from '../src-client/i18n/catalog-parts.ts';

/**
 * `locales/<locale>/messages.po?public`, `?private` or `?page-<folder>`: the part of a catalog the browser
 * loads, as a module id (the locale is group 1, the part group 2); the route-assets plugin finds the
 * parts' chunks by it.
 */
export const CATALOG_PART_ID = /[\\/]locales[\\/]([a-z]+)[\\/]messages\.po\?(public|private|page-[a-z-]+)$/;

/** The browser's loaders of every part in every language: `{ de: { public: () => import(…), … }, … }`. */
const LOADERS_ID = 'virtual:catalog-parts';
const RESOLVED_LOADERS_ID = `\0${LOADERS_ID}`;

type Origin = [string, number?];

/**
 * The browser's catalogs in parts (docs/decisions/034-script-loading.md): every page needs the messages
 * of its layout and shared parts, a visitor almost never the admin, account and checkout ones (a third
 * of the catalog), one page not another content page's texts, and no page those only the server uses
 * (mail texts). A message goes by the `#:` origins the extraction writes into the .po: private when
 * every origin is a private source file (`isPrivateSource`), a page's when every origin is in that
 * page's folder (`pageFolderOf`), left out when every origin is in src-server, public otherwise. The .po
 * files stay whole, for translators and for the server, which compiles them through Lingui's own plugin.
 * `virtual:catalog-parts` gives the browser a loader for each part of each language.
 */
export function catalogParts(): Plugin {
  const config = getConfig();
  const rootDir = config.rootDir ?? process.cwd();
  const parts: CatalogPart[] = ['public', 'private', ...Object.keys(PAGE_FOLDERS).map((folder) => `page-${folder}` as CatalogPart)];
  const catalogFile = (locale: string) =>
    `${resolve(rootDir, (config.catalogs?.[0]?.path ?? '').replace('<rootDir>', rootDir).replace('{locale}', locale))}.po`;
  return {
    name: 'schoolbox:catalog-parts',
    enforce: 'pre',
    resolveId(id) {
      return id === LOADERS_ID ? RESOLVED_LOADERS_ID : null;
    },
    async load(id) {
      if (id === RESOLVED_LOADERS_ID) {
        // One dynamic import per language and part: the bundler makes each a file of its own.
        const languages = config.locales.map((locale) => {
          const loaders = parts.map((part) => `${JSON.stringify(part)}: () => import(${JSON.stringify(`${catalogFile(locale)}?${part}`)})`);
          return `${JSON.stringify(locale)}: {\n    ${loaders.join(',\n    ')}\n  }`;
        });
        return `export default {\n  ${languages.join(',\n  ')}\n};\n`;
      }
      const part = CATALOG_PART_ID.exec(id)?.[2] as CatalogPart | undefined;
      if (!part) return null;
      const file = id.split('?')[0] as string;
      const found = getCatalogForFile(relative(rootDir, file), await getCatalogs(config));
      if (!found) throw new Error(`catalog-parts: ${file} is not a catalog of lingui.config.ts`);
      const { locale, catalog } = found;
      this.addWatchFile(file);
      const entries = (await catalog.read(locale)) ?? {};
      // As Lingui's own plugin compiles a whole catalog (a missing translation falls back to German).
      const { messages } = await catalog.getTranslations(locale, {
        fallbackLocales: config.fallbackLocales ?? {},
        sourceLocale: config.sourceLocale ?? 'de',
      });
      const picked: Record<string, string> = {};
      for (const [messageId, translation] of Object.entries(messages)) {
        const origins = ((entries[messageId]?.origin ?? []) as Origin[]).map(([path]) => path.replace(/\\/g, '/'));
        if (partOf(origins) === part) picked[messageId] = translation;
      }
      const { source, errors } = createCompiledCatalog(locale, picked, { namespace: 'es' });
      if (errors.length > 0) throw new Error(`catalog-parts: ${file} does not compile: ${errors.map((e) => e.id).join(', ')}`);
      return { code: source, moduleType: 'js' };
    },
  };
}

/** Which part a message with these origins belongs to (null: the server's alone). */
function partOf(origins: string[]): CatalogPart | null {
  // A message without origins (obsolete, or added by hand) stays where nothing can miss it.
  if (origins.length === 0) return 'public';
  const client = origins.filter((origin) => !origin.startsWith('src-server/'));
  if (client.length === 0) return null;
  if (client.every(isPrivateSource)) return 'private';
  const folder = pageFolderOf(client[0] as string);
  return folder && client.every((origin) => pageFolderOf(origin) === folder) ? `page-${folder}` : 'public';
}
