import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
afterEach(() => app.close());

describe('GET /healthz', () => {
  it('answers 200 when the database answers', async () => {
    app = await startTestApp();
    const response = await app.request('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 503 when the database cannot answer', async () => {
    app = await startTestApp();
    await app.db.destroy(); // the connection is gone, as after a crash of the database
    const response = await app.request('/healthz');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'unavailable' });
    expect(app.logs.some((line) => line.msg === 'health check failed')).toBe(true);
  });
});
