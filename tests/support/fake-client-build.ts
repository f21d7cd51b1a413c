import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { ROUTE_ASSETS_FILE, type RouteAssets } from '@server/pages/route-assets';

export const ASSET_PATH = '/assets/app-3f9a1c.js';
export const STYLE_PATH = '/assets/app-7c2e01.css';

/** What the fake build's route-assets.json says: one entry script and stylesheet, a catalog per language in three parts. */
export const FAKE_ROUTE_ASSETS: RouteAssets = {
  entry: { script: ASSET_PATH, preloads: [ASSET_PATH], css: [STYLE_PATH] },
  catalogs: {
    de: { public: '/assets/messages-de.js', private: '/assets/messages-private-de.js', 'page-support': '/assets/messages-support-de.js' },
    en: { public: '/assets/messages-en.js', private: '/assets/messages-private-en.js', 'page-support': '/assets/messages-support-en.js' },
    fr: { public: '/assets/messages-fr.js', private: '/assets/messages-private-fr.js', 'page-support': '/assets/messages-support-fr.js' },
  },
  routes: { '/blog': { preloads: ['/assets/route-blog.js'], css: [] } },
};

/**
 * A tiny stand-in for `vite build`'s output with the same shape (hashed assets with brotli and gzip
 * copies, public files, the route-assets manifest), so server tests do not depend on a full client build.
 */
export function writeFakeClientBuild(dir: string): void {
  const files: Record<string, string> = {
    [ASSET_PATH.slice(1)]: `console.log(${JSON.stringify('x'.repeat(2000))});`,
    [STYLE_PATH.slice(1)]: 'body { margin: 0; }',
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    [ROUTE_ASSETS_FILE]: JSON.stringify(FAKE_ROUTE_ASSETS),
  };
  for (const [name, content] of Object.entries(files)) {
    const path = join(dir, name);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, content);
    if (content.length > 100 && !name.startsWith('.vite')) {
      writeFileSync(`${path}.br`, brotliCompressSync(content));
      writeFileSync(`${path}.gz`, gzipSync(content));
    }
  }
}
