/**
 * `npm run dev`: one process, one URL. Vite runs inside this server in middleware mode (client hot
 * reload over the same port). The app itself (app.ts and everything it imports) is loaded through
 * Vite's SSR loader, so Lingui macros and catalogs work as in the build, and an edit to it takes
 * effect on the next request. tsx restarts the process when the infrastructure around it changes.
 */
import { readFile } from 'node:fs/promises';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { createServer as createViteServer } from 'vite';
import type * as AppModule from './app';
import { parseConfig } from './config';
import type { ClientAssets } from './http/client-assets';
import { injectMeta } from './http/shell-meta';
import { systemClock } from './lib/clock';
import { createLogger } from './lib/logger';
import { startRuntime } from './runtime';

const root = fileURLToPath(new URL('..', import.meta.url));
const config = parseConfig({ NODE_ENV: 'development', LOG_LEVEL: 'debug', ...process.env });
const logger = createLogger(config.logLevel);
const runtime = await startRuntime(config, logger, systemClock);

const httpServer = createHttpServer();
const vite = await createViteServer({
  configFile: `${root}/vite.config.ts`,
  server: { middlewareMode: true, hmr: { server: httpServer } },
  appType: 'custom',
});

const client: ClientAssets = {
  serveFile: async () => null, // Vite's middleware has already answered every file it knows.
  async serveShell(c, status, meta) {
    const template = await readFile(`${root}/src-client/index.html`, 'utf8');
    const html = await vite.transformIndexHtml(c.req.url, meta ? injectMeta(template, meta) : template);
    return c.html(html, status, { 'Cache-Control': 'no-cache' });
  },
};

// Re-create the app whenever Vite hands back a new module (a file of the app changed).
let loaded: { module: typeof AppModule; listener: ReturnType<typeof getRequestListener> } | null = null;
async function appListener() {
  const module = (await vite.ssrLoadModule(`${root}/src-server/app.ts`)) as typeof AppModule;
  if (loaded?.module !== module) {
    const app = module.createApp({ config, db: runtime.db, outbox: runtime.outbox, logger, clock: systemClock, client, isDev: true });
    loaded = { module, listener: getRequestListener(app.fetch) };
  }
  return loaded.listener;
}

httpServer.on('request', (req: IncomingMessage, res: ServerResponse) => {
  vite.middlewares(req, res, () => {
    appListener().then(
      (listener) => listener(req, res),
      (error: unknown) => {
        logger.error('dev: the app failed to load', { error });
        res.statusCode = 500;
        res.end(String(error));
      },
    );
  });
});
httpServer.listen(config.port, config.host, () => {
  logger.info('dev server ready', { url: `http://localhost:${config.port}` });
});

const stop = async () => {
  await vite.close();
  httpServer.close();
  await runtime.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
