import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

export const SHELL_MARKER = '<div id="root"></div>';
export const ASSET_PATH = '/assets/app-3f9a1c.js';

/**
 * A tiny stand-in for `vite build`'s output with the same shape (index.html, hashed assets, brotli and
 * gzip copies), so server tests do not depend on a full client build.
 */
export function writeFakeClientBuild(dir: string): void {
  const files: Record<string, string> = {
    'index.html': `<!doctype html><html lang="de"><head><title>SchoolBox</title><script type="module" src="${ASSET_PATH}"></script></head><body>${SHELL_MARKER}</body></html>`,
    [ASSET_PATH.slice(1)]: `console.log(${JSON.stringify('x'.repeat(2000))});`,
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  };
  for (const [name, content] of Object.entries(files)) {
    const path = join(dir, name);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, content);
    if (content.length > 100) {
      writeFileSync(`${path}.br`, brotliCompressSync(content));
      writeFileSync(`${path}.gz`, gzipSync(content));
    }
  }
}
