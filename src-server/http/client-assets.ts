import type { Context } from 'hono';

/**
 * Where the browser's files come from: the built files in production (built-client.ts), Vite's dev
 * server in development (dev.ts answers them before the app sees the request).
 */
export type ClientAssets = {
  /** A static file of the client (script, style, font, image), or null when there is none. */
  serveFile(c: Context): Promise<Response | null>;
};
