import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import type { ClientAssets } from './client-assets';
import { injectMeta, type PageMeta } from './shell-meta';

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

type BuiltFile = { path: string; type: string; etag: string; br: boolean; gz: boolean; immutable: boolean };

/**
 * Serves `vite build`'s output. Files under /assets/ carry a content hash in their name and are cached
 * for a year; index.html must be revalidated each time so a new deploy is picked up. Build-time
 * brotli and gzip copies (scripts/build.mjs) are sent to browsers that accept them.
 */
export function createBuiltClient(dir: string): ClientAssets {
  if (!existsSync(join(dir, 'index.html'))) {
    throw new Error(`The client is not built: ${join(dir, 'index.html')} is missing. Run "npm run build".`);
  }
  const files = indexFiles(dir);
  const shell = files.get('/index.html') as BuiltFile;

  async function send(c: Context, file: BuiltFile, status: number): Promise<Response> {
    const cacheControl = file.immutable
      ? 'public, max-age=31536000, immutable'
      : file === shell
        ? 'no-cache'
        : 'public, max-age=3600';
    const headers = new Headers({ 'Content-Type': file.type, 'Cache-Control': cacheControl, Vary: 'Accept-Encoding' });
    if (!file.immutable) headers.set('ETag', file.etag);
    if (status === 200 && c.req.header('if-none-match') === file.etag) {
      return new Response(null, { status: 304, headers });
    }
    const accepted = c.req.header('accept-encoding') ?? '';
    let path = file.path;
    if (file.br && /\bbr\b/.test(accepted)) {
      path += '.br';
      headers.set('Content-Encoding', 'br');
    } else if (file.gz && /\bgzip\b/.test(accepted)) {
      path += '.gz';
      headers.set('Content-Encoding', 'gzip');
    }
    const body = c.req.method === 'HEAD' ? null : await readFile(path);
    return new Response(body, { status, headers });
  }

  return {
    async serveFile(c) {
      const file = files.get(safeDecode(c.req.path));
      return file && file !== shell ? send(c, file, 200) : null;
    },
    async serveShell(c, status, meta) {
      if (!meta) return send(c, shell, status);
      // A page with its own title: the shell is rewritten per request (small, so gzip on the fly).
      const html = injectMeta(await readFile(shell.path, 'utf8'), meta);
      const headers = new Headers({ 'Content-Type': shell.type, 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding' });
      if (/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
        headers.set('Content-Encoding', 'gzip');
        return new Response(c.req.method === 'HEAD' ? null : gzipSync(html), { status, headers });
      }
      return new Response(c.req.method === 'HEAD' ? null : html, { status, headers });
    },
  };
}

function indexFiles(dir: string): Map<string, BuiltFile> {
  const files = new Map<string, BuiltFile>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!/\.(br|gz)$/.test(entry.name)) {
        const urlPath = `/${relative(dir, full).split(sep).join('/')}`;
        const stat = statSync(full);
        files.set(urlPath, {
          path: full,
          type: CONTENT_TYPES[extname(entry.name)] ?? 'application/octet-stream',
          etag: `W/"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"`,
          br: existsSync(`${full}.br`),
          gz: existsSync(`${full}.gz`),
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
