import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { getPath } from 'hono/utils/url';
import { answerHeaders, answerWithCompleteHeaders } from './answer-headers';

/** An answer's parts as the app makes it, before the security headers and the request id go in. */
export type AnswerParts = { body: Uint8Array<ArrayBuffer> | null; status: number; headers: Record<string, string> };

/**
 * Whether an answer still stands: the cache it came from still gives the same entry at the current
 * content version, the health checks it reported are still the ones reused. Asked on each repetition.
 */
export type StillCurrent = () => boolean | Promise<boolean>;

type Memo = { body: Uint8Array<ArrayBuffer> | null; status: number; headers: Record<string, string>; isCurrent: StillCurrent };

/**
 * The request headers a remembered answer can depend on: the encoding of the copy, the language (a
 * page without `?lang` reads the cookie and Accept-Language), the cookies (a notice after a form post),
 * and whether a tRPC call asks for a stream. A request that differs in any of them is another request.
 */
const SIGNATURE_HEADERS = ['accept-encoding', 'accept-language', 'cookie', 'accept', 'trpc-accept'] as const;

/** Longer signatures (huge cookies) are not remembered, so that the memo's memory is bounded by its entries. */
const MAX_SIGNATURE_LENGTH = 2048;

/** The app's whole handling of a request, as Hono's `app.fetch` and the Node adapter see it. */
export type FetchHandler<Rest extends unknown[]> = (request: Request, ...rest: Rest) => Response | Promise<Response>;

export type AnswerMemo = {
  /**
   * Wraps the app's fetch: a request answered before is answered again at once, before the router and
   * the middleware; any other goes to `fetch`, and its answer is remembered when it was offered.
   */
  around<Rest extends unknown[]>(fetch: FetchHandler<Rest>): FetchHandler<Rest>;
  /**
   * Sends an answer (as answerWithHeaders does) and offers it for repetitions of this request while
   * `isCurrent` says it stands. It is remembered once it leaves the app as it was sent (no cookie added
   * on the way); answers other than 200 are not.
   */
  send(c: Context, parts: AnswerParts, isCurrent: StillCurrent): Response;
};

/**
 * Repeated requests for an answer that is the same for everyone, answered before the rest of the app
 * (ADR 050). A cached page or public read is cheap to make, but the way to it is not: the router, the
 * middleware (request context, metrics, security headers, origin check) and the page handler (address,
 * language, cookies, route, cache key, headers) cost twice what writing the answer costs, for every
 * request, only to arrive at the answer sent last time. The memo keeps that answer, all its headers included, under
 * the request's signature (method, full URL and the headers above); for a request with the same
 * signature it asks the answer's own check (`isCurrent`) and sends it again with a new request id, logged
 * and counted like any other (`answered`).
 *
 * Only GET and HEAD without If-None-Match (a revalidation takes the whole way, to get its 304) and without
 * a session cookie: a session is checked on every request (it may have ended or been revoked), so a
 * signed-in visitor's request always takes the whole way.
 */
