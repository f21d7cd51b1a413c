import type { Context } from 'hono';
import { checkoutOrigins } from '../payments/stripe-client';
import { contentSecurityPolicy } from '../http/security-headers';
import type { RequestVariables } from '../http/request-context';
import { createTrpcContext } from '../http/trpc-context';
import { i18nFor } from '../lib/i18n';
import type { AppRouter } from '../router';
import type { AppDeps } from '../trpc';
import { negotiateLocale } from './language';
import { answerWithHeaders } from '../http/answer-headers';
import type { AnswerMemo } from '../http/answer-memo';
import { cachedAnswer, prepareResponse, stillCached, type CachedResponse, type ResponseCache } from '../http/response-cache';
import { compressFresh } from '../http/compress-fresh';
import { preferredEncoding } from '../http/content-encoding';
import type { PageRenderer } from './renderer';
import { notFoundCacheKey, pageCacheKey } from './cache-key';
import { notFoundLog } from './not-found-log';
import { FAILED_DATA_RETRY_AFTER_S, failedData } from './failed-data';
import { newScriptMark, takeOwnScripts } from './own-scripts';
import { safeReturnPath } from '@shared/return-path';
import { withoutTrackingParams } from '@shared/tracking-params';
import { isNoticeKey, NOTICE_COOKIE, type PageFormState } from '@shared/forms';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, type Locale } from '@shared/locales';
import { readCookie } from '@shared/read-cookie';
import { RenderQueueFull, type RenderSlots } from './render-slots';
import { pageSessionUser, readPageViewer, type ViewerRole } from './page-viewer';

export type PageDeps = AppDeps & {
  appRouter: AppRouter;
  renderer: PageRenderer;
  cache: ResponseCache;
  /** Bounds the fresh renderings running at once (ADR 043); cached answers never wait for it. */
  renderSlots: RenderSlots;
  /** Remembers a cached page sent to a visitor without a session, for the same request again (ADR 050). */
  answerMemo: AnswerMemo;
  isDev: boolean;
};

type PageContext = Context<{ Variables: RequestVariables }>;

/** What a page request's answer depends on, read once per request: its address, cookies and language. */
type PageRequest = {
  /** The address as rendered: the request's, without tracking parameters (ADR 052). */
  url: URL;
  /** Whether `url` differs from the request's address by tracking parameters taken out. */
  isUntracked: boolean;
  cookieHeader: string | null;
  locale: Locale;
  fromUrl: boolean;
};

/**
 * Every page request (DESIGN §8): the language from `?lang`, the `lang` cookie or Accept-Language; the
 * cached rendering of (address, language, role) when it is current: a visitor without a session and every
 * signed-in visitor of the same role (member, admin) share it, for the page carries the role's chrome and
 * nothing of the person (ADR 045). Private pages (sign-in, account, admin, checkout), pages rendered per
 * request (a form's token), answers other than 200, pages whose data failed (failed-data.ts) and answers
 * that set a cookie are rendered for the request and never cached.
 */
export function pageHandler(deps: PageDeps) {
  const renderFor = pageRenderer(deps);
  return async (c: PageContext): Promise<Response> => {
    const cookieHeader = c.req.header('cookie') ?? null;
    // After a form posted without scripts: its outcome, shown once (post/redirect/get, ADR 033).
    const notice = readCookie(cookieHeader, NOTICE_COOKIE);
    const page = await renderFor(c, { posted: null, notice: isNoticeKey(notice) ? notice : null });
    if (notice) page.headers.append('Set-Cookie', clearNoticeCookie(deps.config.isHttps));
    return page;
  };
}

/**
 * Renders the page at the request's address, with what a form post left for it: the refused form
 * (src-server/forms/post-handler.ts renders the page again with it) or the notice after a redirect.
 */
export function pageRenderer(deps: PageDeps) {
  const render = renderOrReuse(deps);
  return async (c: PageContext, formState: PageFormState): Promise<Response> => {
    const asked = new URL(c.req.url);
    // A shared link's `?fbclid=…` or `?utm_source=…` makes no page of its own: the page is the one
    // without them, cached as such, and the browser takes them out of its address bar (ADR 052).
    const untracked = withoutTrackingParams(asked);
    const url = untracked ?? asked;
    const cookieHeader = c.req.header('cookie') ?? null;
    const { locale, fromUrl } = negotiateLocale(url, cookieHeader, c.req.header('accept-language') ?? null);
    const response = await render(c, formState, { url, isUntracked: untracked !== null, cookieHeader, locale, fromUrl });
    // A language chosen by its link (`?lang=en`: the switcher works without scripts) is remembered for the
    // pages that do not name one. Added to the answer, cached or not: the page itself is the same.
    if (fromUrl && readCookie(cookieHeader, LOCALE_COOKIE) !== locale) {
      response.headers.append('Set-Cookie', localeCookie(locale, deps.config.isHttps));
    }
    return response;
  };
}

