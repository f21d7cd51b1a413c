// A server that stays fast under abuse (issue 21, ADR 043): slow and oversized requests are cut off by
// Node's limits, every unknown address shares one rendering of the 404 page per language, and the plain
// body of a cached page is the same bytes as its compressed copies. Speed itself is `npm run bench`'s.
import { connect, type Socket } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, SERVER_LIMITS } from '@server/http/listen';
import { notFoundLog } from '@server/pages/not-found-log';
import type { Logger } from '@server/lib/logger';
import { signedInUser } from '../support/accounts';
import { rawGet } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';

/** A raw connection that collects what the server sends and notes when it closes. */
async function openSocket(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, closed, received: () => received };
}

/** Resolves once `predicate` holds for what the socket received (polled; the test's timeout bounds it). */
async function until(predicate: () => boolean) {
  while (!predicate()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('server limits', () => {
  it('cuts off a client that sends its headers too slowly, and answers none of it', async () => {
    let handled = 0;
    const server = await listen(
      () => {
        handled++;
        return new Response('ok');
      },
      0,
      '127.0.0.1',
      { headersTimeoutMs: 300, timeoutCheckIntervalMs: 50 },
    );
    try {
      const { socket, closed, received } = await openSocket(server.port);
      let isClosed = false;
      void closed.then(() => (isClosed = true));
      // A complete request would be answered: the limit must end it first, however slow the machine.
      const request = `GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ${'a'.repeat(400)}\r\n\r\n`;
      for (const byte of request) {
        if (isClosed) break;
        socket.write(byte);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await closed;
      expect(received()).toMatch(/^HTTP\/1\.1 408 /);
      expect(handled).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('keeps an idle keep-alive connection open past the header limit (the timer starts with a request)', async () => {
    const server = await listen(() => new Response('ok'), 0, '127.0.0.1', { headersTimeoutMs: 200, timeoutCheckIntervalMs: 20 });
    try {
      const { socket, received } = await openSocket(server.port);
      const request = 'GET / HTTP/1.1\r\nHost: localhost\r\n\r\n';
      socket.write(request);
      await until(() => received().endsWith('ok'));
      // Several header limits and checks pass with the connection idle.
      await new Promise((resolve) => setTimeout(resolve, 600));
      socket.write(request);
      await until(() => received().split('HTTP/1.1 200').length === 3);
      socket.destroy();
    } finally {
      await server.close();
    }
  });

  it('applies its defaults to the server', async () => {
    const server = await listen(() => new Response('ok'), 0, '127.0.0.1');
    try {
      expect(server.server.headersTimeout).toBe(SERVER_LIMITS.headersTimeoutMs);
      expect(server.server.requestTimeout).toBe(SERVER_LIMITS.requestTimeoutMs);
      expect(server.server.keepAliveTimeout).toBe(SERVER_LIMITS.keepAliveTimeoutMs);
      // (maxHeaderSize is not on the server object; the 431 test below shows it.)
    } finally {
      await server.close();
    }
  });
});

describe('the app under abuse', () => {
  let app: TestApp;
  let renders: string[];

  beforeAll(async () => {
    renders = [];
    app = await startTestApp(
      {},
      {
        wrapRenderer: (renderer) => ({
          ...renderer,
          render: (input) => {
            renders.push(new URL(input.request.url).pathname);
            return renderer.render(input);
          },
        }),
      },
    );
  });
  afterAll(() => app.close());

  it('refuses headers over the limit with 431', async () => {
    const response = await rawGet(`${app.url}/`, { 'x-big': 'a'.repeat(SERVER_LIMITS.maxHeaderBytes + 1024) });
    expect(response.status).toBe(431);
    // Just under it is fine.
    expect((await rawGet(`${app.url}/`, { 'x-big': 'a'.repeat(SERVER_LIMITS.maxHeaderBytes - 2048) })).status).toBe(200);
  });

  it('renders the 404 page once per language for any number of unknown addresses, and logs each path', async () => {
    renders.length = 0;
    const first = await app.request('/no-such-page-1', { headers: { 'accept-language': 'de' } });
    const second = await app.request('/deep/no-such-page-2', { headers: { 'accept-language': 'de' } });
    const english = await app.request('/no-such-page-3?lang=en');
    const english2 = await app.request('/no%20such-page-4', { headers: { 'accept-language': 'en' } });
    for (const response of [first, second, english, english2]) expect(response.status).toBe(404);
    expect(first.headers.get('content-language')).toBe('de');
    expect(second.headers.get('content-language')).toBe('de');
    expect(english.headers.get('content-language')).toBe('en');
    expect(english2.headers.get('content-language')).toBe('en');
    const [deHtml, deHtml2, enHtml, enHtml2] = await Promise.all([first, second, english, english2].map((r) => r.text()));
    expect(deHtml2).toBe(deHtml);
    expect(enHtml2).toBe(enHtml);
    expect(deHtml).toContain('<html lang="de"');
    expect(enHtml).toContain('<html lang="en"');
    // One rendering per language; the page names no path (the browser fills it in after hydration)…
    expect(renders).toEqual(['/no-such-page-1', '/no-such-page-3']);
    expect(deHtml).not.toContain('no-such-page');
    // …and its language links keep the visitor on the address they asked for.
    expect(deHtml).toContain('href="?lang=en"');
    // The same headers as a rendered page: its CSP, uncached by browsers, varying by language.
    expect(second.headers.get('content-security-policy')).toContain("script-src 'self' 'sha256-");
    expect(second.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(second.headers.get('vary')).toBe('Accept-Encoding, Cookie, Accept-Language');
    // Broken links still show up in the log, every one of them (well under the rate limit).
    const logged = app.logs.filter((line) => line.msg === 'page not found').map((line) => line.path);
    expect(logged).toEqual(expect.arrayContaining(['/no-such-page-1', '/deep/no-such-page-2', '/no-such-page-3', '/no%20such-page-4']));
  });

  it('renders known pages, a post that does not exist and a signed-in visitor’s 404 as before', async () => {
    renders.length = 0;
    // Spelled otherwise, a known address is still the page it names (decoded as the router decodes it).
    expect((await app.request('/bl%6Fg')).status).toBe(200);
    expect((await app.request('/blog/no-such-post')).status).toBe(404);
    expect((await app.request('/blog/no-such-post-2')).status).toBe(404);
    const { cookie } = await signedInUser(app);
    const signedIn = await app.request('/no-such-page-5', { headers: { cookie } });
    expect(signedIn.status).toBe(404);
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
    expect(renders).toEqual(['/bl%6Fg', '/blog/no-such-post', '/blog/no-such-post-2', '/no-such-page-5']);
  });

  it('sends the same page whether plain, gzip or brotli (one stored body, sent as it is)', async () => {
    for (const path of ['/', '/no-such-page-6']) {
      await rawGet(`${app.url}${path}`); // fills the cache
      const plain = await rawGet(`${app.url}${path}`, { 'accept-encoding': 'identity' });
      const gzipped = await rawGet(`${app.url}${path}`, { 'accept-encoding': 'gzip' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(plain.status).toBe(gzipped.status);
      expect(gunzipSync(gzipped.body).equals(plain.body)).toBe(true);
      expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
      // Twice the same bytes: nothing of one answer leaks into the next.
      expect((await rawGet(`${app.url}${path}`, { 'accept-encoding': 'identity' })).body.equals(plain.body)).toBe(true);
    }
  });
});

describe('the 404 log', () => {
  it('logs at most its lines a minute and then says how many it left out', () => {
    const lines: Array<{ msg: string; fields: Record<string, unknown> | undefined }> = [];
    const logger = { warn: (msg: string, fields?: Record<string, unknown>) => lines.push({ msg, fields }) } as unknown as Logger;
    let now = 0;
    const log = notFoundLog(() => now, 3);
    for (let i = 0; i < 10; i++) log(logger, `/p${i}`);
    expect(lines.map((line) => line.fields?.path)).toEqual(['/p0', '/p1', '/p2']);
    now = 59_999;
    log(logger, '/still-the-same-minute');
    expect(lines).toHaveLength(3);
    now = 60_000;
    log(logger, '/next-minute');
    expect(lines.slice(3)).toEqual([
      { msg: 'page not found: lines left out', fields: { suppressed: 8, perMinute: 3 } },
      { msg: 'page not found', fields: { path: '/next-minute' } },
    ]);
  });
});
