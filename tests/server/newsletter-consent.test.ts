import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NEWSLETTER_CONSENT_TEXT } from '@shared/newsletter-consent';
import { i18nFor } from '@server/lib/i18n';
import { consentRecordsFor } from '@server/newsletter/consents';
import { ONE_CLICK_UNSUBSCRIBE_PATH } from '@server/newsletter/links';
import { applyRetention } from '@server/retention/delete';
import { createUser, tokenFromMail } from '../support/accounts';
import { callerFor } from '../support/caller';
import { decodeEntities } from '../support/html';
import { trpcMutation } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const POLICY_VERSION = '2026-02-14';

let app: TestApp;
beforeEach(async () => {
  // TRUST_PROXY: the test sets the client's IP through X-Forwarded-For, as the reverse proxy would.
  app = await startTestApp({ TRUST_PROXY: 'true', PRIVACY_POLICY_VERSION: POLICY_VERSION, NEWSLETTER_CONSENT_RETENTION_DAYS: '30' });
});
afterEach(() => app.close());

const fromIp = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
const subscribe = (email: string, locale: string, ip: string) =>
  trpcMutation(app.url, 'newsletter.subscribe', { email, locale }, fromIp(ip));
const confirm = (token: string, ip: string) => trpcMutation(app.url, 'newsletter.confirm', { token }, fromIp(ip));
const records = () => app.db.selectFrom('newsletter_consents').selectAll().orderBy('signed_up_at').execute();
const subscriber = (email: string) => app.db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', email).executeTakeFirst();

/** Signs up and confirms `email`; the mail's confirmation token is taken from the outbox. */
async function subscribeAndConfirm(email: string, locale = 'de') {
  await subscribe(email, locale, '198.51.100.1');
  await app.outbox.runOnce();
  const mail = app.sentMails.findLast((sent) => sent.to === email);
  expect((await confirm(tokenFromMail(mail?.text ?? '', '/newsletter/confirm'), '198.51.100.2')).status).toBe(200);
  return (await subscriber(email)) ?? expect.unreachable('no subscriber row');
}

