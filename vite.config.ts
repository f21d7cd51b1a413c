/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Lingui's macros (`t`, `msg`, `<Trans>`) are compiled away by its Babel plugin. Vite 8 no longer runs
// Babel by itself, so the plugin runs through @rolldown/plugin-babel, and only on files that import a macro.
const linguiMacros = defineRolldownBabelPreset({
  preset: { plugins: ['@lingui/babel-plugin-lingui-macro'] },
  rolldown: { filter: { code: /@lingui\/(core|react)\/macro/ } },
});

export default defineConfig({
  root: fromRoot('./src-client'),
  publicDir: fromRoot('./src-client/public'),
  resolve: {
    alias: {
      '@client': fromRoot('./src-client'),
      '@server': fromRoot('./src-server'),
      '@shared': fromRoot('./src-shared'),
    },
  },
  plugins: [
    // The router plugin must come before React's: it splits every route file into lazily loaded chunks.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: fromRoot('./src-client/routes'),
      generatedRouteTree: fromRoot('./src-client/routeTree.gen.ts'),
      quoteStyle: 'single',
      semicolons: true,
    }),
    babel({ presets: [linguiMacros] }),
    react(),
    lingui(),
  ],
  build: {
    outDir: fromRoot('./dist/client'),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
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
