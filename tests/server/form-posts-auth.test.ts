import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NOTICE_COOKIE } from '@shared/forms';
import { createUser, sessionCookie, sessionCookieFrom, tokenFromMail } from '../support/accounts';
import { decodeEntities, textOf } from '../support/html';
import { startTestApp, type TestApp } from '../support/test-app';

// Issue 19.2: the account forms work without scripts. A browser without JavaScript posts the form to
// the page's own address; the server runs the same procedure as the API, then redirects (303) or shows
// the page again with the errors and what was typed, passwords left out.

let app: TestApp;
beforeEach(async () => {
  app = await startTestApp();
});
afterEach(() => app.close());

/** A form posted as a browser without scripts posts it: urlencoded, from the site's own page (Origin). */
function post(path: string, form: string, fields: Record<string, string>, init: { origin?: string | null; cookie?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (init.origin !== null) headers.origin = init.origin ?? app.origin;
  if (init.cookie) headers.cookie = init.cookie;
  return fetch(`${app.url}${path}`, {
    method: 'POST',
    headers,
    body: new URLSearchParams({ _form: form, ...fields }),
    redirect: 'manual',
  });
}

function cookieValue(response: Response, name: string): string | null {
  for (const header of response.headers.getSetCookie()) {
    const [pair = ''] = header.split(';');
    if (pair.startsWith(`${name}=`)) return pair.slice(name.length + 1);
  }
  return null;
}

async function lastMailText(): Promise<string> {
  await app.outbox.runOnce();
  const mail = app.sentMails.at(-1);
  if (!mail) throw new Error('no mail was sent');
  return mail.text;
}

/** The page the redirect leads to, opened with the cookies the redirect set (as a browser would). */
async function follow(response: Response, cookies: string[] = []) {
  const location = response.headers.get('location') ?? '';
  const jar = [...cookies, ...response.headers.getSetCookie().map((header) => header.split(';')[0] ?? '')].filter(
    (pair) => !pair.endsWith('='),
  );
  return app.request(location, { headers: { cookie: jar.join('; ') }, redirect: 'manual' });
}

describe('signing in without scripts', () => {
  it('signs in and sends the visitor back where they came from, in their language, with the session cookie', async () => {
    const { email, password } = await createUser(app);
    const response = await post(`/auth?redirect=${encodeURIComponent('/blog?category=Team')}&lang=en`, 'signIn', {
      email,
      password,
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/blog?category=Team&lang=en');
    expect(sessionCookieFrom(response.headers)).not.toBeNull();
    expect(cookieValue(response, NOTICE_COOKIE)).toBe('signIn.done');

    // The next page tells the visitor once, in their language, and forgets the notice.
    const page = await follow(response);
    expect(page.status).toBe(200);
    expect(textOf(await page.text())).toContain('Welcome back!');
    expect(cookieValue(page, NOTICE_COOKIE)).toBe('');
  });

  it('an unconfirmed address: the page again offers a new link, and that button posted sends it', async () => {
    const { email, password } = await createUser(app, { verified: false });
    const refused = await post('/auth?lang=en', 'signIn', { email, password });
    expect(refused.status).toBe(200);
    const html = await refused.text();
    expect(html).toMatch(/<button[^>]*name="resendVerification"[^>]*type="submit"|<button[^>]*type="submit"[^>]*name="resendVerification"/);
    expect(textOf(html)).toContain('Resend confirmation link');

    const mailsBefore = app.sentMails.length;
    const resent = await post('/auth?lang=en', 'signIn', { email, password: '', resendVerification: '1' });
    expect(resent.status).toBe(303);
    expect(resent.headers.get('location')).toBe('/auth?lang=en');
    expect(cookieValue(resent, NOTICE_COOKIE)).toBe('verification.resent');
    expect(sessionCookieFrom(resent.headers)).toBeNull();
    expect(await lastMailText()).toMatch(/\/auth\/verify\?token=/);
    expect(app.sentMails.length).toBe(mailsBefore + 1);
  });

  it('goes to the start page when the return path names another site', async () => {
    const { email, password } = await createUser(app);
    const response = await post(`/auth?redirect=${encodeURIComponent('//evil.test')}`, 'signIn', { email, password });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/');
  });

  it('shows the page again after a wrong password: the error, the e-mail kept, the password not', async () => {
    const { email } = await createUser(app, { email: 'ada.wrong@example.org' });
    const response = await post('/auth', 'signIn', { email, password: 'not-the-password-4711' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('no-store');
    expect(sessionCookieFrom(response.headers)).toBeNull();
    const html = await response.text();
    expect(textOf(html)).toContain('Ungültige E-Mail-Adresse oder Passwort.');
    expect(html).toMatch(
      /<input[^>]*name="email"[^>]*value="ada\.wrong@example\.org"|<input[^>]*value="ada\.wrong@example\.org"[^>]*name="email"/,
    );
    // Neither in the field nor in the data the page hydrates with.
    expect(html).not.toContain('not-the-password-4711');
  });

  it('marks a field the schema refuses, with the same message as the form in the browser', async () => {
    const response = await post('/auth', 'signIn', { email: 'not-an-address', password: 'x' });
    expect(response.status).toBe(200);
    expect(textOf(await response.text())).toContain('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
  });

  it('refuses a post without the site’s Origin (CSRF), as the API does', async () => {
    const { email, password } = await createUser(app);
    for (const origin of [null, 'https://evil.test']) {
      const response = await post('/auth', 'signIn', { email, password }, { origin });
      expect(response.status, String(origin)).toBe(403);
      expect(sessionCookieFrom(response.headers)).toBeNull();
    }
  });
});

describe('signing up without scripts', () => {
  it('registers, mails the confirmation link and leads to the sign-in tab with the notice', async () => {
    const response = await post('/auth?tab=sign-up&lang=fr', 'signUp', {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.org',
      password: 'cobol1959',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/auth?lang=fr');
    expect(cookieValue(response, NOTICE_COOKIE)).toBe('signUp.checkMail');
    expect(await lastMailText()).toContain(`${app.url}/auth/verify?token=`);
    const user = await app.db.selectFrom('users').select(['email', 'locale']).executeTakeFirstOrThrow();
    expect(user).toEqual({ email: 'grace@example.org', locale: 'fr' });
  });

  it('shows the form again with the field errors and the names kept, the password not', async () => {
    const response = await post('/auth?tab=sign-up', 'signUp', {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.org',
      password: 'abc12',
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(textOf(html)).toContain('Das Passwort muss mindestens 6 Zeichen lang sein.');
    expect(html).toContain('value="Hopper"');
    expect(html).not.toContain('abc12');
    expect(await app.db.selectFrom('users').select('id').execute()).toHaveLength(0);
  });
});

describe('a new password without scripts', () => {
  it('mails the link, refuses a repetition that differs, sets the password and leads to sign-in', async () => {
    const { email } = await createUser(app, { email: 'reset.me@example.org', password: 'old-password' });

    const forgot = await post('/auth/forgot', 'forgotPassword', { email });
    expect(forgot.status).toBe(303);
    expect(forgot.headers.get('location')).toBe('/auth/forgot');
    expect(cookieValue(forgot, NOTICE_COOKIE)).toBe('forgotPassword.sent');
    const token = tokenFromMail(await lastMailText(), '/auth/reset');

    const differs = await post(`/auth/reset?token=${token}`, 'resetPassword', { password: 'new-password', repeat: 'new-passwort' });
    expect(differs.status).toBe(200);
    const html = await differs.text();
    expect(textOf(html)).toContain('Die Passwörter stimmen nicht überein.');
    expect(html).not.toContain('new-passwort');

    const reset = await post(`/auth/reset?token=${token}`, 'resetPassword', { password: 'new-password', repeat: 'new-password' });
    expect(reset.status).toBe(303);
    expect(reset.headers.get('location')).toBe('/auth');
    expect(cookieValue(reset, NOTICE_COOKIE)).toBe('resetPassword.done');

    // The new password works, the old one no longer does.
    expect((await post('/auth', 'signIn', { email, password: 'old-password' })).status).toBe(200);
    expect((await post('/auth', 'signIn', { email, password: 'new-password' })).status).toBe(303);
  });

  it('says so when the link’s token is not valid', async () => {
    const response = await post(`/auth/reset?token=${'a'.repeat(32)}`, 'resetPassword', {
      password: 'new-password',
      repeat: 'new-password',
    });
    expect(response.status).toBe(200);
    expect(textOf(await response.text())).toContain('Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet.');
  });
});

describe('the tabs of /auth (issue 19.2)', () => {
  it('are links to the page with the other tab, keeping the return path and the language', async () => {
    const response = await app.request(`/auth?redirect=${encodeURIComponent('/checkout')}&lang=en`);
    const html = await response.text();
    const tabs = [...html.matchAll(/<a\b[^>]*role="tab"[^>]*>/g)].map(([tag]) => tag);
    expect(tabs).toHaveLength(2);
    const hrefs = tabs.map((tag) => new URL(decodeEntities(/href="([^"]*)"/.exec(tag)?.[1] ?? ''), app.url));
    expect(hrefs.map((url) => [url.pathname, Object.fromEntries(url.searchParams)])).toEqual([
      ['/auth', { redirect: '/checkout', lang: 'en' }],
      ['/auth', { redirect: '/checkout', lang: 'en', tab: 'sign-up' }],
    ]);
    expect(tabs[0]).toContain('aria-selected="true"');
    // The server renders the panel the address names.
    const signUp = await (await app.request('/auth?tab=sign-up')).text();
    expect(signUp).toMatch(/<form[^>]*aria-label="Registrieren"/);
    expect(signUp).not.toMatch(/<form[^>]*aria-label="Anmelden"/);
  });
});

describe('a signed-in visitor on /auth (issue 19.5)', () => {
  it('is sent on in the language of the address', async () => {
    const { user } = await createUser(app);
    const cookie = await sessionCookie(app, user.id);
    const plain = await app.request('/auth?lang=en', { headers: { cookie }, redirect: 'manual' });
    expect(plain.status).toBe(302);
    expect(plain.headers.get('location')).toBe('/?lang=en');
    const back = await app.request(`/auth?lang=fr&redirect=${encodeURIComponent('/blog')}`, { headers: { cookie }, redirect: 'manual' });
    expect(back.headers.get('location')).toBe('/blog?lang=fr');
  });
});
