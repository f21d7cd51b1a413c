import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInvalidText } from '@server/db/invalid-text';
import { FORM_ACTIONS } from '@server/forms/registry';
import { FORM_NAME_FIELD } from '@shared/forms';
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
    const paths = ['/blog/%00', '/blog/a%00b', '/blog/%00abc', '/blog/%00%01%1F', '/blog/%1B%5B2K', '/blog/x%C2%85', '/blog/..%2F..%2Fetc'];
    for (const path of paths) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
    }
    // The page asked nobody: no procedure was refused on the way.
    expect(app.logs.filter((line) => line.level === 'error' || line.msg === 'the database refused the text of a request')).toEqual([]);
  });

  it('a page with a NUL in its query string is no server error either', async () => {
    const paths = [
      '/blog?category=%00',
      '/blog?cursor=%00',
      '/auth/verify?token=%00',
      '/auth/reset?token=%00',
      '/auth?returnTo=%2F%00',
      '/newsletter/confirm?token=%00',
      '/newsletter/unsubscribe?token=%00',
      '/checkout/danke?session_id=%00',
      '/spenden/danke?session_id=%00',
      '/spenden?amount=%00',
      '/account/email?token=%00',
      '/newsletter-admin/subscribers?page=%00',
      '/donations-admin?month=%00',
      '/%00',
      '/media/%00',
    ];
    for (const path of paths) {
      const response = await app.request(path, { headers: { cookie: adminCookie } });
      expect(response.status, path).toBeLessThan(500);
    }
  });

  it('blog.bySlug and blog.neighbours refuse a slug holding a control character as a bad request (400)', async () => {
    for (const slug of ['\u0000', 'a\u0000b', '\u0000\u0001\u001f', 'post\u001b[2K', 'post\u0085']) {
      for (const procedure of ['blog.bySlug', 'blog.neighbours']) {
        const { status, body } = await trpcQuery(app.url, procedure, { slug, lang: 'en' });
        expect(status, `${procedure} ${JSON.stringify(slug)}`).toBe(400);
        expect(body.error?.data.appCode).toBe('VALIDATION_FAILED');
        expect(body.error?.data.fieldErrors).toHaveProperty('slug');
      }
    }
  });

  it('blog.bySlug answers null for a slug without control characters that still cannot be one', async () => {
    for (const slug of ['ÄÖÜ', 'x'.repeat(200), '', 'Lernen unter der Sonne', '../etc']) {
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

describe('a NUL in a form posted without scripts', () => {
  it('is no server error, for every such form', async () => {
    const names = ['email', 'password', 'repeat', 'firstName', 'lastName', 'name', 'organization', 'inquiryType', 'subject', 'message'];
    const more = ['website', 'formToken', 'token', 'amount', 'mode', 'locale'];
    for (const action of FORM_ACTIONS) {
      const body = new URLSearchParams([[FORM_NAME_FIELD, action.form], ...[...names, ...more].map((name) => [name, `x\u0000${name}`])]);
      const response = await app.request(action.path, { method: 'POST', body });
      expect(response.status, `${action.form} on ${action.path}`).toBeLessThan(500);
    }
    expect(app.logs.filter((line) => line.level === 'error' || line.msg === 'the database refused the text of a request')).toEqual([]);
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

describe('picture addresses', () => {
  const post = (imageUrl: string) => ({ imageUrl, translations: { de: { title: 'Bild', content: 'Text', imageAlt: 'Ein Bild' } } });
  const newsletter = (imageUrl: string) => ({ subjectDe: 'Neuigkeiten', bodyDe: 'Hallo!', imageUrl, imageAltDe: 'Ein Bild' });

  it('with a control character are refused by the schema (400 on the field), on every engine', async () => {
    for (const imageUrl of ['https://example.org/bild.png\u0000', '/images/blog/solar\u0000.svg', 'https://example.org/\u001b[2K.png']) {
      for (const [procedure, input] of [
        ['blog.create', post(imageUrl)],
        ['newsletter.create', newsletter(imageUrl)],
      ] as const) {
        const { status, body } = await trpcMutation(app.url, procedure, input, { cookie: adminCookie });
        expect(status, `${procedure} ${JSON.stringify(imageUrl)}`).toBe(400);
        // The schema's refusal names the field; the database's backstop could not.
        expect(body.error?.data.fieldErrors).toHaveProperty('imageUrl');
      }
    }
  });

  it('with a user name or password are refused; https and uploaded ones are taken as before', async () => {
    for (const imageUrl of ['https://user:pass@cdn.example.org/bild.jpg', 'https://user@cdn.example.org/bild.jpg']) {
      for (const [procedure, input] of [
        ['blog.create', post(imageUrl)],
        ['newsletter.create', newsletter(imageUrl)],
      ] as const) {
        const { status, body } = await trpcMutation(app.url, procedure, input, { cookie: adminCookie });
        expect(status, `${procedure} ${imageUrl}`).toBe(400);
        expect(body.error?.data.fieldErrors).toHaveProperty('imageUrl');
      }
    }
    const upload = '/media/abcdefghijklmnopqrst-2000x1000';
    for (const [procedure, input] of [
      ['blog.create', post('https://cdn.example.org/bild.jpg')],
      ['blog.create', post(upload)],
      ['newsletter.create', newsletter('https://cdn.example.org/bild.jpg')],
      ['newsletter.create', newsletter(upload)],
    ] as const) {
      const { status, body } = await trpcMutation(app.url, procedure, input, { cookie: adminCookie });
      expect(status, `${procedure} ${input.imageUrl}`).toBe(200);
      expect(body.result?.data).toMatchObject({ imageUrl: input.imageUrl });
    }
  });
});

describe('a new password', () => {
  it('with a control character is refused (400 on the field)', async () => {
    const { status, body } = await trpcMutation(app.url, 'auth.resetPassword', { token: 'a'.repeat(32), password: 'secret-123\u0000' });
    expect(status).toBe(400);
    expect(body.error?.data.fieldErrors).toHaveProperty('password');
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