function renderOrReuse(deps: PageDeps) {
  const logNotFound = notFoundLog(() => deps.clock.now().getTime());
  // Renderings under way for a cache key: requests that miss the cache meanwhile wait for the one
  // rendering instead of each starting their own (a cold cache under load, a burst of unknown addresses).
  const rendering = new Map<string, Promise<CachedResponse | null>>();
  return async (
    c: PageContext,
    formState: PageFormState,
    { url, isUntracked, cookieHeader, locale, fromUrl }: PageRequest,
  ): Promise<Response> => {
    // The answer depends on the session cookie (chrome), and on cookie and Accept-Language when the
    // URL does not name the language.
    const vary = fromUrl ? 'Accept-Encoding, Cookie' : 'Accept-Encoding, Cookie, Accept-Language';
    const viewer = await readPageViewer(deps, cookieHeader);
    const isAnonymous = viewer.role === 'anonymous';
    const hasFormState = formState.posted !== null || formState.notice !== null;
    // An address no route has is the root's 404 page: one rendering per language serves them all, so
    // that random addresses cost no rendering each (ADR 043). Its path is still logged, rate-limited.
    const isUnknown = deps.renderer.isNotFoundPath(url.pathname);
    if (isUnknown) logNotFound(c.get('logger'), url.pathname);
    const pageKey = isUnknown ? notFoundCacheKey(locale) : pageCacheKey(url, locale);
    const key = pageKey === null ? null : withRole(pageKey, viewer.role);
    const version = await deps.content.current();
    // A signed-in visitor's page is shared with their role's only where no route on the way is someone's
    // own; a visitor without a session may share any page (the rendering decides, below).
    const isShared = key !== null && !hasFormState && (isAnonymous || isUnknown || deps.renderer.isSharedPage(url.pathname));
    const send = (page: CachedResponse) => {
      const parts = cachedPageAnswer(c, page, vary, isAnonymous);
      // A visitor without a session asking again gets the same answer (key is not null when a page is cached).
      // Not remembered for a tracked address: each click on a shared link has its own (`fbclid`), and
      // remembering them would push the site's own addresses out of the memo.
      if (isAnonymous && viewer.setCookies.length === 0 && key !== null && !isUntracked) {
        const now = () => deps.clock.now().getTime();
        return deps.answerMemo.send(c, parts, stillCached(deps.cache, key, page, deps.content, now));
      }
      // The security headers and the request id go into the same plain record (src-server/http/answer-headers.ts).
      return withCookies(answerWithHeaders(c, parts.body, parts.status, parts.headers), viewer.setCookies);
    };
    if (isShared) {
      const cached = deps.cache.get(key, version, deps.clock.now().getTime());
      if (cached) return send(cached);
      const stored = await rendering.get(key);
      if (stored?.version === version) return send(stored);
    }
    const fresh = renderFresh().catch((error: unknown) => {
      if (!(error instanceof RenderQueueFull)) throw error;
      c.get('logger').warn('page rendering refused: queue full', { path: url.pathname });
      const headers = {
        'Retry-After': String(error.retryAfterSeconds),
        'Cache-Control': 'no-store',
        'Content-Type': 'text/plain; charset=utf-8',
      };
      return { response: new Response('Server busy, please retry shortly.', { status: 503, headers }), stored: null };
    });
    if (isShared && !rendering.has(key)) {
      const stored = fresh.then(
        (result) => result.stored,
        () => null,
      );
      rendering.set(key, stored);
      void stored.then(() => rendering.delete(key));
    }
    return (await fresh).response;

    async function renderFresh(): Promise<{ response: Response; stored: CachedResponse | null }> {
      const resHeaders = new Headers();
      const scriptMark = newScriptMark();
      // A slot from the rendering until its HTML is read: the part that holds the page's memory.
      const { response, isPrivate, isFresh, dataErrors, body } = await deps.renderSlots.run(async () => {
        const context = await createTrpcContext(c, deps, resHeaders, viewer.auth);
        const rendered = await deps.renderer.render({
          // A form post's answer is the page at the same address, rendered as for a GET; a tracked
          // address's, the page without its tracking parameters.
          request: c.req.method === 'POST' || isUntracked ? new Request(url, { headers: c.req.raw.headers }) : c.req.raw,
          i18n: i18nFor(locale),
          appRouter: deps.appRouter,
          context,
          manifest: deps.renderer.manifest(locale),
          scriptNonce: scriptMark,
          formState,
          sessionUser: pageSessionUser(viewer, isShared),
        });
        return { ...rendered, body: await rendered.response.text() };
      });

      const renderCookies = resHeaders.getSetCookie();
      const setCookies = [...viewer.setCookies, ...renderCookies];
      if (response.status >= 300 && response.status < 400) {
        const headers = new Headers({
          Location: sameSiteLocation(response.headers.get('location'), url),
          'Cache-Control': 'no-store',
          Vary: vary,
        });
        for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
        return { response: new Response(null, { status: response.status, headers }), stored: null };
      }

      // Broken links show up in the log (spec §2: the path of a 404 is logged), e.g. a post that is gone.
      if (response.status === 404 && !isUnknown) logNotFound(c.get('logger'), url.pathname);
      // The CSP trusts the scripts the renderer wrote, not every script the page happens to contain.
      const { html, scriptHashes } = takeOwnScripts(body, scriptMark);
      const headers: Record<string, string> = {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Language': locale,
        'Content-Security-Policy': contentSecurityPolicy({
          isDev: deps.isDev,
          scriptHashes,
          formTargets: checkoutOrigins(deps.config.stripe),
        }),
      };
      // A page whose data failed shows its error state: never cached, and a public one answers with the
      // failure's status (pages/failed-data.ts).
      const failed = failedData(dataErrors);
      // The session's own cookie (renewed, removed) goes with the answer; a cookie the rendering set makes it
      // this request's.
      const isCacheable =
        isShared && !isPrivate && !isFresh && !failed && response.status === (isUnknown ? 404 : 200) && renderCookies.length === 0;
      if (isCacheable) {
        const page = await prepareResponse(html, headers, version, deps.clock.now().getTime(), response.status);
        deps.cache.set(key, page);
        return { response: send(page), stored: page };
      }
      if (isShared && !isAnonymous && (isPrivate || isFresh)) {
        // The matcher said shared, the rendering says otherwise (a route's staticData the matcher cannot
        // see). The root route has asked for the person on a private page (routes/__root.tsx), so the page
        // is right; it is not cached, and the mismatch is worth a look.
        c.get('logger').error('page thought shared by role is private: not cached', { path: url.pathname });
      }
      const headersOut: Record<string, string> = { ...headers, Vary: vary, 'Cache-Control': 'private, no-store' };
      let status = response.status;
      if (failed?.status && !isPrivate && status === 200) {
        status = failed.status;
        if (status === 503) headersOut['Retry-After'] = String(FAILED_DATA_RETRY_AFTER_S);
      }
      return { response: await sendFresh(c, html, status, headersOut, setCookies), stored: null };
    }
  };
}

