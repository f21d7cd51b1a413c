import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, sessionCookie } from '../support/accounts';
import { rawGet } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';

// Public reads (blog.list, blog.bySlug, site.config) come from memory with an ETag, and a blog write
// retires them at once (issue 11, item 9).

let app: TestApp;
let adminCookie: string;
const list = `/api/trpc/blog.list?input=${encodeURIComponent(JSON.stringify({ category: 'Team' }))}`;

beforeAll(async () => {
  app = await startTestApp();
  const admin = await createUser(app, { admin: true });
  adminCookie = await sessionCookie(app, admin.user.id);
});
afterAll(() => app.close());

async function createPost(title: string) {
  const response = await app.request('/api/trpc/blog.create', {
    method: 'POST',
    headers: { cookie: adminCookie, 'content-type': 'application/json' },
    body: JSON.stringify({ translations: { de: { title, content: 'Text.' } }, category: 'Team', published: true }),
  });
  expect(response.status).toBe(200);
}

describe('public reads', () => {
  it('answer with an ETag and revalidation headers, and 304 when the browser has the answer', async () => {
    const first = await app.request(list);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    // The answer that fills the cache is sent compressed like every later one, and says so.
    expect(first.headers.get('vary')).toBe('Accept-Encoding');
    const again = await app.request(list, { headers: { 'if-none-match': etag as string } });
    expect(again.status).toBe(304);
  });

  it('carry the security headers and a request id of their own when answered from memory', async () => {
    // The stored answer is sent with those headers written into its own header record (answer-headers.ts).
    const [first, second, third] = [await app.request(list), await app.request(list), await app.request(list)];
    const etag = second.headers.get('etag') as string;
    const revalidated = await app.request(list, { headers: { 'if-none-match': etag } });
    for (const response of [second, third, revalidated]) {
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(revalidated.status).toBe(304);
    const ids = [first, second, third, revalidated].map((response) => response.headers.get('x-request-id'));
    expect(new Set(ids).size).toBe(4);
    // One header of each name: none sent twice under two spellings.
    expect(second.headers.get('content-type')).toBe('application/json');
    expect(second.headers.get('x-request-id')).not.toContain(',');
  });

  it('show a write at the next read', async () => {
    const before = await app.request(list);
    expect(await before.text()).not.toContain('Ganz frisch');
    await createPost('Ganz frisch');
    const after = await app.request(list);
    expect(await after.text()).toContain('Ganz frisch');
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });

  it('cache a batch only when every call in it is a public read', async () => {
    const batch = `/api/trpc/site.config,blog.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: undefined, 1: {} }))}`;
    expect((await app.request(batch)).headers.get('etag')).toBeTruthy();
    const withSession = `/api/trpc/site.config,auth.session?batch=1&input=${encodeURIComponent(JSON.stringify({}))}`;
    const response = await app.request(withSession, { headers: { cookie: adminCookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBeNull();
    // The signed-in admin's own answer is not shared with anybody.
    expect(await response.text()).toContain('"isAdmin":true');
    const anonymous = await app.request(withSession);
    expect(await anonymous.text()).not.toContain('"isAdmin":true');
  });

  it('pass on the renewed session cookie of the request that filled the cache (and never store it)', async () => {
    const member = await createUser(app);
    const cookie = await sessionCookie(app, member.user.id);
    // Fewer than 15 days left: the next request renews the session and sends a fresh cookie.
    const soon = new Date(app.clock.now().getTime() + 24 * 60 * 60_000).toISOString();
    await app.db.updateTable('sessions').set({ expires_at: soon }).where('user_id', '=', member.user.id).execute();

    const read = `/api/trpc/blog.list?input=${encodeURIComponent(JSON.stringify({ category: 'Bildung' }))}`;
    const filled = await app.request(read, { headers: { cookie } });
    expect(filled.status).toBe(200);
    expect(filled.headers.getSetCookie().join('\n')).toContain(cookie.split('=')[0]);
    // That one answer holds the member's cookie: no shared cache may keep it.
    expect(filled.headers.get('cache-control')).toBe('private, no-store');
    const fromMemory = await app.request(read);
    expect(fromMemory.headers.get('etag')).toBe(filled.headers.get('etag'));
    expect(fromMemory.headers.getSetCookie()).toEqual([]);
    expect(fromMemory.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  });
});

describe('a public read asked for as a stream (JSONL)', () => {
  // tRPC streams a batch as JSON lines when the request asks for it (trpc-accept or Accept:
  // application/jsonl). Our client never does; a stranger could, and the stream must neither be stored
  // for the browsers that ask the same address the usual way nor be sent with a length and chunks at once.
  it.each<Record<string, string>>([{ 'trpc-accept': 'application/jsonl' }, { accept: 'application/jsonl' }])(
    'is streamed to the one who asked (%o) and never served to the next caller',
    async (asksForStream) => {
      await createPost(`Strom ${JSON.stringify(asksForStream)}`);
      const batch = `/api/trpc/blog.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { category: 'Team' } }))}`;
      const streamed = await rawGet(`${app.url}${batch}`, { ...asksForStream, 'accept-encoding': 'br' });
      expect(streamed.status).toBe(200);
      expect(streamed.headers['transfer-encoding']).toBe('chunked');
      expect(streamed.headers['content-length']).toBeUndefined();
      expect(streamed.body.toString().trim().split('\n').length).toBeGreaterThan(1);

      const usual = await app.request(batch);
      expect(usual.status).toBe(200);
      const [answer] = (await usual.json()) as [{ result: { data: { posts: unknown[] } } }];
      expect(answer.result.data.posts.length).toBeGreaterThan(0);
    },
  );
});
