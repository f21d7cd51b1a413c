import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import type { Context } from 'hono';
import type { ClientAssets } from './client-assets';
import { CONTENT_ENCODINGS, preferredEncoding, type ContentEncoding } from './content-encoding';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** The compressed copies the build writes beside a file, by their name's suffix. */
const COPY_SUFFIX: Record<ContentEncoding, string> = { br: '.br', gzip: '.gz' };

/** `encodings`: the compressed copies the build wrote beside the file (none for small or binary files). */
type BuiltFile = { path: string; type: string; etag: string; encodings: ContentEncoding[]; immutable: boolean };

/**
 * Serves `vite build`'s output. Files under /assets/ carry a content hash in their name and are cached
 * for a year; other files (favicon, pictures of public/) for an hour. Build-time brotli and gzip
 * copies (scripts/build-lib.mjs) are sent to browsers that accept them. Pages are not files: the
 * server renders them (src-server/pages).
 */
export function createBuiltClient(dir: string): ClientAssets {
  if (!existsSync(dir)) throw new Error(`The client is not built: ${dir} is missing. Run "npm run build".`);
  const files = indexFiles(dir);

  async function send(c: Context, file: BuiltFile): Promise<Response> {
    const cacheControl = file.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';
    const headers = new Headers({ 'Content-Type': file.type, 'Cache-Control': cacheControl, Vary: 'Accept-Encoding' });
    if (!file.immutable) headers.set('ETag', file.etag);
    if (c.req.header('if-none-match') === file.etag) {
      return new Response(null, { status: 304, headers });
    }
    let path = file.path;
    const encoding = preferredEncoding(c.req.header('accept-encoding'), file.encodings);
    if (encoding) {
      path += COPY_SUFFIX[encoding];
      headers.set('Content-Encoding', encoding);
    }
    const body = c.req.method === 'HEAD' ? null : await readFile(path);
    return new Response(body, { status: 200, headers });
  }

  return {
    async serveFile(c) {
      const file = files.get(safeDecode(c.req.path));
      return file ? send(c, file) : null;
    },
  };
}

function indexFiles(dir: string): Map<string, BuiltFile> {
  const files = new Map<string, BuiltFile>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = join(folder, entry.name);
      // The build's own bookkeeping (.vite/) is not for browsers; the compressed copies are found by name.
      if (entry.isDirectory()) {
        if (entry.name !== '.vite') walk(full);
      } else if (!/\.(br|gz)$/.test(entry.name)) {
        const urlPath = `/${relative(dir, full).split(sep).join('/')}`;
        const stat = statSync(full);
        files.set(urlPath, {
          path: full,
          type: CONTENT_TYPES[extname(entry.name)] ?? 'application/octet-stream',
          etag: `W/"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"`,
          encodings: CONTENT_ENCODINGS.filter((encoding) => existsSync(`${full}${COPY_SUFFIX[encoding]}`)),
          immutable: urlPath.startsWith('/assets/'),
        });
      }
    }
  };
  walk(dir);
  return files;
}

/** Hono leaves a malformed escape ("%ZZ") in the path as it is; such a path names no file. */
function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
