// Fresh page renderings run a few at a time (issue 21, ADR 043): a burst of signed-in page views waits
// for a slot instead of rendering all at once, and every request is still answered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRenderSlots, FRESH_RENDER_LIMITS, RenderQueueFull } from '@server/pages/render-slots';
import { signedInUser } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/test-app';

describe('fresh renderings', () => {
  let app: TestApp;
  let running = 0;
  let mostAtOnce = 0;
  let renders = 0;

  beforeAll(async () => {
    app = await startTestApp(
      {},
      {
        // A slow renderer: each rendering stays in flight long enough for the others to pile up.
        wrapRenderer: (renderer) => ({
          ...renderer,
          render: async (input) => {
            running++;
            renders++;
            mostAtOnce = Math.max(mostAtOnce, running);
            try {
              await new Promise((resolve) => setTimeout(resolve, 30));
              return await renderer.render(input);
            } finally {
              running--;
            }
          },
        }),
      },
    );
  });
  afterAll(() => app.close());

  it('never run more than the limit at once, and every signed-in request gets its page', async () => {
    const { cookie } = await signedInUser(app);
    const count = FRESH_RENDER_LIMITS.running * 3;
    const responses = await Promise.all(Array.from({ length: count }, () => app.request('/', { headers: { cookie } })));
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<html lang="de"');
    }
    expect(renders).toBe(count);
    expect(mostAtOnce).toBe(FRESH_RENDER_LIMITS.running);
  });

  it('answer a cached page without waiting for a slot', async () => {
    await app.request('/'); // the anonymous rendering, cached from now on
    const { cookie } = await signedInUser(app);
    renders = 0;
    // Signed-in renderings fill every slot and the queue behind them…
    const busy = Array.from({ length: FRESH_RENDER_LIMITS.running * 2 }, () => app.request('/', { headers: { cookie } }));
    while (running < FRESH_RENDER_LIMITS.running) await new Promise((resolve) => setTimeout(resolve, 5));
    // …while an anonymous visitor is served from the cache before they finish.
    const cached = await app.request('/');
    expect(cached.status).toBe(200);
    expect(renders).toBeLessThan(FRESH_RENDER_LIMITS.running * 2);
    for (const response of await Promise.all(busy)) expect(response.status).toBe(200);
  });
});

describe('render slots', () => {
  it('refuse a request beyond the queue, run the waiting in order, and free every slot', async () => {
    const slots = createRenderSlots({ running: 1, waiting: 1, retryAfterSeconds: 7 });
    const order: string[] = [];
    let finishFirst = () => {};
    const first = slots.run(async () => {
      order.push('first');
      await new Promise<void>((resolve) => (finishFirst = resolve));
    });
    const second = slots.run(async () => {
      order.push('second');
    });
    expect(slots.state()).toEqual({ running: 1, waiting: 1 });
    const third = slots.run(async () => order.push('third'));
    await expect(third).rejects.toBeInstanceOf(RenderQueueFull);
    await expect(third).rejects.toMatchObject({ retryAfterSeconds: 7 });
    finishFirst();
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second']);
    expect(slots.state()).toEqual({ running: 0, waiting: 0 });
    // A rendering that fails gives its slot back too.
    await expect(slots.run(async () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(slots.state()).toEqual({ running: 0, waiting: 0 });
  });
});
