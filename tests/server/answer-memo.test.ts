/**
 * The answer memo (ADR 050): a repeated request for an answer that is the same for everyone is answered
 * before the rest of the app, exactly as the first time but for its request id, logged and counted; a
 * blog write, a session or a cookie set on the way takes the whole way again.
 */
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAnswerMemo } from '@server/http/answer-memo';
import { createUser, sessionCookie } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
/** How often the page handler has looked at an address: once per request that took the whole way. */
let pageLookups: number;

beforeEach(async () => {
  pageLookups = 0;
  app = await startTestApp(
    {},
    {
      wrapRenderer: (renderer) => ({
        ...renderer,
        isNotFoundPath: (pathname) => {
          pageLookups++;
          return renderer.isNotFoundPath(pathname);
        },
      }),
    },
  );
});
afterEach(() => app.close());

const BR = { 'accept-encoding': 'br' };

/** The headers of an answer but the ones that differ per request. */
function sameForEveryone(response: Response): Record<string, string> {
  const headers = Object.fromEntries(response.headers);
  delete headers['x-request-id'];
  delete headers.date;
  return headers;
}

async function createPost(title: string) {
  const admin = await createUser(app, { admin: true });
  const cookie = await sessionCookie(app, admin.user.id);
  const response = await app.request('/api/trpc/blog.create', {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ translations: { de: { title, content: 'Text.' } }, category: 'Team', published: true }),
  });
  expect(response.status).toBe(200);
  return cookie;
}

