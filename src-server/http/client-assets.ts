import type { Context } from 'hono';
import type { PageMeta } from './shell-meta';

/**
 * Where the browser app comes from: the built files in production (built-client.ts), Vite's dev
 * server in development (dev.ts). app.ts only needs these two answers.
 */
export type ClientAssets = {
  /** A static file of the client (script, style, font, image), or null when there is none. */
  serveFile(c: Context): Promise<Response | null>;
  /** The app shell (index.html) answering a page request, with the given status and, if known, the page's own title and description. */
  serveShell(c: Context, status: 200 | 404, meta?: PageMeta): Promise<Response>;
};
