import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NEWSLETTER_CONFIRM_TOKEN_LIFETIME_MS } from '@shared/constants';
import { applyRetention } from '@server/retention/delete';
import { mailFooterOf } from '@server/mail/footer';
import { unsubscribe, unsubscribedCount } from '@server/newsletter/leaving';
import { ONE_CLICK_UNSUBSCRIBE_PATH } from '@server/newsletter/links';
import { NEWSLETTER_RATE_LIMITS } from '@server/newsletter/rate-limits';
import { subscribe as signUp } from '@server/newsletter/subscriptions';
import { tokenFromMail } from '../support/accounts';
import { trpcMutation } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeEach(async () => {
  app = await startTestApp();
});
afterEach(() => app.close());

const HOUR = 60 * 60_000;
const GERMAN_SUBJECT = 'Bitte bestätigen Sie Ihr Newsletter-Abonnement';

const subscribe = (email: string, locale = 'de') => trpcMutation(app.url, 'newsletter.subscribe', { email, locale });
const confirm = (token: string) => trpcMutation(app.url, 'newsletter.confirm', { token });
const subscriber = (email: string) => app.db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', email).executeTakeFirst();

/** Sends what the outbox holds and returns the mails that went out since `before`. */
async function mailsSince(before: number) {
  await app.outbox.runOnce();
  return app.sentMails.slice(before);
}

describe('newsletter.subscribe', () => {
  it('stores an unconfirmed subscriber and mails one confirmation link', async () => {
    const { status, body } = await subscribe('Leser@Example.org ');
    expect(status).toBe(200);
    expect(body.result?.data).toEqual({ ok: true });

    const stored = await subscriber('leser@example.org');
    expect(stored).toMatchObject({ email: 'leser@example.org', locale: 'de', confirmed_at: null, created_at: '2026-03-02T10:00:00.000Z' });
    expect(stored?.token_hash).toEqual(expect.any(String));

    const mails = await mailsSince(0);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe('leser@example.org');
    expect(mails[0]?.subject).toBe(GERMAN_SUBJECT);
    expect(mails[0]?.text).toContain(`${app.url}/newsletter/confirm?token=`);
    const token = tokenFromMail(mails[0]?.text ?? '', '/newsletter/confirm');
    expect(mails[0]?.html).toContain(`href="${app.url}/newsletter/confirm?token=${token}&amp;lang=de"`);
    expect(mails[0]?.html).toContain('<html lang="de">');
    // Only a hash of the token is stored.
    expect(stored?.token_hash).not.toContain(token);
  });

  it('refuses a bad address with a field error and stores and mails nothing', async () => {
    for (const email of ['not-an-address', '', 'a@', '@example.org']) {
      const { status, body } = await subscribe(email);
      expect(status, email).toBe(400);
      expect(body.error?.data.appCode).toBe('VALIDATION_FAILED');
      expect(Object.keys(body.error?.data.fieldErrors ?? {})).toEqual(['email']);
    }
    expect(await app.db.selectFrom('newsletter_subscribers').select('id').execute()).toHaveLength(0);
    expect(await mailsSince(0)).toHaveLength(0);
  });

  it('writes the mail in the German source language for locale "de" and for an unknown locale', async () => {
    await subscribe('de@example.org', 'de');
    await subscribe('xx@example.org', 'xx');
    const mails = await mailsSince(0);
    expect(mails.map((mail) => mail.subject)).toEqual([GERMAN_SUBJECT, GERMAN_SUBJECT]);
    expect(mails[0]?.text).toContain('vielen Dank für Ihr Interesse am SchoolBox-Newsletter!');
    expect((await subscriber('xx@example.org'))?.locale).toBe('de');
  });

  it('remembers the locale "en" and marks the mail as English', async () => {
    await subscribe('en@example.org', 'en');
    expect((await subscriber('en@example.org'))?.locale).toBe('en');
    const [mail] = await mailsSince(0);
    expect(mail?.html).toContain('<html lang="en">');
    expect(mail?.subject).toBe('Please confirm your newsletter subscription');
    expect(mail?.text).not.toContain('Abonnement bestätigen');
  });

  it('twice at once (a double submit) answers both as a repeated sign-up: 200, one subscriber, a link each', async () => {
    const [first, second] = await Promise.all([subscribe('doppelt@example.org'), subscribe('doppelt@example.org')]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first.body.result?.data, second.body.result?.data]).toEqual([{ ok: true }, { ok: true }]);
    expect(
      await app.db.selectFrom('newsletter_subscribers').select('id').where('email', '=', 'doppelt@example.org').execute(),
    ).toHaveLength(1);
    const mails = await mailsSince(0);
    expect(mails.map((mail) => mail.to)).toEqual(['doppelt@example.org', 'doppelt@example.org']);
    // The link of the sign-up that came last is the one that works, as after two sign-ups one after the other.
    const results = await Promise.all(mails.map((mail) => confirm(tokenFromMail(mail.text, '/newsletter/confirm'))));
    expect(results.map((result) => result.status).sort()).toEqual([200, 400]);
  });

  it('ten addresses, each signed up by two servers at once: no sign-up fails, each address once with two links and two consent records', async () => {
    const site = mailFooterOf(app.config);
    const proof = { ip: '198.51.100.7', privacyPolicyVersion: app.config.legal.privacyPolicyVersion };
    const emails = Array.from({ length: 10 }, (_, index) => `paar-${index}@example.org`);
    const results = await Promise.allSettled(
      emails.flatMap((email) => [0, 1].map(() => signUp(app.db, { email, locale: 'de' }, site, proof, app.clock.now()))),
    );
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    for (const email of emails) {
      expect(await app.db.selectFrom('newsletter_subscribers').select('id').where('email', '=', email).execute(), email).toHaveLength(1);
      expect(await app.db.selectFrom('newsletter_consents').select('id').where('email', '=', email).execute(), email).toHaveLength(2);
      expect(await app.db.selectFrom('outbox').select('id').where('to', '=', email).execute(), email).toHaveLength(2);
    }
  });

  it('is rate limited per e-mail address: the 4th subscribe within an hour answers 429', async () => {
    for (let i = 0; i < 3; i++) expect((await subscribe('viel@example.org')).status).toBe(200);
    const limited = await subscribe('VIEL@example.org');
    expect(limited.status).toBe(429);
    expect(limited.body.error?.data.appCode).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await mailsSince(0)).toHaveLength(3);

    // Another address is not affected, and the limit recovers after its window.
    expect((await subscribe('anders@example.org')).status).toBe(200);
    app.clock.advance(HOUR + 1000);
    expect((await subscribe('viel@example.org')).status).toBe(200);
  });
});

