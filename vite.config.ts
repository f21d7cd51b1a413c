/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { linguiMacro } from './scripts/vite-lingui-macro.ts';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

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
    linguiMacro(),
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
