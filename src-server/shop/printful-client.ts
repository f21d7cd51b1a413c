/**
 * A small HTTP client for Printful's v1 API (../shared/reference/printful-api.md §1, §7, §8):
 * bearer token, `X-PF-Store-Id` when a store is configured, a timeout on every request, 429 answered
 * by waiting the delay Printful asks for, and every failure turned into a PrintfulError whose `kind`
 * says what the caller can do about it. It knows nothing about products or orders.
 */
import type { PfEnvelope, PfErrorBody, PfPaging } from './printful-types';

export type PrintfulFailure =
  /** 401/403: the token is wrong, expired or lacks a scope. An operator has to fix the settings. */
  | 'unauthorized'
  /** 429, and waiting as asked was not possible. */
  | 'rate_limited'
  /** 5xx, a timeout, a network failure or an answer that is not Printful's JSON. Worth retrying later. */
  | 'unavailable'
  | 'not_found'
  /** Another 4xx: Printful refused the request itself (validation). Retrying the same will not help. */
  | 'rejected';

/** What the log says when Printful refuses the token: the catalog and the order hand-over say it alike. */
export const PRINTFUL_TOKEN_REFUSED = 'Printful refused the API token; check PRINTFUL_API_TOKEN and PRINTFUL_STORE_ID';