describe('newsletter.confirm', () => {
  it('confirms with the token from the mail, once', async () => {
    await subscribe('leser@example.org');
    const [mail] = await mailsSince(0);
    const token = tokenFromMail(mail?.text ?? '', '/newsletter/confirm');

    app.clock.advance(HOUR);
    const { status, body } = await confirm(token);
    expect(status).toBe(200);
    expect(body.result?.data).toEqual({ ok: true });
    const stored = await subscriber('leser@example.org');
    expect(stored?.confirmed_at).toBe('2026-03-02T11:00:00.000Z');
    expect(stored?.token_hash).toBeNull();

    const reused = await confirm(token);
    expect(reused.status).toBe(400);
    expect(reused.body.error?.data.appCode).toBe('TOKEN_INVALID');
    expect((await subscriber('leser@example.org'))?.confirmed_at).toBe('2026-03-02T11:00:00.000Z');
  });

  it('refuses an unknown token with TOKEN_INVALID and a malformed one with a validation error', async () => {
    const unknown = await confirm('a'.repeat(32));
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.data.appCode).toBe('TOKEN_INVALID');
    const malformed = await confirm('not-a-token');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error?.data.appCode).toBe('VALIDATION_FAILED');
    expect(malformed.body.error?.data.fieldErrors).toHaveProperty('token');
  });

  it('subscribing again after confirming is harmless: 200, no new mail, still confirmed', async () => {
    await subscribe('leser@example.org');
    const [mail] = await mailsSince(0);
    await confirm(tokenFromMail(mail?.text ?? '', '/newsletter/confirm'));
    const confirmedAt = (await subscriber('leser@example.org'))?.confirmed_at;
    expect(confirmedAt).toEqual(expect.any(String));

    app.clock.advance(HOUR);
    const again = await subscribe('leser@example.org', 'en');
    expect(again.status).toBe(200);
    expect(again.body.result?.data).toEqual({ ok: true });
    expect(await mailsSince(1)).toHaveLength(0);
    const stored = await subscriber('leser@example.org');
    expect(stored?.confirmed_at).toBe(confirmedAt);
    expect(stored?.token_hash).toBeNull();
    expect(stored?.locale).toBe('de');
    expect(await app.db.selectFrom('newsletter_subscribers').select('id').execute()).toHaveLength(1);
  });

  it('subscribing twice before confirming sends a new link and the old token stops working', async () => {
    await subscribe('leser@example.org');
    const [first] = await mailsSince(0);
    const oldToken = tokenFromMail(first?.text ?? '', '/newsletter/confirm');

    const again = await subscribe('leser@example.org', 'en');
    expect(again.status).toBe(200);
    const [second, ...more] = await mailsSince(1);
    expect(more).toHaveLength(0);
    expect(second?.to).toBe('leser@example.org');
    const newToken = tokenFromMail(second?.text ?? '', '/newsletter/confirm');
    expect(newToken).not.toBe(oldToken);
    expect(await app.db.selectFrom('newsletter_subscribers').select('id').execute()).toHaveLength(1);
    expect((await subscriber('leser@example.org'))?.locale).toBe('en');

    const old = await confirm(oldToken);
    expect(old.status).toBe(400);
    expect(old.body.error?.data.appCode).toBe('TOKEN_INVALID');
    expect((await subscriber('leser@example.org'))?.confirmed_at).toBeNull();

    expect((await confirm(newToken)).status).toBe(200);
    expect((await subscriber('leser@example.org'))?.confirmed_at).toEqual(expect.any(String));
  });

  it('a token confirms only its own address', async () => {
    await subscribe('eins@example.org');
    await subscribe('zwei@example.org');
    const mails = await mailsSince(0);
    const tokenOne = tokenFromMail(mails.find((mail) => mail.to === 'eins@example.org')?.text ?? '', '/newsletter/confirm');
    expect((await confirm(tokenOne)).status).toBe(200);
    expect((await subscriber('eins@example.org'))?.confirmed_at).toEqual(expect.any(String));
    expect((await subscriber('zwei@example.org'))?.confirmed_at).toBeNull();
  });
});

