import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES } from '@server/http/compress-answers';
import type { PageRenderer } from '@server/pages/renderer';
import { ASSET_PATH } from '../support/fake-client-build';
import { createUser, sessionCookie } from '../support/accounts';
import { rawGet } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const PAGE_MARKER = '<html lang="de"';

/** The SHA-256 of each inline script in a page, as a CSP names it. */
/** The inline scripts a browser runs: data blocks (JSON-LD) are never run, so the CSP need not name them. */
function inlineScriptHashes(html: string): string[] {
  const scripts = [...html.matchAll(/<script(?![^>]*\b(?:src=|type="application\/ld\+json"))[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => match[1] ?? '',
  );
  return [...new Set(scripts.filter(Boolean).map((code) => createHash('sha256').update(code).digest('base64')))];
}

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
    // The mark that told the renderer's scripts apart is gone from the page.
    expect(html).not.toContain('nonce=');
  });

  it('trust no inline script the renderer did not write, even one that got into the page', async () => {
    // Stands for a stored text that some rendering mistake lets into the HTML as a script.
    const injected = 'alert(document.cookie)';
    const leaky = (renderer: PageRenderer): PageRenderer => ({
      ...renderer,
      async render(input) {
        const page = await renderer.render(input);
        const html = (await page.response.text()).replace('</body>', `<script>${injected}</script></body>`);
        return { ...page, response: new Response(html, { status: page.response.status, headers: page.response.headers }) };
      },
    });
    const leakyApp = await startTestApp({}, { wrapRenderer: leaky });
    try {
      const response = await leakyApp.request('/blog');
      const html = await response.text();
      expect(html).toContain(`<script>${injected}</script>`);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).not.toContain(createHash('sha256').update(injected).digest('base64'));
      // The renderer's own scripts are all still allowed.
      const own = inlineScriptHashes(html.replace(`<script>${injected}</script>`, ''));
      expect(own.length).toBeGreaterThan(0);
      for (const hash of own) expect(csp).toContain(`'sha256-${hash}'`);
    } finally {
      await leakyApp.close();
    }
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

describe('API answers for one visitor', () => {
  let adminCookie: string;
  beforeAll(async () => {
    const admin = await createUser(app, { admin: true });
    adminCookie = await sessionCookie(app, admin.user.id);
  });

  /** `count` posts of a few hundred bytes each, through the admin's API. */
  const createPosts = async (count: number, title: string, published: boolean) => {
    for (let i = 0; i < count; i++) {
      const body = { translations: { de: { title: `${title} ${i}`, content: 'Text. '.repeat(60) } }, category: 'Team', published };
      const response = await app.request('/api/trpc/blog.create', {
        method: 'POST',
        headers: { cookie: adminCookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(200);
    }
  };

  const subscribersPage = `/api/trpc/newsletter.subscribers?input=${encodeURIComponent(JSON.stringify({ page: 1 }))}`;
  const ordersPage = `/api/trpc/orders.adminList?input=${encodeURIComponent(JSON.stringify({}))}`;
  it.each([subscribersPage, '/api/trpc/newsletter.exportSubscribers', ordersPage])(
    'are kept by no cache, and vary on the cookie: %s',
    async (path) => {
      const response = await app.request(path, { headers: { cookie: adminCookie } });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(response.headers.get('vary')).toContain('Cookie');
    },
  );

  it('are kept by no cache when they answer a write', async () => {
    const response = await app.request('/api/trpc/blog.create', {
      method: 'POST',
      headers: { cookie: adminCookie, 'content-type': 'application/json' },
      body: JSON.stringify({ translations: { de: { title: 'Nicht im Cache', content: 'Text.' } }, category: 'Team', published: false }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('vary')).toContain('Cookie');
  });

  it('leave a public read its own caching headers', async () => {
    const response = await app.request('/api/trpc/site.config', { headers: { cookie: adminCookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
  });

  it('are sent whole with their length, a small one as it is', async () => {
    const response = await rawGet(`${app.url}${ordersPage}`, { cookie: adminCookie, 'accept-encoding': 'gzip, deflate, br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['transfer-encoding']).toBeUndefined();
    expect(Number(response.headers['content-length'])).toBe(response.body.length);
    expect(response.body.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(JSON.parse(response.body.toString())).toHaveProperty('result.data');
  });

  it.each([
    ['gzip, deflate, br', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
    ['identity', undefined, (bytes: Buffer) => bytes],
  ] as const)('are sent whole with their length, a large one compressed by what is accepted (%s)', async (accepted, encoding, decode) => {
    // The admin's list of posts: over the threshold once a few posts exist.
    await createPosts(6, 'Lange Liste', false);
    const response = await rawGet(`${app.url}/api/trpc/blog.listAll`, { cookie: adminCookie, 'accept-encoding': accepted });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['transfer-encoding']).toBeUndefined();
    expect(Number(response.headers['content-length'])).toBe(response.body.length);
    expect(response.headers.vary).toContain('Accept-Encoding');
    expect(response.headers.vary).toContain('Cookie');
    const plain = decode(response.body);
    expect(plain.length).toBeGreaterThanOrEqual(COMPRESS_THRESHOLD_BYTES);
    expect(JSON.parse(plain.toString())).toHaveProperty('result.data');
  });

  it('name Accept-Encoding once in Vary when a public read, answered plain, is stored', async () => {
    await createPosts(4, 'Öffentlich', true);
    // The first call since those writes: it misses the cache, and its answer is stored on the way out.
    const list = `/api/trpc/blog.list?input=${encodeURIComponent(JSON.stringify({ lang: 'fr' }))}`;
    const response = await rawGet(`${app.url}${list}`, { 'accept-encoding': 'identity' });
    expect(response.status).toBe(200);
    expect(response.body.length).toBeGreaterThanOrEqual(COMPRESS_THRESHOLD_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toBe('Accept-Encoding');
  });

  it('refuse a body over the limit with 413 and close the connection', async () => {
    const response = await app.request('/api/trpc/blog.create', {
      method: 'POST',
      headers: { cookie: adminCookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        translations: { de: { title: 'Zu lang', content: 'x'.repeat(600 * 1024) } },
        category: 'Team',
        published: false,
      }),
    });
    expect(response.status).toBe(413);
    expect(response.headers.get('connection')).toBe('close');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });
});
