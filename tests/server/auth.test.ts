import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_LIFETIME_MS } from '@shared/constants';
import { createUser, sessionCookieFrom, signIn, tokenFromMail } from '../support/accounts';
import { trpcMutation, trpcQuery } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeEach(async () => {
  app = await startTestApp();
});
afterEach(() => app.close());

const DAY = 24 * 60 * 60_000;
const newAccount = (email = 'Grace.Hopper@Example.org ') => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  email,
  password: 'cobol1959',
  locale: 'de',
});

async function lastMailText(): Promise<string> {
  await app.outbox.runOnce();
  const mail = app.sentMails.at(-1);
  if (!mail) throw new Error('no mail was sent');
  return mail.text;
}

describe('sign-up and e-mail verification', () => {
  it('creates an unverified account, trims and lower-cases the e-mail, and mails a verification link', async () => {
    const { status, body } = await trpcMutation(app.url, 'auth.signUp', newAccount());
    expect(status).toBe(200);
    expect(body.result?.data).toEqual({ ok: true });
    const user = await app.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(user.email).toBe('grace.hopper@example.org');
    expect(user.email_verified_at).toBeNull();
    expect(user.password_hash).toMatch(/^\$argon2id\$/);

    const text = await lastMailText();
    expect(app.sentMails.at(-1)?.to).toBe('grace.hopper@example.org');
    expect(text).toContain(`${app.url}/auth/verify?token=`);
    // Only the hash of the token is stored.
    const token = tokenFromMail(text, '/auth/verify');
    const stored = await app.db.selectFrom('email_tokens').select('token_hash').executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);
  });

  it('refuses a second account with the same address ("already been registered")', async () => {
    await trpcMutation(app.url, 'auth.signUp', newAccount());
    const { status, body } = await trpcMutation(app.url, 'auth.signUp', newAccount('grace.hopper@example.org'));
    expect(status).toBe(409);
    expect(body.error?.data.appCode).toBe('ACCOUNT_EXISTS');
    expect(body.error?.message).toContain('already been registered');
    expect(await app.db.selectFrom('users').select('id').execute()).toHaveLength(1);
  });

  it.each([
    ['firstName', { firstName: ' ' }],
    ['lastName', { lastName: '' }],
    ['email', { email: 'not-an-address' }],
    ['password', { password: '12345' }],
    ['password', { password: 'x'.repeat(129) }],
  ])('refuses bad input in %s with a field error and stores nothing', async (field, change) => {
    const { status, body } = await trpcMutation(app.url, 'auth.signUp', { ...newAccount(), ...change });
    expect(status).toBe(400);
    expect(body.error?.data.appCode).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.error?.data.fieldErrors ?? {})).toEqual([field]);
    expect(await app.db.selectFrom('users').select('id').execute()).toHaveLength(0);
  });

  it('accepts a password of exactly six characters', async () => {
    expect((await trpcMutation(app.url, 'auth.signUp', { ...newAccount(), password: 'abcdef' })).status).toBe(200);
  });

  it('verifies the address with the link, once', async () => {
    await trpcMutation(app.url, 'auth.signUp', newAccount());
    const token = tokenFromMail(await lastMailText(), '/auth/verify');
    expect((await trpcMutation(app.url, 'auth.verifyEmail', { token })).status).toBe(200);
    const user = await app.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(user.email_verified_at).not.toBeNull();

    const reuse = await trpcMutation(app.url, 'auth.verifyEmail', { token });
    expect(reuse.status).toBe(400);
    expect(reuse.body.error?.data.appCode).toBe('TOKEN_INVALID');
  });

  it('refuses an expired verification link (24 hours)', async () => {
    await trpcMutation(app.url, 'auth.signUp', newAccount());
    const token = tokenFromMail(await lastMailText(), '/auth/verify');
    app.clock.advance(DAY + 1000);
    const { body } = await trpcMutation(app.url, 'auth.verifyEmail', { token });
    expect(body.error?.data.appCode).toBe('TOKEN_INVALID');
  });

  it('refuses an unknown token', async () => {
    const { body } = await trpcMutation(app.url, 'auth.verifyEmail', { token: 'a'.repeat(32) });
    expect(body.error?.data.appCode).toBe('TOKEN_INVALID');
  });

  it('resends a link to an unverified account (the old one stops working), and answers the same for unknown addresses', async () => {
    await trpcMutation(app.url, 'auth.signUp', newAccount());
    const first = tokenFromMail(await lastMailText(), '/auth/verify');
    const resend = await trpcMutation(app.url, 'auth.resendVerification', { email: 'grace.hopper@example.org', locale: 'en' });
    expect(resend.body.result?.data).toEqual({ ok: true });
    const text = await lastMailText();
    expect(app.sentMails).toHaveLength(2);
    expect(app.sentMails[1]?.subject).toBe('Please confirm your email address');
    const second = tokenFromMail(text, '/auth/verify');
    expect((await trpcMutation(app.url, 'auth.verifyEmail', { token: first })).body.error?.data.appCode).toBe('TOKEN_INVALID');
    expect((await trpcMutation(app.url, 'auth.verifyEmail', { token: second })).status).toBe(200);

    const unknown = await trpcMutation(app.url, 'auth.resendVerification', { email: 'nobody@example.org', locale: 'de' });
    expect(unknown.body.result?.data).toEqual({ ok: true });
    await app.outbox.runOnce();
    expect(app.sentMails).toHaveLength(2);
  });
});