export function createAnswerMemo(options: {
  /** Whether the Cookie header carries a session cookie (auth/cookies.ts). */
  hasSession(cookieHeader: string): boolean;
  maxEntries: number;
  /** The body bytes its entries may hold at most. */
  maxBytes: number;
  /**
   * Logs and counts a request the memo answered: its method, path (as Hono's c.req.path) and URL;
   * `started` from performance.now().
   */
  answered(request: { method: string; path: string; url: string }, requestId: string, status: number, started: number): void;
}): AnswerMemo {
  const memos = new Map<string, Memo>();
  /** Answers offered during a request, until `around` sees them leave the app. */
  const offers = new WeakMap<Response, Memo>();

  function signatureOf(request: Request): string | null {
    const method = request.method;
    if (method !== 'GET' && method !== 'HEAD') return null;
    const headers = request.headers;
    if (headers.has('if-none-match')) return null;
    const cookie = headers.get('cookie');
    if (cookie !== null && options.hasSession(cookie)) return null;
    let signature = `${method} ${request.url}`;
    for (const name of SIGNATURE_HEADERS) signature += `\n${headers.get(name) ?? ''}`;
    return signature.length <= MAX_SIGNATURE_LENGTH ? signature : null;
  }

  // The bodies are the caches' own buffers, not copies; but one whose cache entry has been retired stays
  // alive while a memo holds it, so the bytes held are bounded too (counted per memo, shared or not).
  let bytes = 0;
  const forget = (signature: string) => {
    const memo = memos.get(signature);
    if (!memo) return;
    bytes -= memo.body?.byteLength ?? 0;
    memos.delete(signature);
  };

  function remember(signature: string, offered: Memo) {
    // The request id is each request's own.
    const headers = Object.assign({}, offered.headers);
    delete headers['X-Request-Id'];
    forget(signature);
    memos.set(signature, { ...offered, headers });
    bytes += offered.body?.byteLength ?? 0;
    // The oldest remembered go first: Map keeps insertion order.
    for (const oldest of memos.keys()) {
      if (memos.size <= options.maxEntries && bytes <= options.maxBytes) break;
      forget(oldest);
    }
  }

  /**
   * The answer's own check, without a promise when it answers at once (nearly always). A check that fails
   * (the database, for the content version) sends the request the whole way, which says what failed.
   */
  function stillStands(memo: Memo): boolean | Promise<boolean> {
    try {
      const current = memo.isCurrent();
      return typeof current === 'boolean' ? current : current.catch(() => false);
    } catch {
      return false;
    }
  }

  /**
   * The remembered answer sent again with a new request id, when it still `stands`; otherwise it is
   * forgotten and null says the request takes the whole way.
   */
  function answerOrForget(request: Request, signature: string, memo: Memo, started: number, stands: boolean): Response | null {
    if (!stands) {
      // A check that answered later may find a newer answer remembered meanwhile: that one stays.
      if (memos.get(signature) === memo) forget(signature);
      return null;
    }
    const requestId = randomUUID();
    const headers = Object.assign({}, memo.headers);
    headers['X-Request-Id'] = requestId;
    options.answered({ method: request.method, path: getPath(request), url: request.url }, requestId, memo.status, started);
    return new Response(memo.body, { status: memo.status, headers });
  }

  function around<Rest extends unknown[]>(fetch: FetchHandler<Rest>): FetchHandler<Rest> {
    const fetchAndRemember = async (request: Request, signature: string, rest: Rest) => {
      const response = await fetch(request, ...rest);
      const offered = offers.get(response);
      // An answer that sets a cookie (the language chosen by its link, a notice read) is this visitor's.
      if (offered && !response.headers.has('set-cookie')) remember(signature, offered);
      return response;
    };
    // A repetition is answered without a promise when its check answers at once (nearly always): the
    // Node adapter then writes it in the same turn, as it does a bare handler's answer.
    return (request, ...rest) => {
      const started = performance.now();
      const signature = signatureOf(request);
      if (signature === null) return fetch(request, ...rest);
      const memo = memos.get(signature);
      if (!memo) return fetchAndRemember(request, signature, rest);
      const stands = stillStands(memo);
      if (typeof stands === 'boolean')
        return answerOrForget(request, signature, memo, started, stands) ?? fetchAndRemember(request, signature, rest);
      return stands.then(
        (current) => answerOrForget(request, signature, memo, started, current) ?? fetchAndRemember(request, signature, rest),
      );
    };
  }

  return {
    around,
    send(c, parts, isCurrent) {
      const headers = answerHeaders(c, parts.headers);
      const response = answerWithCompleteHeaders(c, parts.body, parts.status, headers);
      // Not the 404 page: each unknown address is usually asked once, and would only push others out.
      if (parts.status === 200) offers.set(response, { body: parts.body, status: parts.status, headers, isCurrent });
      return response;
    },
  };
}
