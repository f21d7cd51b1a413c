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

    // close() sweeps idle connections at once and then on a timer; wait for the timer's first sweep (the
    // second call), which must leave the busy connection alone, rather than for a guessed time.
    let sweeps = 0;
    let sweptByTimer!: () => void;
    const timerSwept = new Promise<void>((resolve) => (sweptByTimer = resolve));
    const closeIdleConnections = server.server.closeIdleConnections.bind(server.server);
    server.server.closeIdleConnections = () => {
      closeIdleConnections();
      if (++sweeps === 2) sweptByTimer();
    };

    let closed = false;
    const closing = server.close().then(() => (closed = true));
    await timerSwept;
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
