import { defineConfig } from 'vite';
import { ASSET_FILE_NAMES, aliases, appPlugins, fromRoot } from './scripts/vite-shared.ts';

/**
 * Compiles the server (and the operator CLI) to plain JavaScript in dist/server, so production runs
 * without a TypeScript loader. The server renders the client's pages, so it compiles the client code
 * with the same plugins as the browser build (CSS module class names and asset URLs come out equal).
 * Packages stay external: they are loaded from node_modules at run time.
 */
export default defineConfig({
  resolve: { alias: aliases },
  plugins: [appPlugins()],
  // Libraries choose their production code by process.env.NODE_ENV at run time (React's server renderer:
  // its development build is several times slower and warns on every rendering). The compiled server is
  // the production one whatever NODE_ENV its process gets; the development builds are left out (ADR 043).
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: {
    // Packages are bundled (and tree-shaken) instead of loaded from node_modules at start: resolving
    // thousands of ES module files (router, query, Mantine, every icon) would make start-up take seconds.
    // Native addons and packages that load optional modules at run time stay external.
    noExternal: true,
    external: ['better-sqlite3', '@node-rs/argon2', 'pg', 'nodemailer', 'smtp-server', 'sharp'],
  },
  build: {
    ssr: true,
    outDir: fromRoot('dist/server'),
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    copyPublicDir: false,
    // As in the browser build: pictures are files with hashed names, never inlined, so the server
    // renders the same <img src> the browser's code expects.
    assetsInlineLimit: 0,
    rolldownOptions: {
      input: { main: fromRoot('src-server/main.ts'), cli: fromRoot('src-server/cli.ts') },
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js', assetFileNames: ASSET_FILE_NAMES },
    },
  },
});
