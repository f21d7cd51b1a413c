import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import type { CatalogPart } from '../src-client/i18n/catalog-parts.ts';
import { ROUTE_ASSETS_FILE, type RouteAssets } from '../src-server/pages/route-assets.ts';
import { CATALOG_PART_ID } from './vite-catalog-parts.ts';

type OutputChunk = {
  type: 'chunk';
  fileName: string;
  imports: string[];
  isEntry: boolean;
  facadeModuleId: string | null;
  viteMetadata?: { importedCss: Set<string> };
};

/**
 * Writes which files each route needs, so the server can preload a page's route chunks, its catalog
 * and its stylesheets in the <head> it renders (TanStack Router's manifest), instead of the browser
 * discovering them one after another.
 */
export function routeAssets(): Plugin {
  return {
    name: 'schoolbox:route-assets',
    apply: 'build',
    // After Vite's own generateBundle hooks: vite:css-post removes the JS chunks that only carried CSS
    // (and their imports); run before it, a route would preload a file that is never written (a 404).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if (this.environment.config.build.ssr) return;
        const chunks = new Map<string, OutputChunk>();
        for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item as unknown as OutputChunk);

        // A chunk with everything it imports statically (the browser fetches them all before running it).
        const closure = (fileName: string, seen = new Set<string>()): Set<string> => {
          if (seen.has(fileName)) return seen;
          seen.add(fileName);
          for (const imported of chunks.get(fileName)?.imports ?? []) closure(imported, seen);
          return seen;
        };
        const url = (fileName: string) => `/${fileName}`;
        const assetsOf = (fileName: string, exclude: Set<string>) => {
          const files = [...closure(fileName)].filter((file) => !exclude.has(file));
          return {
            preloads: files.map(url),
            css: files.flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]).map(url),
          };
        };

        const entry = [...chunks.values()].find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('/entry-client.tsx'));
        if (!entry) throw new Error('route-assets: the client entry chunk was not found');
        const entryFiles = closure(entry.fileName);
        const assets: RouteAssets = {
          entry: { script: url(entry.fileName), ...assetsOf(entry.fileName, new Set()) },
          catalogs: {},
          routes: {},
        };

        for (const chunk of chunks.values()) {
          const id = chunk.facadeModuleId ?? '';
          // The catalogs' parts (scripts/vite-catalog-parts.ts).
          const catalog = CATALOG_PART_ID.exec(id);
          if (catalog?.[1] && catalog[2]) {
            const parts = assets.catalogs[catalog[1]] ?? { public: '' };
            parts[catalog[2] as CatalogPart] = url(chunk.fileName);
            assets.catalogs[catalog[1]] = parts;
          }
          // The router plugin splits each route file into `<file>?tsr-split=<parts>` chunks.
          const routeFile = /^(.*\/src-client\/routes\/.*\.tsx)\?tsr-split=/.exec(id)?.[1];
          if (!routeFile) continue;
          const routeId = /createFileRoute\(\s*['"]([^'"]+)['"]\s*\)/.exec(readFileSync(routeFile, 'utf8'))?.[1];
          if (!routeId) throw new Error(`route-assets: no createFileRoute('…') in ${routeFile}`);
          const found = assetsOf(chunk.fileName, entryFiles);
          const route = assets.routes[routeId] ?? { preloads: [], css: [] };
          assets.routes[routeId] = route;
          route.preloads = [...new Set([...route.preloads, ...found.preloads])];
          route.css = [...new Set([...route.css, ...found.css])];
        }
        for (const [locale, parts] of Object.entries(assets.catalogs))
          if (!parts.public) throw new Error(`route-assets: no public catalog chunk for "${locale}"`);
        this.emitFile({ type: 'asset', fileName: ROUTE_ASSETS_FILE, source: JSON.stringify(assets, null, 2) });
      },
    },
  };
}
