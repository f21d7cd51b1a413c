import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { MAX_BATCH_SIZE } from '@shared/constants';
import { isClientRoute } from '@shared/routes';
import { resolveRequestSession } from './auth/request-session';
import { rssHandler } from './blog/feeds';
import { robotsHandler, sitemapHandler } from './site/seo';
import { blogPostPage } from './blog/pages';
import type { ClientAssets } from './http/client-assets';
import { healthHandler } from './http/health';
import { originCheck } from './http/origin-check';
import { requestContext, type RequestVariables } from './http/request-context';
import { securityHeaders } from './http/security-headers';
import { appRouter } from './router';
import type { AppDeps } from './trpc';

const API_BODY_LIMIT_BYTES = 512 * 1024;

export type CreateAppOptions = AppDeps & { client: ClientAssets; isDev?: boolean };

/**
 * The whole HTTP application. main.ts serves it; tests serve it on a random port.
 * Order matters: request context first (every later step logs with its id), security headers around
 * everything, the origin check before anything that can change state.
 */
export function createApp({ client, isDev = false, ...deps }: CreateAppOptions) {
  const { config, db, logger } = deps;
  const app = new Hono<{ Variables: RequestVariables }>();
  const isHttps = config.publicUrl.startsWith('https:');

  app.use(requestContext(logger, config.trustProxy));
  app.use(securityHeaders({ isHttps, isDev }));
  app.use(originCheck(config.publicUrl));

  app.get('/healthz', healthHandler(db, logger));
  app.get('/blog/rss.xml', rssHandler(db, config.publicUrl));
  app.get('/sitemap.xml', sitemapHandler(db, config.publicUrl));
  app.get('/robots.txt', robotsHandler(config.publicUrl));

  app.use('/api/*', compress());
  // No legitimate call sends more than a long blog post; refuse bigger bodies before parsing them.
  app.use('/api/*', bodyLimit({ maxSize: API_BODY_LIMIT_BYTES, onError: (c) => c.json({ error: { code: 'VALIDATION_FAILED', message: 'Request too large' } }, 413) }));
  app.all('/api/trpc/*', (c) =>
    fetchRequestHandler({
      endpoint: '/api/trpc',
      req: c.req.raw,
      router: appRouter,
      // One page makes a handful of calls at once; a huge batch is only good for abuse.
      maxBatchSize: MAX_BATCH_SIZE,
      createContext: async ({ req, resHeaders }) => ({
        ...deps,
        logger: c.get('logger'),
        requestId: c.get('requestId'),
        clientIp: c.get('clientIp'),
        resHeaders,
        ...(await resolveRequestSession(db, req.headers.get('cookie'), resHeaders, deps.clock.now(), isHttps)),
      }),
    }),
  );
  app.all('/api/*', (c) => c.json({ error: { code: 'NOT_FOUND', message: 'No such API endpoint' } }, 404));

  app.on(['GET', 'HEAD'], '*', async (c) => {
    const file = await client.serveFile(c);
    if (file) return file;
    const post = await blogPostPage(db, c.req.path);
    if (post) return client.serveShell(c, post.status, post.meta);
    // Unknown paths still get the app (which shows its 404 page) but with a real 404 status.
    return client.serveShell(c, isClientRoute(c.req.path) ? 200 : 404);
  });

  app.onError((error, c) => {
    c.get('logger')?.error('unhandled error', { error });
    return c.json({ error: { code: 'INTERNAL', message: 'Internal error' } }, 500);
  });

  return app;
}