describe('answer memo', () => {
  it('answers a repeated page request as before, with a request id of its own, logged and counted', async () => {
    const responses = [];
    for (let i = 0; i < 3; i++) responses.push(await app.request('/about', { headers: BR }));
    // The first rendered the page into the cache and was sent from there; the others came from the memo.
    expect(pageLookups).toBe(1);
    const bodies = await Promise.all(responses.map(async (response) => Buffer.from(await response.arrayBuffer())));
    expect(bodies[1]?.equals(bodies[0] as Buffer)).toBe(true);
    expect(bodies[2]?.equals(bodies[0] as Buffer)).toBe(true);
    expect(sameForEveryone(responses[1] as Response)).toEqual(sameForEveryone(responses[0] as Response));
    expect(sameForEveryone(responses[2] as Response)).toEqual(sameForEveryone(responses[0] as Response));
    expect(responses[2]?.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(responses[2]?.headers.get('content-encoding')).toBe('br');
    const ids = responses.map((response) => response.headers.get('x-request-id'));
    expect(new Set(ids).size).toBe(3);
    expect(ids[2]).toMatch(/^[0-9a-f-]{36}$/);

    const logged = app.logs.filter((line) => line.msg === 'request' && line.path === '/about');
    expect(logged.map((line) => [line.status, line.requestId])).toEqual(ids.map((id) => [200, id]));
    const metrics = await (await app.request('/metrics')).text();
    expect(metrics).toContain('schoolbox_http_requests_total{route="page:/about",status_class="2xx"} 3');
  });

  it('takes the whole way for another encoding, language or revalidation', async () => {
    for (let i = 0; i < 2; i++) await app.request('/about', { headers: BR });
    const before = pageLookups;
    expect((await app.request('/about', { headers: BR })).headers.get('content-encoding')).toBe('br');
    expect(pageLookups).toBe(before);
    expect((await app.request('/about', { headers: { 'accept-encoding': 'gzip' } })).headers.get('content-encoding')).toBe('gzip');
    const english = await app.request('/about', { headers: { ...BR, 'accept-language': 'en' } });
    expect(english.headers.get('content-language')).toBe('en');
    const etag = english.headers.get('etag') as string;
    expect((await app.request('/about', { headers: { ...BR, 'accept-language': 'en', 'if-none-match': etag } })).status).toBe(304);
    expect(pageLookups).toBe(before + 3);
  });

  it('retires a remembered page when a blog write moves the content version on', async () => {
    for (let i = 0; i < 3; i++) await app.request('/blog', { headers: BR });
    await createPost('Ein Beitrag nach dem Gedächtnis');
    const after = await app.request('/blog', { headers: BR });
    expect(await after.text()).toContain('Ein Beitrag nach dem Gedächtnis');
  });

  it('answers no request that carries a session: the session is checked each time', async () => {
    const cookie = await createPost('Ein Beitrag');
    for (let i = 0; i < 2; i++) await app.request('/about', { headers: BR });
    const before = pageLookups;
    for (let i = 0; i < 3; i++) expect((await app.request('/about', { headers: { ...BR, cookie } })).status).toBe(200);
    expect(pageLookups).toBe(before + 3);
    // Signed out: the same cookie is no session any more, and the page says so (it removes the cookie).
    await app.db.deleteFrom('sessions').execute();
    const signedOut = await app.request('/about', { headers: { ...BR, cookie } });
    expect(signedOut.headers.getSetCookie().join()).toMatch(/Max-Age=0/);
  });

  it('does not remember an answer that sets a cookie (the language chosen by its link)', async () => {
    for (let i = 0; i < 3; i++) {
      const response = await app.request('/about?lang=en', { headers: BR });
      expect(response.headers.getSetCookie()).toEqual([expect.stringMatching(/^lang=en;/)]);
    }
    expect(pageLookups).toBe(3);
  });

  it('answers a repeated public read and /healthz from memory too', async () => {
    const list = `/api/trpc/blog.list?input=${encodeURIComponent('{}')}`;
    const reads = [];
    for (let i = 0; i < 3; i++) reads.push(await app.request(list, { headers: BR }));
    expect(new Set(await Promise.all(reads.map((response) => response.text()))).size).toBe(1);
    expect(reads[2]?.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const health = await app.request('/healthz');
    expect(await health.json()).toMatchObject({ status: 'ok' });
    expect((await app.request('/healthz')).headers.get('cache-control')).toBe('no-store');
  });
});

describe('answer memo bounds', () => {
  /** An app whose one route answers through the memo; `made` counts the answers it made. */
  function memoApp(options: { maxEntries: number; maxBytes: number }, isCurrent: () => boolean | Promise<boolean> = () => true) {
    let made = 0;
    const answered: string[] = [];
    const memo = createAnswerMemo({
      ...options,
      hasSession: (cookie) => cookie.includes('session='),
      answered: (request) => answered.push(request.path),
    });
    const hono = new Hono();
    hono.get('/:name', (c) => {
      made++;
      const body = new Uint8Array(600).fill(65);
      return memo.send(c, { body, status: 200, headers: { 'Content-Type': 'text/plain' } }, isCurrent);
    });
    hono.fetch = memo.around(hono.fetch);
    return { request: (path: string, headers: Record<string, string> = {}) => hono.request(path, { headers }), made: () => made, answered };
  }

  it('keeps no more bytes than its bound: the oldest answer goes first', async () => {
    const memo = memoApp({ maxEntries: 100, maxBytes: 1000 });
    await memo.request('/a');
    await memo.request('/a');
    expect(memo.made()).toBe(1);
    await memo.request('/b');
    // 1200 bytes: /a is forgotten, /b is kept.
    await memo.request('/b');
    await memo.request('/a');
    expect(memo.made()).toBe(3);
    expect(memo.answered).toEqual(['/a', '/b']);
  });

  it('keeps no more entries than its bound, and none for a session or a request that is not a GET', async () => {
    const memo = memoApp({ maxEntries: 1, maxBytes: 1_000_000 });
    await memo.request('/a');
    await memo.request('/b');
    await memo.request('/a');
    expect(memo.made()).toBe(3);
    await memo.request('/c', { cookie: 'session=x' });
    await memo.request('/c', { cookie: 'session=x' });
    expect(memo.made()).toBe(5);
    expect(memo.answered).toEqual([]);
  });

  it('sends a request the whole way when the check of its answer fails or says it is gone', async () => {
    let state: 'current' | 'gone' | 'failing' = 'current';
    const memo = memoApp({ maxEntries: 10, maxBytes: 1_000_000 }, () => {
      if (state === 'failing') throw new Error('database unreachable');
      return state === 'current';
    });
    await memo.request('/a');
    await memo.request('/a');
    expect(memo.made()).toBe(1);
    state = 'gone';
    await memo.request('/a');
    expect(memo.made()).toBe(2);
    state = 'failing';
    await memo.request('/a');
    expect(memo.made()).toBe(3);
    expect(memo.answered).toEqual(['/a']);
  });

  it('waits for a check that cannot answer at once (the content version being read)', async () => {
    let check: () => Promise<boolean> = async () => true;
    const memo = memoApp({ maxEntries: 10, maxBytes: 1_000_000 }, () => check());
    await memo.request('/a');
    await memo.request('/a');
    expect(memo.made()).toBe(1);
    check = async () => false;
    await memo.request('/a');
    expect(memo.made()).toBe(2);
    check = () => Promise.reject(new Error('database unreachable'));
    await memo.request('/a');
    expect(memo.made()).toBe(3);
    expect(memo.answered).toEqual(['/a']);
  });
});
