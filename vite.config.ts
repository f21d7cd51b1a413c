/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import { ASSET_FILE_NAMES, aliases, appPlugins, fromRoot } from './scripts/vite-shared.ts';
import { routeAssets } from './scripts/vite-route-assets.ts';
import { CHUNK_GROUPS } from './scripts/vite-chunk-groups.ts';

/** The browser build (dist/client) and the Vitest setup. The server build is vite.server.config.ts. */
export default defineConfig({
  root: fromRoot('src-client'),
  publicDir: fromRoot('src-client/public'),
  resolve: { alias: aliases },
  plugins: [appPlugins(), routeAssets()],
  build: {
    outDir: fromRoot('dist/client'),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    rolldownOptions: {
      input: fromRoot('src-client/entry-client.tsx'),
      output: { assetFileNames: ASSET_FILE_NAMES, codeSplitting: { groups: CHUNK_GROUPS } },
    },
  },
  test: {
    root: fromRoot('.'),
    include: ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/support/vitest-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
