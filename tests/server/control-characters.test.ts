import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInvalidText } from '@server/db/invalid-text';
import { errorShapeOf } from '@server/trpc';
import { createUser, sessionCookie } from '../support/accounts';
import { trpcMutation, trpcQuery } from '../support/http';
import { onPostgres } from '../support/test-database';
import { startTestApp, type TestApp } from '../support/test-app';

// Issue 22.2: NUL and other control characters. PostgreSQL refuses NUL in text ("invalid byte sequence
// for encoding UTF8: 0x00"), which gave a 500 wherever a value reached it; SQLite stores it, so the same
// request passed there. Every answer here must be the same on both engines (the suite runs on both).

let app: TestApp;
let adminCookie: string;

beforeAll(async () => {
  app = await startTestApp();
  const admin = await createUser(app, { admin: true });
  adminCookie = await sessionCookie(app, admin.user.id);
});
afterAll(() => app.close());

describe('a NUL in an address or a parameter', () => {
  it('/blog/%00 is a page that does not exist, not a server error', async () => {
    for (const path of ['/blog/%00', '/blog/a%00b', '/blog/%1B%5B2K', '/blog/..%2F..%2Fetc']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
    }
  });

  it('blog.bySlug answers null for a slug holding NUL or anything else a slug cannot hold', async () => {
    for (const slug of ['\u0000', 'a\u0000b', 'ÄÖÜ', 'x'.repeat(200), '', 'Lernen unter der Sonne']) {
      const { status, body } = await trpcQuery(app.url, 'blog.bySlug', { slug });
      expect(status, JSON.stringify(slug)).toBe(200);
      expect(body.result?.data, JSON.stringify(slug)).toBeNull();
    }
  });

  it('an id, a cursor or a product option with a NUL is a bad request (400), not a server error', async () => {
    const calls = [
      trpcQuery(app.url, 'newsletter.get', { id: '\u0000' }, { cookie: adminCookie }),
      trpcQuery(app.url, 'blog.list', { cursor: 'abc\u0000' }),
      trpcMutation(app.url, 'blog.delete', { id: 'x\u0000' }, { cookie: adminCookie }),
      trpcMutation(app.url, 'site.reportNotFound', { path: '/a\u0000b' }),
    ];
    for (const { status, body } of await Promise.all(calls)) {
      expect(status).toBe(400);
      expect(body.error?.data.appCode).toBe('VALIDATION_FAILED');
    }
  });
});

describe('a NUL or an escape sequence in text someone types', () => {
  it('auth.signUp with a NUL and ESC[2K\\r\\n in the names registers the account with the characters made spaces', async () => {
    const email = `nul-${Date.now()}@example.org`;
    const { status } = await trpcMutation(app.url, 'auth.signUp', {
      firstName: 'Ada\u0000',
      lastName: 'Love\u001b[2K\r\nroot  admin',
      email,
      password: 'secret-123',
      locale: 'de',
    });
    expect(status).toBe(200);
    const row = await app.db.selectFrom('users').select(['first_name', 'last_name']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.first_name).toBe('Ada');
    expect(row.last_name).toBe('Love [2K root  admin');
  });

  it('blog.create keeps NUL out of a post: the title as one line, the content without it', async () => {
    const { status, body } = await trpcMutation(
      app.url,
      'blog.create',
      {
        translations: { de: { title: 'Solar\u0000strom', content: 'Erster\u0000 Absatz.\r\n\r\nZweiter.', tags: 'a\u0000b, c' } },
        published: true,
      },
      { cookie: adminCookie },
    );
    expect(status).toBe(200);
    const post = body.result?.data as { title: string; content: string; tags: string[] };
    expect(post.title).toBe('Solar strom');
    expect(post.content).toBe('Erster Absatz.\n\nZweiter.');
    expect(post.tags).toEqual(['a b', 'c']);
  });
});

describe('the database backstop', () => {
  it.runIf(onPostgres)('turns PostgreSQL refusing a NUL (22021) into a 400 VALIDATION_FAILED, not a 500', async () => {
    const failure = await sql`select ${'a\u0000b'}::text`.execute(app.db).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isInvalidText(failure)).toBe(true);
    const shape = errorShapeOf(failure);
    expect(shape.data.httpStatus).toBe(400);
    expect(shape.data.appCode).toBe('VALIDATION_FAILED');
    expect(shape.message).not.toContain('0x00');
  });

  it('leaves every other database error a 500 with no detail', () => {
    const shape = errorShapeOf(Object.assign(new Error('deadlock detected'), { code: '40P01' }));
    expect(shape.data.httpStatus).toBe(500);
    expect(shape.message).toBe('Internal error');
  });
});
