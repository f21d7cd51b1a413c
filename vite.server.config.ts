import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vite';
import { linguiMacro } from './scripts/vite-lingui-macro.ts';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Compiles the server (and the operator CLI) to plain JavaScript in dist/server, so production runs
 * without a TypeScript loader. Packages stay external: they are loaded from node_modules at run time.
 */
export default defineConfig({
  resolve: {
    alias: {
      '@server': fromRoot('./src-server'),
      '@shared': fromRoot('./src-shared'),
    },
  },
  plugins: [
    linguiMacro(),
    lingui(),
  ],
  build: {
    ssr: true,
    outDir: fromRoot('./dist/server'),
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    rolldownOptions: {
      input: { main: fromRoot('./src-server/main.ts'), cli: fromRoot('./src-server/cli.ts') },
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