describe('newsletter confirmation links expire', () => {
  it(`confirm within ${NEWSLETTER_CONFIRM_TOKEN_LIFETIME_MS / 86_400_000} days of the mail, and not after`, async () => {
    await subscribe('early@example.org');
    await subscribe('late@example.org');
    const mails = await mailsSince(0);
    const tokenOf = (email: string) => tokenFromMail(mails.find((mail) => mail.to === email)?.text ?? '', '/newsletter/confirm');
    expect((await subscriber('late@example.org'))?.token_expires_at).toBe(
      new Date(app.clock.now().getTime() + NEWSLETTER_CONFIRM_TOKEN_LIFETIME_MS).toISOString(),
    );

    app.clock.advance(NEWSLETTER_CONFIRM_TOKEN_LIFETIME_MS - 60_000);
    expect((await confirm(tokenOf('early@example.org'))).status).toBe(200);

    app.clock.advance(2 * 60_000);
    const late = await confirm(tokenOf('late@example.org'));
    expect(late.status).toBe(400);
    expect(late.body.error?.data.appCode).toBe('TOKEN_INVALID');
    expect((await subscriber('late@example.org'))?.confirmed_at).toBeNull();

    // Signing up again sends a new link, valid for another week.
    await subscribe('late@example.org');
    const [fresh] = await mailsSince(mails.length);
    expect((await confirm(tokenFromMail(fresh?.text ?? '', '/newsletter/confirm'))).status).toBe(200);
    expect((await subscriber('late@example.org'))?.confirmed_at).toEqual(expect.any(String));
    expect((await subscriber('late@example.org'))?.token_expires_at).toBeNull();
  });

  it('the retention job deletes sign-ups once their link expired, and keeps confirmed addresses', async () => {
    await subscribe('confirmed@example.org');
    await subscribe('forgotten@example.org');
    const toConfirmed = (await mailsSince(0)).find((mail) => mail.to === 'confirmed@example.org');
    await confirm(tokenFromMail(toConfirmed?.text ?? '', '/newsletter/confirm'));

    app.clock.advance(NEWSLETTER_CONFIRM_TOKEN_LIFETIME_MS - HOUR);
    await applyRetention(app.db, app.clock.now(), app.config.retention);
    expect(await subscriber('forgotten@example.org')).toBeDefined();

    app.clock.advance(2 * HOUR);
    await applyRetention(app.db, app.clock.now(), app.config.retention);
    expect(await subscriber('forgotten@example.org')).toBeUndefined();
    expect((await subscriber('confirmed@example.org'))?.confirmed_at).toEqual(expect.any(String));
  });

  it('an English or French confirmation link opens the page in that language', async () => {
    await subscribe('en@example.org', 'en');
    await subscribe('fr@example.org', 'fr');
    const mails = await mailsSince(0);
    expect(mails.find((mail) => mail.to === 'en@example.org')?.text).toMatch(/\/newsletter\/confirm\?token=[a-z2-7]{32}&lang=en\b/);
    expect(mails.find((mail) => mail.to === 'fr@example.org')?.html).toMatch(
      /href="[^"]*\/newsletter\/confirm\?token=[a-z2-7]{32}&amp;lang=fr"/,
    );
  });
});

