/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vite';
import { configDefaults } from 'vitest/config';
import { ASSET_FILE_NAMES, aliases, appPlugins, fromRoot } from './scripts/vite-shared.ts';
import { routeAssets } from './scripts/vite-route-assets.ts';
import { CHUNK_GROUPS } from './scripts/vite-chunk-groups.ts';

const TEST_FILES = ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts'];
const MOCKED_TEST_FILES = 'tests/**/*.mocked.test.ts';

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
    environment: 'node',
    setupFiles: ['tests/support/vitest-setup.ts'],
    // On PostgreSQL: the run's prefix for the test apps' reused schemas, and their removal at the end.
    globalSetup: ['tests/support/postgres-schemas.global.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Vitest's default is one worker less than the machine has cores: one on CI's two. The tests wait on
    // their servers and databases about as much as they compute, so two workers there run in 70 % of the time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A worker imports the server and the pages once for all its test files instead of once per file,
    // which took most of the run's time (docs/decisions/053-tests-share-modules.md). A file that
    // replaces a module (vi.mock) is named *.mocked.test.ts and keeps a module graph of its own, so
    // its replacement reaches no other file.
    projects: [
      {
        extends: true,
        test: { name: 'shared-modules', include: TEST_FILES, exclude: [...configDefaults.exclude, MOCKED_TEST_FILES], isolate: false },
      },
      { extends: true, test: { name: 'own-modules', include: [MOCKED_TEST_FILES], isolate: true } },
    ],
  },
});