export class PrintfulError extends Error {
  override readonly name = 'PrintfulError';
  /**
   * For a refusal of the token ('unauthorized'): whether it is the first since Printful last accepted a
   * request of this client. A streak of refusals is logged as an error once, then as warnings.
   */
  firstRefusal = false;
  constructor(
    readonly kind: PrintfulFailure,
    message: string,
    readonly httpStatus: number | null = null,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

export type PrintfulClientOptions = {
  apiUrl: string;
  token: string;
  /** Sent as X-PF-Store-Id when set (needed by account-level tokens). */
  storeId?: string;
  /** Per request, body included. */
  timeoutMs?: number;
  /** The longest 429 delay we wait out; a longer one fails at once (a cached catalog can answer instead). */
  maxRetryWaitMs?: number;
  /** How often one request is retried after a 429. */
  maxRateLimitRetries?: number;
  sleep?: (ms: number) => Promise<void>;
};

export type PrintfulClient = {
  get<T>(path: string, query?: Record<string, string | number>): Promise<{ result: T; paging: PfPaging | undefined }>;
  post<T>(path: string, body: unknown, query?: Record<string, string | number | boolean>): Promise<{ result: T }>;
  delete<T>(path: string): Promise<{ result: T }>;
};

const PRINTFUL_DEFAULTS = { timeoutMs: 10_000, maxRetryWaitMs: 15_000, maxRateLimitRetries: 2 } as const;
/** Reference §8: without a Retry-After or an "after N seconds" message, wait a minute. */
const DEFAULT_RATE_LIMIT_DELAY_S = 60;

export const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createPrintfulClient(options: PrintfulClientOptions): PrintfulClient {
  const timeoutMs = options.timeoutMs ?? PRINTFUL_DEFAULTS.timeoutMs;
  const maxRetryWaitMs = options.maxRetryWaitMs ?? PRINTFUL_DEFAULTS.maxRetryWaitMs;
  const maxRetries = options.maxRateLimitRetries ?? PRINTFUL_DEFAULTS.maxRateLimitRetries;
  const sleep = options.sleep ?? realSleep;
  const base = options.apiUrl.replace(/\/+$/, '');
  /** Whether Printful refused the token at its last answer (a 2xx ends the streak). */
  let refusing = false;

  async function send<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    query: Record<string, string | number | boolean>,
    body?: unknown,
  ) {
    const url = new URL(`${base}${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = { authorization: `Bearer ${options.token}`, accept: 'application/json' };
    if (options.storeId) headers['x-pf-store-id'] = options.storeId;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const label = `Printful ${method} ${path}`;

    for (let retry = 0; ; retry++) {
      const answer = await exchange(
        url,
        { method, headers, body: body === undefined ? undefined : JSON.stringify(body) },
        timeoutMs,
        label,
      );
      if (answer.status !== 429) return noteRefusal(() => readEnvelope<T>(answer, label));
      const delaySeconds = rateLimitDelaySeconds(answer.headers.get('retry-after'), answer.json, Date.now());
      if (retry >= maxRetries || delaySeconds * 1000 > maxRetryWaitMs) {
        throw new PrintfulError('rate_limited', `${label}: rate limited, retry after ${delaySeconds} s`, 429, delaySeconds);
      }
      await sleep(delaySeconds * 1000);
    }
  }

  /** Reads an answer, keeping track of a streak of refusals of the token (PrintfulError.firstRefusal). */
  function noteRefusal<R>(read: () => R): R {
    try {
      const envelope = read();
      refusing = false;
      return envelope;
    } catch (error) {
      if (error instanceof PrintfulError && error.kind === 'unauthorized') {
        error.firstRefusal = !refusing;
        refusing = true;
      }
      throw error;
    }
  }

  return {
    get: (path, query = {}) => send('GET', path, query),
    post: (path, body, query = {}) => send('POST', path, query, body),
    delete: (path) => send('DELETE', path, {}),
  };
}

type Answer = { status: number; headers: Headers; json: unknown };

async function exchange(url: URL, init: RequestInit, timeoutMs: number, label: string): Promise<Answer> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // 5xx pages and proxies answer with HTML; the status still says what happened.
    }
    return { status: response.status, headers: response.headers, json };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const reason = timedOut ? `no answer within ${timeoutMs} ms` : error instanceof Error ? error.message : String(error);
    throw new PrintfulError('unavailable', `${label}: ${reason}`);
  }
}

function readEnvelope<T>(answer: Answer, label: string): { result: T; paging: PfPaging | undefined } {
  const body = answer.json as Partial<PfEnvelope<T>> & PfErrorBody;
  // The body's code mirrors the HTTP status; either one outside 2xx is a failure.
  const status = answer.status >= 200 && answer.status < 300 && typeof body?.code === 'number' ? body.code : answer.status;
  if (status >= 200 && status < 300) {
    if (!body || typeof body !== 'object' || !('result' in body)) {
      throw new PrintfulError('unavailable', `${label}: answer is not Printful's JSON envelope`, answer.status);
    }
    return { result: body.result as T, paging: body.paging };
  }
  const message = `${label}: ${status} ${errorText(body)}`;
  if (status === 401 || status === 403) throw new PrintfulError('unauthorized', message, status);
  if (status === 404) throw new PrintfulError('not_found', message, status);
  if (status === 429) throw new PrintfulError('rate_limited', message, status);
  if (status >= 400 && status < 500) throw new PrintfulError('rejected', message, status);
  throw new PrintfulError('unavailable', message, status);
}

function errorText(body: PfErrorBody | null): string {
  if (!body || typeof body !== 'object') return '(no JSON body)';
  const text = body.error?.message ?? (typeof body.result === 'string' ? body.result : undefined);
  return text ? text.slice(0, 300) : '(no message)';
}

/**
 * How long a 429 asks us to wait, in seconds: the Retry-After header (seconds or an HTTP date), else
 * the "…try again after N seconds" of the message, else a minute (reference §8).
 */
export function rateLimitDelaySeconds(retryAfter: string | null, body: unknown, nowMs: number): number {
  if (retryAfter) {
    const seconds = Number(retryAfter.trim());
    if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, Math.ceil((date - nowMs) / 1000));
  }
  const { result, error } = (body ?? {}) as PfErrorBody;
  for (const text of [error?.message, typeof result === 'string' ? result : undefined]) {
    const match = text ? /after\s+(\d+)\s+seconds?/i.exec(text) : null;
    if (match?.[1]) return Number(match[1]);
  }
  return DEFAULT_RATE_LIMIT_DELAY_S;
}
