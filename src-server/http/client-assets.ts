import type { Context } from 'hono';

/**
 * Where the browser app comes from: the built files in production (built-client.ts), Vite's dev
 * server in development (dev.ts). app.ts only needs these two answers.
 */
export type ClientAssets = {
  /** A static file of the client (script, style, font, image), or null when there is none. */
  serveFile(c: Context): Promise<Response | null>;
  /** The app shell (index.html) answering a page request, with the given status. */
  serveShell(c: Context, status: 200 | 404): Promise<Response>;
};
