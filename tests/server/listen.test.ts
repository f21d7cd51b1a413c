import { describe, expect, it } from 'vitest';
import { listen } from '@server/http/listen';

describe('graceful close', () => {
  it('lets a request in flight finish, then stops accepting connections', async () => {
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const reachedHandler = new Promise<void>((resolve) => (arrived = resolve));
    const server = await listen(
      async () => {
        arrived();
        await slow;
        return new Response('finished');
      },
      0,
      '127.0.0.1',
    );
    const url = `http://127.0.0.1:${server.port}/`;
    const inFlight = fetch(url);
    await reachedHandler; // however long that takes on a busy machine

    let closed = false;
    const closing = server.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed).toBe(false); // still waiting for the request in flight (a slow machine only waits longer)
    await expect(fetch(url)).rejects.toThrow(); // new connections are refused

    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('finished');
    await closing;
    expect(closed).toBe(true);
  });
});