describe('sign-in and sessions', () => {
  it('signs in a verified user with a secure cookie and returns the session user', async () => {
    const { email, password, user } = await createUser(app, { firstName: 'Ada', lastName: 'Lovelace' });
    const response = await trpcMutation(app.url, 'auth.signIn', { email: ` ${email.toUpperCase()} `, password });
    expect(response.status).toBe(200);
    expect(response.body.result?.data).toEqual({ id: user.id, email, firstName: 'Ada', lastName: 'Lovelace', isAdmin: false });

    const setCookie = response.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/schoolbox_session=[a-z2-7]{32}\.[a-z2-7]{32}/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).toContain(`Max-Age=${SESSION_LIFETIME_MS / 1000}`);
    expect(setCookie).not.toContain('Secure'); // PUBLIC_URL is http in this test

    const cookie = sessionCookieFrom(response.headers)!;
    const session = await trpcQuery(app.url, 'auth.session', undefined, { cookie });
    expect(session.body.result?.data).toMatchObject({ id: user.id, isAdmin: false });
    // The secret is not stored, only its hash.
    const row = await app.db.selectFrom('sessions').selectAll().executeTakeFirstOrThrow();
    expect(cookie).toContain(row.id);
    expect(cookie).not.toContain(row.secret_hash);
  });

  it('names the cookie __Host-… on https (Secure, Path=/, no Domain) and reads only that name there', async () => {
    await app.close();
    app = await startTestApp({ PUBLIC_URL: 'https://schoolbox.example' });
    const { email, password } = await createUser(app, { admin: true });
    const response = await trpcMutation(app.url, 'auth.signIn', { email, password }, { origin: 'https://schoolbox.example' });
    const [setCookie = ''] = response.headers.getSetCookie();
    expect(setCookie).toMatch(
      /^__Host-schoolbox_session=[a-z2-7]{32}\.[a-z2-7]{32}; HttpOnly; SameSite=Lax; Path=\/; Max-Age=\d+; Expires=[^;]+; Secure$/,
    );
    expect(setCookie).not.toMatch(/domain=/i);

    const cookie = setCookie.split(';')[0] as string;
    expect((await trpcQuery(app.url, 'auth.session', undefined, { cookie })).body.result?.data).toMatchObject({ email });
    // A page for that cookie is rendered for the signed-in user, never the anonymous visitors' cached copy.
    expect(await (await app.request('/')).text()).not.toContain('Blog Admin');
    const page = await app.request('/', { headers: { cookie } });
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(await page.text()).toContain('Blog Admin');
    // The same token under the plain name (which a plain-http page or a subdomain could plant) is no session.
    const unprefixed = cookie.replace(/^__Host-/, '');
    expect((await trpcQuery(app.url, 'auth.session', undefined, { cookie: unprefixed })).body.result?.data).toBeNull();

    const out = await trpcMutation(app.url, 'auth.signOut', undefined, { cookie, origin: 'https://schoolbox.example' });
    expect(out.headers.getSetCookie().join('\n')).toContain('__Host-schoolbox_session=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0; Secure');
  });

  it('keeps the plain cookie name on http', async () => {
    const { email, password } = await createUser(app);
    const cookie = await signIn(app, email, password);
    expect(cookie).toMatch(/^schoolbox_session=/);
    expect((await trpcQuery(app.url, 'auth.session', undefined, { cookie })).body.result?.data).toMatchObject({ email });
    expect((await trpcQuery(app.url, 'auth.session', undefined, { cookie: `__Host-${cookie}` })).body.result?.data).toBeNull();
  });

  it('answers a wrong password and an unknown e-mail alike ("Invalid login credentials")', async () => {
    const { email } = await createUser(app);
    const wrong = await trpcMutation(app.url, 'auth.signIn', { email, password: 'not-the-password' });
    const unknown = await trpcMutation(app.url, 'auth.signIn', { email: 'nobody@example.org', password: 'whatever' });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.body.error?.data.appCode).toBe('INVALID_CREDENTIALS');
      expect(response.body.error?.message).toBe('Invalid login credentials');
      expect(sessionCookieFrom(response.headers)).toBeNull();
    }
  });

  it('refuses an unverified account with its own code, only when the password is right', async () => {
    const { email, password } = await createUser(app, { verified: false });
    const right = await trpcMutation(app.url, 'auth.signIn', { email, password });
    expect(right.status).toBe(403);
    expect(right.body.error?.data.appCode).toBe('EMAIL_NOT_VERIFIED');
    const wrong = await trpcMutation(app.url, 'auth.signIn', { email, password: 'wrong-password' });
    expect(wrong.body.error?.data.appCode).toBe('INVALID_CREDENTIALS');
  });

  it('requires e-mail and password', async () => {
    const { body } = await trpcMutation(app.url, 'auth.signIn', { email: '', password: '' });
    expect(body.error?.data.appCode).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.error?.data.fieldErrors ?? {}).sort()).toEqual(['email', 'password']);
  });

  it('answers session with null when signed out or with a forged cookie, and clears a bad cookie', async () => {
    expect((await trpcQuery(app.url, 'auth.session')).body.result?.data).toBeNull();
    const { email, password } = await createUser(app);
    const cookie = await signIn(app, email, password);
    const forged = `${cookie.split('.')[0]}.${'a'.repeat(32)}`;
    const response = await trpcQuery(app.url, 'auth.session', undefined, { cookie: forged });
    expect(response.body.result?.data).toBeNull();
    expect(response.headers.getSetCookie().join('\n')).toContain('schoolbox_session=; HttpOnly');
  });

  it('expires a session after 30 days without use, and deletes its row', async () => {
    const { email, password } = await createUser(app);
    const cookie = await signIn(app, email, password);
    app.clock.advance(30 * DAY + 1000);
    expect((await trpcQuery(app.url, 'auth.session', undefined, { cookie })).body.result?.data).toBeNull();
    expect(await app.db.selectFrom('sessions').select('id').execute()).toHaveLength(0);
  });

  it('slides the expiry forward when fewer than 15 days remain, and not before', async () => {
    const { email, password } = await createUser(app);
    const cookie = await signIn(app, email, password);
    const expiresAt = async () => (await app.db.selectFrom('sessions').select('expires_at').executeTakeFirstOrThrow()).expires_at;
    const initial = await expiresAt();

    app.clock.advance(10 * DAY);
    const early = await trpcQuery(app.url, 'auth.session', undefined, { cookie });
    expect(early.headers.getSetCookie()).toEqual([]);
    expect(await expiresAt()).toBe(initial);

    app.clock.advance(6 * DAY); // 14 days remain
    const renewed = await trpcQuery(app.url, 'auth.session', undefined, { cookie });
    expect(renewed.body.result?.data).not.toBeNull();
    expect(renewed.headers.getSetCookie().join('\n')).toContain(`Max-Age=${SESSION_LIFETIME_MS / 1000}`);
    expect(new Date(await expiresAt()).getTime()).toBe(app.clock.now().getTime() + SESSION_LIFETIME_MS);

    // Still alive 29 days after the renewal, 45 days after sign-in.
    app.clock.advance(29 * DAY);
    expect((await trpcQuery(app.url, 'auth.session', undefined, { cookie })).body.result?.data).not.toBeNull();
  });

  it('signs out on the server: the old cookie no longer works', async () => {
    const { email, password } = await createUser(app);
    const cookie = await signIn(app, email, password);
    const out = await trpcMutation(app.url, 'auth.signOut', {}, { cookie });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join('\n')).toContain('schoolbox_session=; HttpOnly');
    expect((await trpcQuery(app.url, 'auth.session', undefined, { cookie })).body.result?.data).toBeNull();
    expect(await app.db.selectFrom('sessions').select('id').execute()).toHaveLength(0);
  });

  it('refuses a cross-origin sign-in', async () => {
    const { email, password } = await createUser(app);
    const response = await trpcMutation(app.url, 'auth.signIn', { email, password }, { origin: 'https://attacker.example' });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

describe('admin role', () => {
  it('shows isAdmin from user_roles, looked up per request', async () => {
    const { email, password, user } = await createUser(app, { admin: true });
    const cookie = await signIn(app, email, password);
    expect((await trpcQuery(app.url, 'auth.session', undefined, { cookie })).body.result?.data).toMatchObject({ isAdmin: true });
    await app.db.deleteFrom('user_roles').where('user_id', '=', user.id).execute();
    expect((await trpcQuery(app.url, 'auth.session', undefined, { cookie })).body.result?.data).toMatchObject({ isAdmin: false });
  });

  it('treats a failing role lookup as "not admin" and logs "Error checking admin role"', async () => {
    const { email, password } = await createUser(app, { admin: true });
    const cookie = await signIn(app, email, password);
    await app.db.schema.dropTable('user_roles').execute(); // the lookup now fails
    const response = await trpcQuery(app.url, 'auth.session', undefined, { cookie });
    expect(response.status).toBe(200);
    expect(response.body.result?.data).toMatchObject({ isAdmin: false });
    expect(app.logs).toContainEqual(expect.objectContaining({ level: 'error', msg: 'Error checking admin role' }));
  });
});

describe('password reset', () => {
  it('answers the same whether or not the address has an account, and mails only real accounts', async () => {
    const { email } = await createUser(app);
    const known = await trpcMutation(app.url, 'auth.requestPasswordReset', { email, locale: 'fr' });
    const unknown = await trpcMutation(app.url, 'auth.requestPasswordReset', { email: 'nobody@example.org', locale: 'de' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    await app.outbox.runOnce();
    expect(app.sentMails.map((m) => m.to)).toEqual([email]);
    // The link opens the page in the mail's language, whatever the browser that opens it prefers.
    expect(app.sentMails[0]?.text).toMatch(/\/auth\/reset\?token=[a-z2-7]{32}&lang=fr\b/);
  });

  it('sets the new password, ends the other sessions, and uses the link once', async () => {
    const { email, password } = await createUser(app);
    const otherBrowser = await signIn(app, email, password);
    await trpcMutation(app.url, 'auth.requestPasswordReset', { email, locale: 'de' });
    const token = tokenFromMail(await lastMailText(), '/auth/reset');

    expect((await trpcMutation(app.url, 'auth.resetPassword', { token, password: 'brand-new-secret' })).status).toBe(200);
    expect((await trpcQuery(app.url, 'auth.session', undefined, { cookie: otherBrowser })).body.result?.data).toBeNull();
    expect((await trpcMutation(app.url, 'auth.signIn', { email, password })).body.error?.data.appCode).toBe('INVALID_CREDENTIALS');
    await signIn(app, email, 'brand-new-secret');

    const again = await trpcMutation(app.url, 'auth.resetPassword', { token, password: 'another-one' });
    expect(again.body.error?.data.appCode).toBe('TOKEN_INVALID');
  });

  it('ends the session of the browser that resets too, and removes its cookie (no session is carried over)', async () => {
    const { email, password, user } = await createUser(app);
    const thisBrowser = await signIn(app, email, password);
    await trpcMutation(app.url, 'auth.requestPasswordReset', { email, locale: 'de' });
    const token = tokenFromMail(await lastMailText(), '/auth/reset');

    const reset = await trpcMutation(app.url, 'auth.resetPassword', { token, password: 'brand-new-secret' }, { cookie: thisBrowser });
    expect(reset.status).toBe(200);
    expect(reset.headers.getSetCookie()).toEqual([
      expect.stringMatching(/^schoolbox_session=; HttpOnly; SameSite=Lax; Path=\/; Max-Age=0/),
    ]);
    expect(sessionCookieFrom(reset.headers)).toBeNull();
    expect((await trpcQuery(app.url, 'auth.session', undefined, { cookie: thisBrowser })).body.result?.data).toBeNull();
    expect(await app.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    // Signing in with the new password gives a session of its own.
    expect(await signIn(app, email, 'brand-new-secret')).not.toBe(thisBrowser);
  });

  it('a reset in a browser signed in as someone else ends that session too', async () => {
    const owner = await createUser(app);
    const other = await createUser(app);
    const otherBrowser = await signIn(app, other.email, other.password);
    await trpcMutation(app.url, 'auth.requestPasswordReset', { email: owner.email, locale: 'de' });
    const token = tokenFromMail(await lastMailText(), '/auth/reset');

    const reset = await trpcMutation(app.url, 'auth.resetPassword', { token, password: 'brand-new-secret' }, { cookie: otherBrowser });
    expect(reset.status).toBe(200);
    expect(reset.headers.getSetCookie().join('\n')).toContain('schoolbox_session=; HttpOnly');
    expect((await trpcQuery(app.url, 'auth.session', undefined, { cookie: otherBrowser })).body.result?.data).toBeNull();
  });

  it('refuses an expired reset link (one hour) and a too-short password', async () => {
    const { email } = await createUser(app);
    await trpcMutation(app.url, 'auth.requestPasswordReset', { email, locale: 'de' });
    const token = tokenFromMail(await lastMailText(), '/auth/reset');
    const short = await trpcMutation(app.url, 'auth.resetPassword', { token, password: '123' });
    expect(short.body.error?.data.fieldErrors).toHaveProperty('password');
    app.clock.advance(60 * 60_000 + 1000);
    const late = await trpcMutation(app.url, 'auth.resetPassword', { token, password: 'long-enough' });
    expect(late.body.error?.data.appCode).toBe('TOKEN_INVALID');
  });

  it('a reset link cannot verify an e-mail, and a verification link cannot reset a password', async () => {
    await trpcMutation(app.url, 'auth.signUp', newAccount());
    const verifyToken = tokenFromMail(await lastMailText(), '/auth/verify');
    const misuse = await trpcMutation(app.url, 'auth.resetPassword', { token: verifyToken, password: 'hijacked!' });
    expect(misuse.body.error?.data.appCode).toBe('TOKEN_INVALID');
  });
});

describe('rate limits', () => {
  // Sign-in limits have their own file: sign-in-limits.test.ts.
  it('limits password-reset requests per address', async () => {
    const { email } = await createUser(app);
    for (let i = 0; i < 3; i++)
      expect((await trpcMutation(app.url, 'auth.requestPasswordReset', { email, locale: 'de' })).status).toBe(200);
    expect((await trpcMutation(app.url, 'auth.requestPasswordReset', { email, locale: 'de' })).status).toBe(429);
    await app.outbox.runOnce();
    expect(app.sentMails).toHaveLength(3);
  });
});
