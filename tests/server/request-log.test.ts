/** Every request is logged at info; a client that goes away mid-request is logged at info, not as a server error. */
import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeEach(async () => {
  app = await startTestApp();
});
afterEach(() => app.close());

const requestLines = () => app.logs.filter((line) => line.msg === 'request');

/** Waits (up to a generous limit) until the server has logged `count` requests. */
async function untilRequestsLogged(count: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (requestLines().length < count) {
    if (Date.now() > deadline) throw new Error(`only ${requestLines().length} of ${count} requests were logged`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Sends the head and part of the body of a POST, then closes the connection. */
async function dropMidBody(head: string, partialBody: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const socket = connect(Number(new URL(app.url).port), '127.0.0.1', () => {
      socket.write(`${head}\r\n\r\n${partialBody}`, () => setTimeout(() => socket.destroy(), 50));
    });
    socket.on('close', () => resolve());
    socket.on('error', reject);
  });
}

describe('request log', () => {
  it('logs every request at info with method, path, status and duration', async () => {
    await app.request('/healthz');
    await app.request('/api/trpc/site.config');
    await app.request('/api/trpc/site.reportNotFound', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    await untilRequestsLogged(3);
    expect(requestLines()).toEqual([
      expect.objectContaining({
        level: 'info',
        method: 'GET',
        path: '/healthz',
        status: 200,
        ms: expect.any(Number),
        requestId: expect.any(String),
      }),
      expect.objectContaining({ level: 'info', method: 'GET', path: '/api/trpc/site.config', status: 200 }),
      expect.objectContaining({ level: 'info', method: 'POST', path: '/api/trpc/site.reportNotFound', status: 400 }),
    ]);
  });

  it.each([
    ['with a Content-Length', 'Content-Length: 1000'],
    ['in chunks', 'Transfer-Encoding: chunked'],
  ])('logs a client that closes the connection mid-body (%s) at info, with no server error', async (_, framing) => {
    const body = framing.startsWith('Transfer') ? '8\r\n{"path":' : '{"path":"/ab';
    await dropMidBody(
      [
        `POST /api/trpc/site.reportNotFound HTTP/1.1`,
        'Host: 127.0.0.1',
        `Origin: ${app.url}`,
        'Content-Type: application/json',
        framing,
      ].join('\r\n'),
      body,
    );
    await untilRequestsLogged(1);
    expect(requestLines()).toEqual([expect.objectContaining({ level: 'info', path: '/api/trpc/site.reportNotFound', status: 499 })]);
    expect(app.logs.filter((line) => line.level === 'error' || line.level === 'warn')).toEqual([]);
    // The server is fine and answers the next request.
    expect((await app.request('/healthz')).status).toBe(200);
  });
});