describe('the newsletter consent record', () => {
  it('is written at sign-up with the IP, the consent sentence the form shows, the policy version and the language', async () => {
    expect((await subscribe('Leser@Example.org', 'de', '203.0.113.10')).status).toBe(200);
    app.clock.advance(HOUR);
    expect((await subscribe('reader@example.org', 'en', '203.0.113.11')).status).toBe(200);

    const [german, english] = await records();
    expect(german).toMatchObject({
      email: 'leser@example.org',
      locale: 'de',
      signed_up_at: '2026-03-02T10:00:00.000Z',
      sign_up_ip: '203.0.113.10',
      confirmed_at: null,
      confirm_ip: null,
      privacy_policy_version: POLICY_VERSION,
      unsubscribed_at: null,
    });
    // The German sentence as written in the source: what a German visitor saw beside the button.
    expect(german?.consent_text).toMatch(/^Mit „Abonnieren“ willige ich ein, .*mindestens 16 Jahre.*widerrufen\.$/);
    expect(english).toMatchObject({
      email: 'reader@example.org',
      locale: 'en',
      sign_up_ip: '203.0.113.11',
      signed_up_at: '2026-03-02T11:00:00.000Z',
    });
    expect(english?.consent_text).toBe(i18nFor('en')._(NEWSLETTER_CONSENT_TEXT));
  });

  it('stores exactly the sentence the server-rendered sign-up form shows', async () => {
    const html = decodeEntities(await (await app.request('/blog')).text());
    const shown = /data-testid="newsletter-consent"[^>]*>([^<]+)</.exec(html)?.[1];
    expect(shown).toContain('Abonnieren');
    await subscribe('leser@example.org', 'de', '203.0.113.10');
    expect((await records())[0]?.consent_text).toBe(shown);
  });

  it('gets the confirmation time and IP when the link is clicked', async () => {
    await subscribe('leser@example.org', 'de', '203.0.113.10');
    await app.outbox.runOnce();
    const token = tokenFromMail(app.sentMails[0]?.text ?? '', '/newsletter/confirm');
    app.clock.advance(2 * HOUR);
    expect((await confirm(token, '203.0.113.99')).status).toBe(200);

    const [record, ...more] = await records();
    expect(more).toHaveLength(0);
    expect(record).toMatchObject({
      sign_up_ip: '203.0.113.10',
      signed_up_at: '2026-03-02T10:00:00.000Z',
      confirmed_at: '2026-03-02T12:00:00.000Z',
      confirm_ip: '203.0.113.99',
    });
  });

  it('a second sign-up before confirming gets its own record, and the confirmation completes that one', async () => {
    await subscribe('leser@example.org', 'de', '203.0.113.10');
    app.clock.advance(HOUR);
    await subscribe('leser@example.org', 'fr', '203.0.113.20');
    await app.outbox.runOnce();
    const token = tokenFromMail(app.sentMails.at(-1)?.text ?? '', '/newsletter/confirm');
    await confirm(token, '203.0.113.21');

    const [first, second] = await records();
    expect(first).toMatchObject({ locale: 'de', confirmed_at: null });
    expect(second).toMatchObject({
      locale: 'fr',
      sign_up_ip: '203.0.113.20',
      confirmed_at: '2026-03-02T11:00:00.000Z',
      confirm_ip: '203.0.113.21',
    });
    expect(second?.consent_text).toBe(i18nFor('fr')._(NEWSLETTER_CONSENT_TEXT));

    // The unconfirmed one is no proof of anything: it goes with the next run after the link's lifetime.
    app.clock.advance(8 * DAY);
    await applyRetention(app.db, app.clock.now(), app.config.retention);
    expect((await records()).map((record) => record.locale)).toEqual(['fr']);
  });

  it('notes the unsubscription on every path, outlives the subscriber row, and goes after the stated period', async () => {
    const page = await subscribeAndConfirm('page@example.org');
    const oneClick = await subscribeAndConfirm('oneclick@example.org');
    const byAdmin = await subscribeAndConfirm('admin-deleted@example.org');
    await subscribeAndConfirm('stays@example.org');
    app.clock.advance(DAY);

    expect((await trpcMutation(app.url, 'newsletter.unsubscribe', { token: page.unsubscribe_token })).status).toBe(200);
    const posted = await fetch(`${app.url}${ONE_CLICK_UNSUBSCRIBE_PATH}?token=${oneClick.unsubscribe_token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(posted.status).toBe(200);
    const { user: admin } = await createUser(app, { admin: true });
    await (await callerFor(app, admin)).newsletter.deleteSubscriber({ id: byAdmin.id });

    expect((await app.db.selectFrom('newsletter_subscribers').select('email').execute()).map((row) => row.email)).toEqual([
      'stays@example.org',
    ]);
    const left = '2026-03-03T10:00:00.000Z';
    const byEmail = Object.fromEntries((await records()).map((record) => [record.email, record]));
    expect(byEmail['page@example.org']).toMatchObject({ unsubscribed_at: left, confirm_ip: '198.51.100.2' });
    expect(byEmail['oneclick@example.org']).toMatchObject({ unsubscribed_at: left });
    expect(byEmail['admin-deleted@example.org']).toMatchObject({ unsubscribed_at: left });
    expect(byEmail['stays@example.org']).toMatchObject({ unsubscribed_at: null });

    // Kept for NEWSLETTER_CONSENT_RETENTION_DAYS (30 here) after leaving, then deleted; a subscriber's stays.
    app.clock.advance(30 * DAY - HOUR);
    await applyRetention(app.db, app.clock.now(), app.config.retention);
    expect(await records()).toHaveLength(4);
    app.clock.advance(2 * HOUR);
    await applyRetention(app.db, app.clock.now(), app.config.retention);
    expect((await records()).map((record) => record.email)).toEqual(['stays@example.org']);
  });

  it("the admin's subscriber CSV carries the proof: the IPs and the privacy-policy version", async () => {
    await subscribeAndConfirm('leser@example.org');
    const { user: admin } = await createUser(app, { admin: true });
    const { csv } = await (await callerFor(app, admin)).newsletter.exportSubscribers();
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFemail,language,confirmed,confirmed_at,subscribed_at,sign_up_ip,confirm_ip,privacy_policy_version',
      `leser@example.org,de,yes,2026-03-02T10:00:00.000Z,2026-03-02T10:00:00.000Z,198.51.100.1,198.51.100.2,${POLICY_VERSION}`,
      '',
    ]);
  });

  it('consentRecordsFor returns the records of that address only', async () => {
    await subscribeAndConfirm('eins@example.org');
    app.clock.advance(HOUR);
    await subscribeAndConfirm('zwei@example.org');
    await trpcMutation(app.url, 'newsletter.unsubscribe', { token: (await subscriber('eins@example.org'))?.unsubscribe_token });
    app.clock.advance(HOUR);
    await subscribeAndConfirm('eins@example.org', 'en');

    const mine = await consentRecordsFor(app.db, ' Eins@Example.org');
    expect(mine.map((record) => [record.email, record.locale, record.unsubscribed_at])).toEqual([
      ['eins@example.org', 'de', '2026-03-02T11:00:00.000Z'],
      ['eins@example.org', 'en', null],
    ]);
    expect((await consentRecordsFor(app.db, 'zwei@example.org')).map((record) => record.email)).toEqual(['zwei@example.org']);
    expect(await consentRecordsFor(app.db, 'niemand@example.org')).toEqual([]);
  });
});
