/**
 * The pages of the links we e-mail that the script path takes on arrival (newsletter confirmation,
 * account verification, new e-mail address), without scripts (ADR 033): the GET changes nothing (mail
 * scanners open every link) and shows a button, a real form posting the token to the page's own address;
 * the post runs the same procedure as the script path and answers 303 back to the page, which shows the
 * outcome. A token that cannot be one is the same dead link as an unknown one, never "check your input".
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FORM_NAME_FIELD, type FormName, LINK_TOKEN_FIELD, NOTICE_COOKIE } from '@shared/forms';
import { createUser, signIn, tokenFromMail } from '../support/accounts';
import { decodeEntities, textOf } from '../support/html';
import { trpcMutation } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeEach(async () => {
  app = await startTestApp();
});
afterEach(() => app.close());

const DEAD_LINK = 'Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet.';
const INPUT_ERROR = 'Bitte überprüfen Sie Ihre Eingaben.';
/** A real token cut short by a mail program: 31 of its 32 characters. */
const cutShort = (token: string) => token.slice(0, 31);

/** The button's form as a browser without scripts posts it: urlencoded, to the page's address, from the site (Origin). */
function post(path: string, form: FormName, token: string | null, origin: string | null = app.origin) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (origin !== null) headers.origin = origin;
  const fields: Record<string, string> = { [FORM_NAME_FIELD]: form };
  if (token !== null) fields[LINK_TOKEN_FIELD] = token;
  return fetch(`${app.url}${path}`, { method: 'POST', headers, body: new URLSearchParams(fields), redirect: 'manual' });
}

/** The page the redirect leads to, opened with the notice cookie the redirect set. */
async function follow(response: Response) {
  const notice = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${NOTICE_COOKIE}=`));
  const next = await app.request(response.headers.get('location') ?? '', { headers: notice ? { cookie: notice.split(';')[0] ?? '' } : {} });
  return { status: next.status, text: textOf(await next.text()) };
}

function noticeOf(response: Response): string | null {
  const notice = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${NOTICE_COOKIE}=`));
  return notice ? (notice.split(';')[0] ?? '').slice(NOTICE_COOKIE.length + 1) : null;
}

/** The page's form labelled `label` (method, action) and the value of its hidden token field, from the HTML. */
function buttonForm(html: string, label: string) {
  const form = new RegExp(`<form\\b[^>]*aria-label="${label}"[^>]*>([\\s\\S]*?)</form>`).exec(html);
  if (!form) return null;
  const attribute = (tag: string, name: string) => {
    const value = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
    return value === undefined ? undefined : decodeEntities(value);
  };
  const opening = /^<form\b[^>]*>/.exec(form[0])?.[0] ?? '';
  const inputs = [...(form[1] ?? '').matchAll(/<input\b[^>]*>/g)].map(([tag]) => tag);
  const tokenInput = inputs.find((tag) => attribute(tag, 'name') === LINK_TOKEN_FIELD);
  const nameInput = inputs.find((tag) => attribute(tag, 'name') === FORM_NAME_FIELD);
  return {
    method: attribute(opening, 'method'),
    action: attribute(opening, 'action'),
    form: nameInput ? attribute(nameInput, 'value') : undefined,
    token: tokenInput ? attribute(tokenInput, 'value') : undefined,
    hasSubmit: /<button\b[^>]*type="submit"/.test(form[1] ?? ''),
  };
}