/** The `lang` cookie as the switcher in the browser writes it (src-client/i18n/locale-storage.ts). */
function localeCookie(locale: Locale, secure: boolean): string {
  return `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

function clearNoticeCookie(secure: boolean): string {
  return `${NOTICE_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * A page only ever redirects within this site (a guard to /auth, /auth back to where the visitor came
 * from). Should a route ever hand over another site's address, the visitor goes to the start page instead.
 */
export function sameSiteLocation(location: string | null, requestUrl: URL): string {
  if (!location) return '/';
  let target: URL;
  try {
    target = new URL(location, requestUrl);
  } catch {
    return '/';
  }
  if (target.origin !== requestUrl.origin) return '/';
  return safeReturnPath(`${target.pathname}${target.search}${target.hash}`) ?? '/';
}

/** The key of a page shared by role (ADR 045): a visitor without a session keeps the plain page key. */
function withRole(pageKey: string, role: ViewerRole): string {
  return role === 'anonymous' ? pageKey : `${pageKey}\u0000${role}`;
}

/**
 * A cached page's answer: 304 when the browser has it, else the precompressed copy it accepts. Browsers
 * may keep it but must ask again (a blog write changes it at once); a signed-in visitor's copy (their
 * role's chrome) is kept by no one, as their pages rendered for them.
 */
function cachedPageAnswer(c: PageContext, page: CachedResponse, vary: string, isAnonymous: boolean) {
  const request = { method: c.req.method, ifNoneMatch: c.req.header('if-none-match'), acceptEncoding: c.req.header('accept-encoding') };
  return cachedAnswer(page, request, { cacheControl: isAnonymous ? 'no-cache' : 'private, no-store', vary });
}

function withCookies(response: Response, setCookies: string[]): Response {
  for (const cookie of setCookies) response.headers.append('Set-Cookie', cookie);
  return response;
}

/** A page rendered for this request only, compressed quickly on the way out. */
async function sendFresh(
  c: PageContext,
  html: string,
  status: number,
  values: Record<string, string>,
  setCookies: string[],
): Promise<Response> {
  const headers = new Headers(values);
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
  if (c.req.method === 'HEAD') return new Response(null, { status, headers });
  const encoding = preferredEncoding(c.req.header('accept-encoding'));
  if (!encoding) return new Response(html, { status, headers });
  headers.set('Content-Encoding', encoding);
  return new Response(await compressFresh(Buffer.from(html), encoding), { status, headers });
}
