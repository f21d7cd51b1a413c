import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_BODY_LIMIT_BYTES } from '@server/forms/post-handler';
import { FORM_NAME_FIELD, NOTICE_COOKIE } from '@shared/forms';
import { LOCALE_COOKIE } from '@shared/locales';
import { textOf } from '../support/html';
import { startTestApp, type TestApp } from '../support/test-app';

// The plumbing of forms that work without scripts (ADR 033) and of the language links; each form's own
// outcomes are tested with its domain (form-posts-auth, form-posts-public).
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
  redirect: 'manual' as const,
});

describe('a form posted to a page', () => {
  it('is refused without the site as its Origin, as an API call would be', async () => {
    const response = await app.request('/contact', {
      ...form({ [FORM_NAME_FIELD]: 'contact' }),
      headers: { origin: 'https://evil.test', 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(403);
  });

  it('answers 405 on a page that takes no form', async () => {
    const response = await app.request('/about', form({ [FORM_NAME_FIELD]: 'contact' }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  it('answers 400 for a form the page does not have', async () => {
    const response = await app.request('/contact', form({ [FORM_NAME_FIELD]: 'nothing' }));
    expect(response.status).toBe(400);
  });

  it('answers 400, not a server error, for a body that is no form', async () => {
    const response = await app.request('/contact', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: 'garbage',
      redirect: 'manual',
    });
    expect(response.status).toBe(400);
  });

  it('refuses a body larger than any of its forms, unread: 413 with the page, its form saying so in the language of the page', async () => {
    const tooLarge = { [FORM_NAME_FIELD]: 'contact', message: 'x'.repeat(FORM_BODY_LIMIT_BYTES) };
    const response = await app.request('/contact', form(tooLarge));
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('connection')).toBe('close');
    const html = await response.text();
    expect(html).toContain('<html lang="de"');
    expect(textOf(html)).toContain('Ihre Eingaben waren zu lang und wurden nicht gesendet.');
    // The form is there again, to be sent shorter.
    expect(html).toContain('aria-label="Kontaktformular"');

    const english = await app.request('/contact?lang=en', form(tooLarge));
    expect(english.status).toBe(413);
    expect(await english.text()).toContain('<html lang="en"');
    // A page without forms: 405 as before.
    expect((await app.request('/about', form(tooLarge))).status).toBe(405);
  });
});

describe('the notice after a redirect', () => {
  it('is shown once on the next page and its cookie cleared', async () => {
    const response = await app.request('/', { headers: { cookie: `${NOTICE_COOKIE}=signUp.checkMail` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(await response.text()).toContain('data-testid="page-notice"');
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${NOTICE_COOKIE}=;`) && cookie.includes('Max-Age=0'))).toBe(
      true,
    );
  });

  it('ignores a notice it does not know, and the page comes from the cache as before', async () => {
    const response = await app.request('/', { headers: { cookie: `${NOTICE_COOKIE}=<script>` } });
    expect(await response.text()).not.toContain('data-testid="page-notice"');
  });
});

describe('the language links', () => {
  it('remember the language a link names in the lang cookie', async () => {
    const response = await app.request('/about?lang=en');
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith(`${LOCALE_COOKIE}=`));
    expect(cookie).toMatch(/^lang=en; Max-Age=\d+; Path=\/; SameSite=Lax/);
    expect(await response.text()).toContain('<html lang="en"');
  });

  it('set it on the cached page too, which stays cached', async () => {
    await app.request('/about?lang=fr');
    const response = await app.request('/about?lang=fr');
    expect(response.headers.get('etag')).toBeTruthy();
    expect(response.headers.getSetCookie()).toEqual([expect.stringMatching(/^lang=fr;/)]);
  });

  it('set no cookie when the cookie already names that language', async () => {
    const response = await app.request('/about?lang=en', { headers: { cookie: `${LOCALE_COOKIE}=en` } });
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('after which a page without ?lang comes in that language', async () => {
    const response = await app.request('/about', { headers: { cookie: `${LOCALE_COOKIE}=fr` } });
    expect(await response.text()).toContain('<html lang="fr"');
  });
});
