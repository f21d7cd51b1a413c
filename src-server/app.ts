import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_BATCH_SIZE } from '@shared/constants';
import { MEDIA_PATH_PREFIX, MEDIA_UPLOAD_PATH } from '@shared/media';
import { DATA_EXPORT_PATH } from '@shared/schemas/account';
import { dataExportHandler } from './account/export-route';
import { rssHandler } from './blog/feeds';
import type { ClientAssets } from './http/client-assets';
import { CLIENT_CLOSED_REQUEST, isClientAbort } from './http/client-abort';
import { compressAnswers } from './http/compress-answers';
import { DONATION_MANAGE_PATH, donationManageHandler } from './donations/manage-route';
import { FORM_ACTIONS } from './forms/registry';
import { formBodyLimit, formPostHandler } from './forms/post-handler';
import { type FreeSpace, foldersFilled, healthHandler } from './http/health';
import { requestMetrics } from './metrics/request-metrics';
import { METRICS_PATH, metricsHandler } from './metrics/route';
import { originCheck } from './http/origin-check';
import { privateAnswers } from './http/private-answers';
import { logRequest, requestContext, type RequestVariables } from './http/request-context';
import { securityHeaders } from './http/security-headers';
import { createTrpcContext } from './http/trpc-context';
import { MEDIA_ROUTE, mediaFileHandler } from './media/serve-route';
import { MEDIA_UPLOAD_BODY_LIMIT_BYTES, mediaUploadHandler, refuseUpload } from './media/upload-route';
import { ONE_CLICK_UNSUBSCRIBE_PATH } from './newsletter/links';
import { oneClickUnsubscribeHandler } from './newsletter/one-click';
import { pageHandler } from './pages/handler';
import { createRenderSlots } from './pages/render-slots';
import { createResponseCache } from './http/response-cache';
import { createAnswerMemo } from './http/answer-memo';
import { readSessionToken } from './auth/cookies';
import { publicReadCache } from './http/public-read-cache';
import type { PageRenderer } from './pages/renderer';
import { STRIPE_WEBHOOK_PATH, stripeWebhookHandler } from './payments/webhook-route';
import { appRouter } from './router';
import { robotsHandler, sitemapHandler } from './site/seo';
import type { AppDeps } from './trpc';

const API_BODY_LIMIT_BYTES = 512 * 1024;

/** The procedures whose answers are the same for every visitor, cached until the next blog write. */
const PUBLIC_READS = ['blog.list', 'blog.bySlug', 'blog.neighbours', 'site.config'] as const;

/** Rendered pages kept for visitors without a session: enough for every page in three languages. */
const PAGE_CACHE = { maxBytes: 48 * 1024 * 1024, maxEntries: 1000, ttlMs: 10 * 60_000 };

/**
 * Requests whose answer is remembered (ADR 050): each page and public read in the few encodings and
 * languages browsers ask for. Its bodies are the caches' own; the byte bound covers those it keeps alive
 * after their cache retired them.
 */
const ANSWER_MEMO = { maxEntries: 4000, maxBytes: 16 * 1024 * 1024 };

export type CreateAppOptions = AppDeps & {
  client: ClientAssets;
  renderer: PageRenderer;
  isDev?: boolean;
  /** How /healthz measures the free space of the folders the process fills (a test's fake; statfs by default). */
  freeSpace?: FreeSpace;
};

/**
 * The whole HTTP application. main.ts serves it; tests serve it on a random port.
 * Order matters: the answer memo around it all (it answers only what the app answered before, and logs
 * and counts it), then the request context (every later step logs with its id), security headers around
 * everything, the origin check before anything that can change state.
 */
