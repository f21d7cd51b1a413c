import { afterEach, describe, expect, it } from 'vitest';
import { trpcMutation, trpcQuery } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
afterEach(() => app.close());

describe('site.config', () => {
  it('returns the public settings from the configuration', async () => {
    app = await startTestApp({
      SITE_EMAIL: 'info@schoolbox.test',
      SITE_PHONE: '+49 221 555',
      SITE_ADDRESS: 'Domkloster 4, 50667 Köln',
      ORG_STREET: 'Domkloster 4',
      WHATSAPP_NUMBER: '+49 170 1234567',
      WHATSAPP_OFFICE_HOURS: 'tue-thu 10:00-14:30',
      SHOP_ORDERS_ENABLED: 'true',
      PRINTFUL_API_TOKEN: 'secret-token',
      KLEINUNTERNEHMER: 'true',
    });
    const { status, body } = await trpcQuery(app.url, 'site.config');
    expect(status).toBe(200);
    expect(body.result?.data).toEqual({
      publicUrl: app.url,
      orgName: app.config.legal.orgName,
      orgAddress: { street: 'Domkloster 4', postcode: '50667', city: 'Köln', country: 'Deutschland' },
      contact: { email: 'info@schoolbox.test', phone: '+49 221 555', address: 'Domkloster 4, 50667 Köln' },
      whatsapp: { number: '+49 170 1234567', officeHours: { days: [2, 3, 4], startMinute: 600, endMinute: 870 } },
      shopOrdersEnabled: true,
      // No order in the database (ADR 055).
      shopHistory: false,
      // The price notes say no VAT is charged (§ 19 UStG).
      kleinunternehmer: true,
      // No bank account configured: no donation block.
      donation: null,
      // No STRIPE_SECRET_KEY: /spenden shows bank details or the "not configured" notice.
      donationsOnline: false,
      serverTime: app.clock.now().toISOString(),
    });
    // Secrets never reach the browser.
    expect(JSON.stringify(body)).not.toContain('secret-token');
  });
});

describe('site.reportNotFound', () => {
  it('writes the path to the server log', async () => {
    app = await startTestApp();
    const { status } = await trpcMutation(app.url, 'site.reportNotFound', { path: '/old-page' });
    expect(status).toBe(200);
    expect(app.logs).toContainEqual(expect.objectContaining({ level: 'warn', msg: 'page not found', path: '/old-page' }));
  });

  it('refuses a missing or overlong path', async () => {
    app = await startTestApp();
    const empty = await trpcMutation(app.url, 'site.reportNotFound', { path: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.error?.data.appCode).toBe('VALIDATION_FAILED');
    expect(empty.body.error?.data.fieldErrors).toHaveProperty('path');
    const long = await trpcMutation(app.url, 'site.reportNotFound', { path: `/${'a'.repeat(600)}` });
    expect(long.status).toBe(400);
  });

  it('is rate limited per IP, and the limit recovers after its window', async () => {
    app = await startTestApp();
    for (let i = 0; i < 20; i++) {
      expect((await trpcMutation(app.url, 'site.reportNotFound', { path: `/p${i}` })).status).toBe(200);
    }
    const limited = await trpcMutation(app.url, 'site.reportNotFound', { path: '/one-too-many' });
    expect(limited.status).toBe(429);
    expect(limited.body.error?.data.appCode).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(app.logs.some((line) => line.path === '/one-too-many')).toBe(false);

    app.clock.advance(61_000);
    expect((await trpcMutation(app.url, 'site.reportNotFound', { path: '/later' })).status).toBe(200);
  });

  it('refuses a POST from another origin, or without an Origin header', async () => {
    app = await startTestApp();
    const foreign = await trpcMutation(app.url, 'site.reportNotFound', { path: '/x' }, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error?.data.appCode).toBe('FORBIDDEN_ORIGIN');
    expect(app.logs).toContainEqual(expect.objectContaining({ msg: 'cross-origin request refused', origin: 'https://evil.example' }));
    const missing = await trpcMutation(app.url, 'site.reportNotFound', { path: '/x' }, { origin: null });
    expect(missing.status).toBe(403);
    expect(app.logs.some((line) => line.msg === 'page not found')).toBe(false);
  });

  it('answers a refused batch with one tRPC error per call, and other paths with plain JSON', async () => {
    app = await startTestApp();
    const batch = await fetch(`${app.url}/api/trpc/site.reportNotFound,auth.signOut?batch=1`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ 0: { path: '/x' }, 1: {} }),
    });
    expect(batch.status).toBe(403);
    const body = (await batch.json()) as Array<{ error: { data: { appCode: string } } }>;
    expect(body.map((entry) => entry.error.data.appCode)).toEqual(['FORBIDDEN_ORIGIN', 'FORBIDDEN_ORIGIN']);
    const plain = await fetch(`${app.url}/somewhere`, { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(plain.status).toBe(403);
    expect(await plain.json()).toEqual({ error: { code: 'FORBIDDEN_ORIGIN', message: 'Cross-origin request refused' } });
  });
});