describe('the newsletter confirmation link without scripts', () => {
  /** Signs up over the API and returns the token of the link in the confirmation mail. */
  async function signedUp(email: string, locale = 'de') {
    await trpcMutation(app.url, 'newsletter.subscribe', { email, locale });
    await app.outbox.runOnce();
    return tokenFromMail(app.sentMails.find((mail) => mail.to === email)?.text ?? '', '/newsletter/confirm');
  }
  const confirmedAt = async (email: string) =>
    (await app.db.selectFrom('newsletter_subscribers').select('confirmed_at').where('email', '=', email).executeTakeFirstOrThrow())
      .confirmed_at;

  it('opening the link confirms nothing; the page shows the button, which posted confirms: 303 back, the page says so', async () => {
    const token = await signedUp('leser@example.org', 'en');
    const path = `/newsletter/confirm?token=${token}&lang=en`;
    const page = await app.request(path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(await confirmedAt('leser@example.org')).toBeNull();
    expect(buttonForm(html, 'Confirm subscription')).toEqual({
      method: 'post',
      action: path,
      form: 'confirmSubscription',
      token,
      hasSubmit: true,
    });

    const response = await post(path, 'confirmSubscription', token);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(path);
    expect(noticeOf(response)).toBe('newsletter.confirmed');
    expect(await confirmedAt('leser@example.org')).not.toBeNull();

    const next = await follow(response);
    expect(next.status).toBe(200);
    expect(next.text).toContain('Subscription confirmed');
    expect(next.text).not.toContain('This link is invalid');

    // The same button again: the link is used; the page says so, and nothing else changes.
    const again = await post(path, 'confirmSubscription', token);
    expect(again.status).toBe(200);
    expect(textOf(await again.text())).toContain('This link is invalid, has expired or has already been used.');
  });

  it('a token cut short: the dead-link message (on the page and after a post), not the input error; nothing confirmed', async () => {
    const token = await signedUp('leser@example.org');
    const path = `/newsletter/confirm?token=${cutShort(token)}`;
    const page = textOf(await (await app.request(path)).text());
    expect(page).toContain(DEAD_LINK);
    expect(page).not.toContain(INPUT_ERROR);

    const response = await post(path, 'confirmSubscription', cutShort(token));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const text = textOf(await response.text());
    expect(text).toContain(DEAD_LINK);
    expect(text).not.toContain(INPUT_ERROR);
    expect(await confirmedAt('leser@example.org')).toBeNull();
  });

  it('is refused (403) without the site as its Origin; nothing confirmed', async () => {
    const token = await signedUp('leser@example.org');
    const path = `/newsletter/confirm?token=${token}`;
    for (const origin of [null, 'https://evil.example']) {
      expect((await post(path, 'confirmSubscription', token, origin)).status, String(origin)).toBe(403);
    }
    expect(await confirmedAt('leser@example.org')).toBeNull();
  });
});

describe('the account verification link without scripts', () => {
  /** Signs up over the API and returns the token of the link in the verification mail. */
  async function registered(email: string) {
    await trpcMutation(app.url, 'auth.signUp', { firstName: 'Ada', lastName: 'Lovelace', email, password: 'secret-123', locale: 'de' });
    await app.outbox.runOnce();
    return tokenFromMail(app.sentMails.find((mail) => mail.to === email)?.text ?? '', '/auth/verify');
  }
  const verifiedAt = async (email: string) =>
    (await app.db.selectFrom('users').select('email_verified_at').where('email', '=', email).executeTakeFirstOrThrow()).email_verified_at;

  it('opening the link verifies nothing; the button posted verifies the account: 303 back, the page says so', async () => {
    const token = await registered('ada@example.org');
    const path = `/auth/verify?token=${token}`;
    const html = await (await app.request(path)).text();
    expect(await verifiedAt('ada@example.org')).toBeNull();
    expect(buttonForm(html, 'E-Mail-Adresse bestätigen')).toMatchObject({ method: 'post', action: path, form: 'verifyEmail', token });

    const response = await post(path, 'verifyEmail', token);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(path);
    expect(noticeOf(response)).toBe('verifyEmail.done');
    expect(await verifiedAt('ada@example.org')).not.toBeNull();
    const next = await follow(response);
    expect(next.text).toContain('E-Mail-Adresse bestätigt');
    expect(next.text).toContain('Vielen Dank! Ihr Konto ist jetzt aktiv.');
    await signIn(app, 'ada@example.org', 'secret-123');
  });

  it('a token cut short or made of other characters: the dead-link message, not the input error; nothing verified', async () => {
    const token = await registered('ada@example.org');
    for (const wrong of [cutShort(token), token.toUpperCase(), `${token}x`]) {
      const response = await post(`/auth/verify?token=${wrong}`, 'verifyEmail', wrong);
      expect(response.status, wrong).toBe(200);
      const text = textOf(await response.text());
      expect(text, wrong).toContain(DEAD_LINK);
      expect(text, wrong).not.toContain(INPUT_ERROR);
    }
    // A well-formed token nobody was sent: the same message.
    const unknown = await post(`/auth/verify?token=${'a'.repeat(32)}`, 'verifyEmail', 'a'.repeat(32));
    expect(textOf(await unknown.text())).toContain(DEAD_LINK);
    expect(await verifiedAt('ada@example.org')).toBeNull();
  });
});

describe('the link to a new e-mail address without scripts', () => {
  it('opening the link changes nothing; the button posted changes the address: 303 back, the page says so', async () => {
    const { user, email, password } = await createUser(app);
    const cookie = await signIn(app, email, password);
    await trpcMutation(
      app.url,
      'account.requestEmailChange',
      { newEmail: 'neu@example.org', currentPassword: password, locale: 'de' },
      { cookie },
    );
    await app.outbox.runOnce();
    const token = tokenFromMail(app.sentMails.find((mail) => mail.to === 'neu@example.org')?.text ?? '', '/account/email');
    const addressNow = async () =>
      (await app.db.selectFrom('users').select('email').where('id', '=', user.id).executeTakeFirstOrThrow()).email;

    const path = `/account/email?token=${token}`;
    const html = await (await app.request(path)).text();
    expect(await addressNow()).toBe(email);
    expect(buttonForm(html, 'Neue E-Mail-Adresse bestätigen')).toMatchObject({
      method: 'post',
      action: path,
      form: 'confirmEmailChange',
      token,
    });

    const response = await post(path, 'confirmEmailChange', token);
    expect(response.status).toBe(303);
    expect(noticeOf(response)).toBe('emailChange.done');
    expect(await addressNow()).toBe('neu@example.org');
    expect((await follow(response)).text).toContain('Ihr Konto verwendet ab sofort diese E-Mail-Adresse.');

    const malformed = await post(`/account/email?token=${cutShort(token)}`, 'confirmEmailChange', cutShort(token));
    expect(textOf(await malformed.text())).toContain(DEAD_LINK);
  });
});
