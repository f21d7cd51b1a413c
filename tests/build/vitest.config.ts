import { defineConfig } from 'vitest/config';
import { aliases, fromRoot } from '../../scripts/vite-shared.ts';

/**
 * Tests of the production bundle (dist/), run by `npm test` after the build step: what only the built
 * code can show, such as the compiled operator CLI. The unit and server tests (vite.config.ts) run
 * from source before the build.
 */
export default defineConfig({
  resolve: { alias: aliases },
  test: {
    root: fromRoot('.'),
    include: ['tests/build/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/support/vitest-setup.ts'],
    // Each test starts processes; on a loaded machine a start can take seconds. Generous, not tight.
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
