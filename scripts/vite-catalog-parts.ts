import { relative } from 'node:path';
import { getConfig } from '@lingui/conf';
import { createCompiledCatalog, getCatalogForFile, getCatalogs } from '@lingui/cli/api';
import type { Plugin } from 'vite';
import { isPrivateSource } from '../src-client/i18n/catalog-parts.ts';

/** `locales/<locale>/messages.po?public` or `?private`: the part of a catalog the browser loads. */
const PART_ID = /[\\/]locales[\\/][a-z]+[\\/]messages\.po\?(public|private)$/;

type Part = 'public' | 'private';
type Origin = [string, number?];

/**
 * The browser's catalogs in two parts (docs/decisions/034-script-loading.md): every page needs the
 * messages of its layout and public pages, a visitor almost never the admin, account and checkout ones
 * (a third of the catalog), and no page those only the server uses (mail texts). A message goes by the
 * `#:` origins the extraction writes into the .po: private when every origin is a private source file
 * (`isPrivateSource`), left out when every origin is in src-server, public otherwise. The .po files stay
 * whole, for translators and for the server, which compiles them through Lingui's own plugin.
 */
export function catalogParts(): Plugin {
  const config = getConfig();
  return {
    name: 'schoolbox:catalog-parts',
    enforce: 'pre',
    async load(id) {
      const part = PART_ID.exec(id)?.[1] as Part | undefined;
      if (!part) return null;
      const file = id.split('?')[0] as string;
      const found = getCatalogForFile(relative(config.rootDir ?? process.cwd(), file), await getCatalogs(config));
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
function partOf(origins: string[]): Part | null {
  // A message without origins (obsolete, or added by hand) stays where nothing can miss it.
  if (origins.length === 0) return 'public';
  const client = origins.filter((origin) => !origin.startsWith('src-server/'));
  if (client.length === 0) return null;
  return client.every(isPrivateSource) ? 'private' : 'public';
}