export function createApp({ client, renderer, isDev = false, freeSpace, ...deps }: CreateAppOptions) {
  const { config, db, logger, content, clock } = deps;
  const app = new Hono<{ Variables: RequestVariables }>();
  // Counts and times every request for /metrics under a label from a fixed set, never the raw path (ADR 044).
  const requestRecorder = requestMetrics(deps.metrics.requests, {
    procedures: Object.keys(appRouter._def.procedures),
    fixedPaths: ['/healthz', METRICS_PATH, '/blog/rss.xml', '/sitemap.xml', '/robots.txt', DONATION_MANAGE_PATH, STRIPE_WEBHOOK_PATH],
    mediaPrefix: MEDIA_PATH_PREFIX,
    routeIdOf: renderer.routeIdOf,
  });
  const answerMemo = createAnswerMemo({
    hasSession: (cookieHeader) => readSessionToken(cookieHeader, config.isHttps) !== null,
    ...ANSWER_MEMO,
    // What requestContext and the metrics do for every other request.
    answered: ({ method, path, url }, requestId, status, started) => {
      requestRecorder.record(method, path, url, status, started);
      logRequest(logger, requestId, method, path, status, started);
    },
  });
  const pageDeps = {
    ...deps,
    appRouter,
    renderer,
    cache: createResponseCache({ ...PAGE_CACHE, stats: deps.metrics.caches.page }),
    renderSlots: createRenderSlots(),
    answerMemo,
    isDev,
  };
  const pages = pageHandler(pageDeps);

  app.use(requestContext(logger, config.trustProxy));
  app.use(requestRecorder.middleware);
  app.use(securityHeaders({ isHttps: config.isHttps, isDev }));
  // Mail programs unsubscribe with a POST of their own (RFC 8058), which carries no Origin; Stripe's
  // servers post payment events, signed instead (ADR 030). Nothing else is exempt.
  app.use(originCheck(config.publicUrl, [ONE_CLICK_UNSUBSCRIBE_PATH, STRIPE_WEBHOOK_PATH]));

  app.get(
    '/healthz',
    healthHandler({
      db,
      logger,
      clock,
      backupExpected: Boolean(config.backup.dir),
      folders: foldersFilled(config.databaseUrl, config.backup.dir),
      freeSpace,
      memo: answerMemo,
    }),
  );
  app.get(METRICS_PATH, metricsHandler(deps));
  app.get('/blog/rss.xml', rssHandler(db, config.publicUrl, content, clock));
  app.get('/sitemap.xml', sitemapHandler(db, config.publicUrl, content, clock));
  app.get('/robots.txt', robotsHandler(config.publicUrl));

  // Reads that are the same for everyone come from memory, before any per-request work (session, database,
  // the /api middleware below); they carry their own precompressed copies and caching headers (ADR 043).
  const publicReads = publicReadCache({
    procedures: PUBLIC_READS,
    content,
    now: () => deps.clock.now().getTime(),
    stats: deps.metrics.caches.public_read,
    memo: answerMemo,
  });
  app.use('/api/trpc/*', publicReads.serveStored);
  // Outside compressAnswers(), so that its Vary: Accept-Encoding is there to add Cookie to.
  app.use('/api/*', privateAnswers());
  app.use('/api/*', compressAnswers());
  // A public read that missed: its uncompressed answer is stored here, inside compressAnswers().
  app.use('/api/trpc/*', publicReads.storeFresh);
  // No legitimate call sends more than a long blog post; refuse bigger bodies before parsing them.
  // A picture upload has a limit of its own (its route, below).
  const apiBodyLimit = bodyLimit({
    maxSize: API_BODY_LIMIT_BYTES,
    // The rest of the body is never read: the connection closes, so that those bytes cannot be taken
    // for the next request on it.
    onError: (c) => c.json({ error: { code: 'VALIDATION_FAILED', message: 'Request too large' } }, 413, { Connection: 'close' }),
  });
  app.use('/api/*', (c, next) => (c.req.path === MEDIA_UPLOAD_PATH ? next() : apiBodyLimit(c, next)));
  app.all('/api/trpc/*', (c) =>
    fetchRequestHandler({
      endpoint: '/api/trpc',
      req: c.req.raw,
      router: appRouter,
      // One page makes a handful of calls at once; a huge batch is only good for abuse.
      maxBatchSize: MAX_BATCH_SIZE,
      createContext: ({ resHeaders }) => createTrpcContext(c, deps, resHeaders),
    }),
  );
  app.get(DATA_EXPORT_PATH, dataExportHandler(deps));
  app.post(
    MEDIA_UPLOAD_PATH,
    bodyLimit({
      maxSize: MEDIA_UPLOAD_BODY_LIMIT_BYTES,
      onError: (c) => refuseUpload(c, 'TOO_LARGE', new Headers({ Connection: 'close' })),
    }),
    mediaUploadHandler(deps),
  );
  app.on(['GET', 'POST'], ONE_CLICK_UNSUBSCRIBE_PATH, oneClickUnsubscribeHandler({ ...deps, publicUrl: config.publicUrl }));
  // Under /api/*, so the body limit above applies before the signature is checked.
  app.post(STRIPE_WEBHOOK_PATH, stripeWebhookHandler(deps));
  app.all('/api/*', (c) => c.json({ error: { code: 'NOT_FOUND', message: 'No such API endpoint' } }, 404));

  // The link in a monthly donor's thank-you mail: on to a fresh Stripe customer portal session (ADR 031).
  app.get(DONATION_MANAGE_PATH, donationManageHandler(deps));
  // A file of the client build, else a page: the router renders it, or its 404 page with status 404.
  // Uploaded pictures (ADR 036), from the media store.
  app.on(['GET', 'HEAD'], MEDIA_ROUTE, mediaFileHandler(deps.media));
  app.on(['GET', 'HEAD'], '*', async (c) => (await client.serveFile(c)) ?? pages(c));
  // A form of a page posted without scripts (ADR 033); the origin check above applies to it.
  app.post('*', formBodyLimit(pageDeps, FORM_ACTIONS), formPostHandler(pageDeps, FORM_ACTIONS));

  app.onError((error, c) => {
    // A client that went away mid-body is not a server error (logged at info by requestContext).
    if (isClientAbort(error)) return new Response(null, { status: CLIENT_CLOSED_REQUEST });
    c.get('logger')?.error('unhandled error', { error });
    return c.json({ error: { code: 'INTERNAL', message: 'Internal error' } }, 500);
  });

  // A request answered before from a cache, or the health answer in reuse, is answered again at once,
  // before the router and the middleware, with a new request id, logged and counted (ADR 050). Hono's
  // app.request() calls app.fetch, so tests go the same way as the server.
  app.fetch = answerMemo.around(app.fetch);
  return app;
}
