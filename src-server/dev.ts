/**
 * `npm run dev`: one process, one URL. Vite runs inside this server in middleware mode (client hot
 * reload over the same port); tsx restarts the whole process when a server file changes.
 */
import { readFile } from 'node:fs/promises';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { createServer as createViteServer } from 'vite';
import { createApp } from './app';
import { parseConfig } from './config';
import { connectDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';
import type { ClientAssets } from './http/client-assets';
import { systemClock } from './lib/clock';
import { createLogger } from './lib/logger';

const root = fileURLToPath(new URL('..', import.meta.url));
const config = parseConfig({ NODE_ENV: 'development', LOG_LEVEL: 'debug', ...process.env });
const logger = createLogger(config.logLevel);
const { db } = connectDatabase(config.databaseUrl);
await migrateToLatest(db, logger);

const httpServer = createHttpServer();
const vite = await createViteServer({
  configFile: `${root}/vite.config.ts`,
  server: { middlewareMode: true, hmr: { server: httpServer } },
  appType: 'custom',
});

const client: ClientAssets = {
  serveFile: async () => null, // Vite's middleware has already answered every file it knows.
  async serveShell(c, status) {
    const template = await readFile(`${root}/src-client/index.html`, 'utf8');
    const html = await vite.transformIndexHtml(c.req.url, template);
    return c.html(html, status, { 'Cache-Control': 'no-cache' });
  },
};

const app = createApp({ config, db, logger, clock: systemClock, client, isDev: true });
const honoListener = getRequestListener(app.fetch);
httpServer.on('request', (req: IncomingMessage, res: ServerResponse) => {
  vite.middlewares(req, res, () => void honoListener(req, res));
});
httpServer.listen(config.port, config.host, () => {
  logger.info('dev server ready', { url: `http://localhost:${config.port}` });
});

const stop = async () => {
  await vite.close();
  httpServer.close();
  await db.destroy();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
