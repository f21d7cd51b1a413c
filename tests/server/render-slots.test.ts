// Fresh page renderings run a few at a time (issue 21, ADR 043): a burst of views of a signed-in
// visitor's own page (/account) waits for a slot instead of rendering all at once, and every request is
// still answered. Their public pages are shared by role and rendered once (ADR 045).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRenderSlots, FRESH_RENDER_LIMITS, RenderQueueFull } from '@server/pages/render-slots';
import { signedInUser } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/test-app';

describe('fresh renderings', () => {
  let app: TestApp;
  let running = 0;
  let mostAtOnce = 0;
  let renders = 0;
  /** While set, a rendering holds its slot until the test settles it (instead of for 30 ms). */
  let held: Promise<void> | null = null;

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
              await (held ?? new Promise((resolve) => setTimeout(resolve, 30)));
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

  /** Renderings started from now on wait until the returned function is called (it may be called again). */
  function holdRenderings(): () => void {
    let release = () => {};
    held = new Promise<void>((resolve) => (release = resolve));
    return () => {
      held = null;
      release();
    };
  }

  async function untilRunning(count: number) {
    while (running < count) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  it('never run more than the limit at once, and every signed-in request gets its page', async () => {
    const { cookie } = await signedInUser(app);
    const count = FRESH_RENDER_LIMITS.running * 3;
    // The first renderings keep their slots until every slot is taken: held for a fixed time, they could
    // end one by one on a busy machine before the next request arrived, and the slots would never fill.
    const release = holdRenderings();
    let responses: Response[];
    try {
      const answers = Promise.all(Array.from({ length: count }, () => app.request('/account', { headers: { cookie } })));
      await untilRunning(FRESH_RENDER_LIMITS.running);
      release();
      responses = await answers;
    } finally {
      release();
    }
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
    // The renderings keep their slots until the cached answer is in: held for a fixed time, they could
    // end first on a busy machine, and the test would not show that the cached answer did not wait.
    const release = holdRenderings();
    try {
      // Signed-in renderings fill every slot and the queue behind them…
      const busy = Array.from({ length: FRESH_RENDER_LIMITS.running * 2 }, () => app.request('/account', { headers: { cookie } }));
      await untilRunning(FRESH_RENDER_LIMITS.running);
      // …while an anonymous visitor is served from the cache: every slot still taken, none of the queue begun.
      const cached = await app.request('/');
      expect(cached.status).toBe(200);
      expect([running, renders]).toEqual([FRESH_RENDER_LIMITS.running, FRESH_RENDER_LIMITS.running]);
      release();
      for (const response of await Promise.all(busy)) expect(response.status).toBe(200);
    } finally {
      release();
    }
  });

  it('render a public page once for everyone signed in with the same role', async () => {
    const members = await Promise.all([signedInUser(app), signedInUser(app), signedInUser(app)]);
    renders = 0;
    const first = await Promise.all(members.map(({ cookie }) => app.request('/blog', { headers: { cookie } })));
    const again = await Promise.all(members.map(({ cookie }) => app.request('/blog', { headers: { cookie } })));
    const bodies = await Promise.all([...first, ...again].map((response) => response.text()));
    expect(new Set(bodies).size).toBe(1);
    // One rendering for the members (concurrent misses share it); an admin's chrome is another.
    expect(renders).toBe(1);
    const admin = await signedInUser(app, { admin: true });
    await app.request('/blog', { headers: { cookie: admin.cookie } });
    expect(renders).toBe(2);
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
