import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_PATH } from '../support/fake-client-build';
import { inlineScriptHashes } from '@server/pages/handler';
import { rawGet } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const PAGE_MARKER = '<html lang="de"';

describe('pages and unknown paths', () => {
  it.each(['/', '/color-theme'])('answers the page %s with its rendered HTML and 200', async (path) => {
    const response = await app.request(path);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(PAGE_MARKER);
  });

  it('sends an address with a trailing slash to the one without', async () => {
    const response = await app.request('/color-theme/', { redirect: 'manual' });
    expect([301, 302, 307, 308]).toContain(response.status);
    expect(response.headers.get('location')).toBe('/color-theme');
  });

  it.each(['/does-not-exist', '/blog-admin/x', '/assets/missing.js'])('answers %s with the 404 page and a real 404', async (path) => {
    const response = await app.request(path);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('Seite nicht gefunden');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await app.request('/api/does-not-exist');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No such API endpoint' } });
  });

  it('answers an unknown procedure with a JSON 404', async () => {
    const response = await app.request('/api/trpc/nothing.here');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
  });
});

describe('caching', () => {
  it('caches hashed assets for a year', async () => {
    const response = await app.request(ASSET_PATH);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('makes the browser revalidate a page, and answers a matching ETag with 304', async () => {
    const first = await app.request('/');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const second = await app.request('/', { headers: { 'if-none-match': etag! } });
    expect(second.status).toBe(304);
  });

  it('never answers a 404 with 304', async () => {
    const first = await app.request('/');
    const response = await app.request('/missing', { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(response.status).toBe(404);
  });
});

describe('compression', () => {
  it('sends the brotli copy to browsers that accept brotli', async () => {
    const response = await rawGet(`${app.url}${ASSET_PATH}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(response.body).toString()).toContain('console.log');
  });

  it('sends the gzip copy to browsers that accept only gzip', async () => {
    const response = await rawGet(`${app.url}/`, { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.body).toString()).toContain(PAGE_MARKER);
  });

  it('sends plain bytes when nothing is accepted', async () => {
    const response = await rawGet(`${app.url}${ASSET_PATH}`, { 'accept-encoding': 'identity' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.toString()).toContain('console.log');
  });

  it('compresses API answers', async () => {
    const response = await rawGet(`${app.url}/api/trpc/site.config`, { 'accept-encoding': 'gzip' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(response.body).toString())).toHaveProperty('result.data.contact');
  });
});

describe('security headers', () => {
  it('allow exactly the inline scripts a rendered page contains, by their hashes', async () => {
    const response = await app.request('/');
    const html = await response.text();
    const hashes = inlineScriptHashes(html);
    expect(hashes.length).toBeGreaterThan(0);
    const scriptSrc = /script-src ([^;]*)/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? '';
    expect(scriptSrc.split(' ').sort()).toEqual(["'self'", ...hashes.map((hash) => `'sha256-${hash}'`)].sort());
  });

  it.each(['/', '/missing', '/api/trpc/site.config', '/healthz', ASSET_PATH])('are set on %s', async (path) => {
    const response = await app.request(path);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval|https?:)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends HSTS only when the public URL is https', async () => {
    expect((await app.request('/')).headers.get('strict-transport-security')).toBeNull();
  });
});
