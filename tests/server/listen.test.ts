import { describe, expect, it } from 'vitest';
import { listen } from '@server/http/listen';

describe('graceful close', () => {
  it('lets a request in flight finish, then stops accepting connections', async () => {
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const server = await listen(
      async () => {
        await slow;
        return new Response('finished');
      },
      0,
      '127.0.0.1',
    );
    const url = `http://127.0.0.1:${server.port}/`;
    const inFlight = fetch(url);
    await new Promise((resolve) => setTimeout(resolve, 100)); // the request has reached the handler

    let closed = false;
    const closing = server.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed).toBe(false); // still waiting for the request in flight
    await expect(fetch(url)).rejects.toThrow(); // new connections are refused

    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('finished');
    await closing;
    expect(closed).toBe(true);
  });
});