describe('unsubscribing', () => {
  it('with one token many times at once (the page, a mail program, two servers): the address leaves, counted once', async () => {
    await subscribe('geht@example.org');
    await confirm(tokenFromMail((await mailsSince(0))[0]?.text ?? '', '/newsletter/confirm'));
    const token = (await subscriber('geht@example.org'))?.unsubscribe_token as string;
    const before = await unsubscribedCount(app.db);
    const results = await Promise.all(Array.from({ length: 10 }, () => unsubscribe(app.db, token, app.clock.now())));
    // Each call found the address or found it gone; none failed.
    expect(results).toContain(true);
    expect(await subscriber('geht@example.org')).toBeUndefined();
    expect(await unsubscribedCount(app.db)).toBe(before + 1);
    // Later, the token names nobody.
    expect(await unsubscribe(app.db, token, app.clock.now())).toBe(false);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  const { limit } = NEWSLETTER_RATE_LIMITS.unsubscribePerIp;
  const oneClick = (token: string, ip: string) =>
    fetch(`${app.url}${ONE_CLICK_UNSUBSCRIBE_PATH}?token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
      body: 'List-Unsubscribe=One-Click',
    });

  it(`is rate limited per IP like the unsubscribe page: the POST after ${limit} misses answers 429, another IP still unsubscribes`, async () => {
    await app.close();
    app = await startTestApp({ TRUST_PROXY: 'true' });
    // A mail provider posts for many subscribers from one address: more than the limit of real
    // unsubscribes all go through, since only a POST that finds nobody counts.
    const now = app.clock.now().toISOString();
    const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
    const many = Array.from({ length: limit + 5 }, (_, i) => ({
      id: `many-${i}`,
      email: `many-${i}@example.org`,
      locale: 'de',
      confirmed_at: now,
      token_hash: null,
      created_at: now,
      unsubscribe_token: `${'b'.repeat(30)}${BASE32[Math.floor(i / 32)]}${BASE32[i % 32]}`,
    }));
    await app.db.insertInto('newsletter_subscribers').values(many).execute();
    for (const row of many) expect((await oneClick(row.unsubscribe_token, '10.9.9.9')).status).toBe(200);
    expect(await app.db.selectFrom('newsletter_subscribers').select('id').where('email', 'like', 'many-%').execute()).toEqual([]);

    await subscribe('leser@example.org');
    await confirm(tokenFromMail((await mailsSince(0))[0]?.text ?? '', '/newsletter/confirm'));
    const token = (await subscriber('leser@example.org'))?.unsubscribe_token as string;

    // Guesses from one IP: each one costs a lookup, as a call of the page's procedure would.
    for (let i = 0; i < limit; i++) expect((await oneClick('a'.repeat(32), '10.0.0.1')).status).toBe(200);
    const refused = await oneClick(token, '10.0.0.1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await subscriber('leser@example.org')).toBeDefined();
    // One bucket for both ways of leaving: the page's procedure is refused to that IP as well.
    const viaPage = await trpcMutation(app.url, 'newsletter.unsubscribe', { token }, { headers: { 'x-forwarded-for': '10.0.0.1' } });
    expect(viaPage.status).toBe(429);

    expect((await oneClick(token, '10.0.0.2')).status).toBe(200);
    expect(await subscriber('leser@example.org')).toBeUndefined();
  });
});
