/**
 * The database gone while the site runs (a PostgreSQL restart, a broken network): pages and public
 * answers cached at the last known content version are still served, instead of every request failing
 * or waiting for the query's time limit because the version could not be read. Simulated by taking the
 * version's table away (the read fails at once) — on SQLite and PostgreSQL alike.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const list = `/api/trpc/blog.list?input=${encodeURIComponent(JSON.stringify({}))}`;

describe('with the content version unreadable', () => {
  it('serves the cached page and public read at the last known version, and logs the failure', async () => {
    const page = await app.request('/about');
    expect(page.status).toBe(200);
    const pageBody = await page.text();
    const read = await app.request(list);
    expect(read.status).toBe(200);
    const readBody = await read.text();

    await sql`alter table app_state rename to app_state_away`.execute(app.db);
    try {
      // Past the second in which the version is taken as known without asking.
      app.clock.advance(2000);
      const again = await app.request('/about');
      expect(again.status).toBe(200);
      expect(await again.text()).toBe(pageBody);
      const readAgain = await app.request(list);
      expect(readAgain.status).toBe(200);
      expect(await readAgain.text()).toBe(readBody);
      expect(app.logs).toContainEqual(
        expect.objectContaining({ level: 'warn', msg: 'content version not readable; serving what is cached at the last known one' }),
      );
    } finally {
      await sql`alter table app_state_away rename to app_state`.execute(app.db);
    }
  });
});
