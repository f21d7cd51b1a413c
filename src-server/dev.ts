/**
 * `npm run dev`: one process, one URL. Vite runs inside this server in middleware mode (client files and
 * hot reload over the same port). The app (app.ts and everything it imports) and the client's server
 * entry are loaded through Vite's SSR loader, so pages render on the server as in production, Lingui
 * macros and catalogs work, and an edit takes effect on the next request. The runtime (database, shop,
 * workers) comes through the same loader, once: its workers write mails from the catalogs, which tsx
 * cannot load. tsx restarts the process when configuration or this file changes (ADR 014).
 */
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import type { Manifest } from '@tanstack/react-router';
import { createServer as createViteServer } from 'vite';
import type * as AppModule from './app';
import { parseConfig } from './config';
import type { ClientAssets } from './http/client-assets';
import { systemClock } from './lib/clock';
import { checkLegalSettings } from './legal/startup-check';
import { createLogger } from './lib/logger';
import type { PageRenderer } from './pages/renderer';
import type * as RuntimeModule from './runtime';
import type * as EntryServer from '../src-client/entry-server';

const root = fileURLToPath(new URL('..', import.meta.url));
const config = parseConfig({ NODE_ENV: 'development', LOG_LEVEL: 'debug', ...process.env });
const logger = createLogger(config.logLevel);
checkLegalSettings(config, logger);

const httpServer = createHttpServer();
const vite = await createViteServer({
  configFile: `${root}/vite.config.ts`,
  server: { middlewareMode: true, hmr: { server: httpServer } },
  appType: 'custom',
});
const { startRuntime } = (await vite.ssrLoadModule(`${root}/src-server/runtime.ts`)) as typeof RuntimeModule;
const runtime = await startRuntime(config, logger, systemClock);

// Vite's middleware has already answered every file it knows.
const client: ClientAssets = { serveFile: async () => null };

// The scripts Vite puts into a page in development: its client (hot reload) and React Refresh's preamble.
const devScripts = [
  ...(await vite.transformIndexHtml('/', '<html><head></head><body></body></html>')).matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g),
].map(([, attributes = '', code = '']) => ({
  attrs: Object.fromEntries([...attributes.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name, value])),
  children: code || undefined,
}));

/**
 * In development a page links every stylesheet the server-side module graph has loaded (served raw by
 * Vite with ?direct), so pages are styled before the client's scripts run.
 */
function devManifest(): Manifest {
  const css = [...vite.environments.ssr.moduleGraph.idToModuleMap.values()]
    .filter((module) => /\.css($|\?)/.test(module.id ?? '') && !module.id?.includes('?inline'))
    .map((module) => `${module.url}${module.url.includes('?') ? '&' : '?'}direct`);
  return {
    routes: {
      __root__: { css, scripts: [...devScripts, { attrs: { type: 'module', src: '/entry-client.tsx' } }] },
    },
  };
}

const renderer: PageRenderer = {
  async render(input) {
    const entry = (await vite.ssrLoadModule(`${root}/src-client/entry-server.tsx`)) as typeof EntryServer;
    return entry.renderPage(input);
  },
  manifest: devManifest,
  // Development renders every address afresh (the sources change under it): no shared 404 rendering.
  isNotFoundPath: () => false,
  // Nor a matcher of its own: development's pages are counted under the one label `page` (ADR 044).
  routeIdOf: () => null,
  // Nor pages shared by role: a signed-in visitor's pages are rendered for them (ADR 045).
  isSharedPage: () => false,
};

// Re-create the app whenever Vite hands back a new module (a file of the app changed).
let loaded: { module: typeof AppModule; listener: ReturnType<typeof getRequestListener> } | null = null;
async function appListener() {
  const module = (await vite.ssrLoadModule(`${root}/src-server/app.ts`)) as typeof AppModule;
  if (loaded?.module !== module) {
    // The runtime's services stay: a new app gets the same shop, content version and workers.
    const app = module.createApp({ ...runtime.deps, client, renderer, isDev: true });
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
