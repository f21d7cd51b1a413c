import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import type { PluginOption } from 'vite';
import { catalogParts } from './vite-catalog-parts.ts';
import { linguiMacro } from './vite-lingui-macro.ts';
import { stableMantineIds } from './vite-stable-ids.ts';

/** What the client build, the server build and the dev server share, so both sides compile alike. */
export const fromRoot = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

export const aliases = {
  '@client': fromRoot('src-client'),
  '@server': fromRoot('src-server'),
  '@shared': fromRoot('src-shared'),
};

/** Hashed file names for everything the client imports; the server build must name them the same. */
export const ASSET_FILE_NAMES = 'assets/[name]-[hash][extname]';

export function appPlugins(): PluginOption[] {
  return [
    // The router plugin must come before React's: it splits every route file into lazily loaded chunks.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: fromRoot('src-client/routes'),
      generatedRouteTree: fromRoot('src-client/routeTree.gen.ts'),
      quoteStyle: 'single',
      semicolons: true,
    }),
    linguiMacro(),
    stableMantineIds(),
    react(),
    lingui(),
    // The browser's catalogs in a public and a private part (the server's are whole).
    catalogParts(),
  ];
}
