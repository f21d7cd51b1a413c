/**
 * contact.send over real HTTP: the message is stored and two mails are queued in one transaction (to
 * the team with Reply-To the sender, a receipt to the sender in their language that repeats none of
 * their text); bots are dropped without telling them, judged by the server-signed form token; the
 * rate limits hold; a mail server that is down loses nothing.
 */
import { createHmac, randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTACT_FORM_TOKEN_LIFETIME_MS, CONTACT_LIMITS, CONTACT_MIN_FILL_MS } from '@shared/constants';
import type { OutboxRow } from '@server/db/schema';
import { AUTOMATIC_MAIL_HEADERS } from '@server/mail/headers';
import { mailHeaders } from '@server/mail/outbox';
import type { MailTransport, OutgoingMail } from '@server/mail/transport';
import { retryDelayMs } from '@server/mail/worker';
import { catalogEntry } from '../support/catalog';
import { trpcMutation, trpcQuery, type TrpcBody } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** How long the person in these tests takes to fill in the form. */
const FILL_MS = 12_000;
// The token each app's form was handed when it appeared, FILL_MS before the tests send it.
const formTokens = new WeakMap<TestApp, string>();

/** The token in contact.formToken's answer. */
function tokenOf(body: TrpcBody): string {
  const data = body.result?.data as { token?: unknown } | undefined;
  if (typeof data?.token !== 'string') throw new Error(`no form token in ${JSON.stringify(body)}`);
  return data.token;
}

/** A form token as the page gets it (contact.formToken over HTTP). */
async function fetchFormToken(target: TestApp): Promise<string> {
  const { status, body } = await trpcQuery(target.url, 'contact.formToken');
  expect(status).toBe(200);
  return tokenOf(body);
}

async function start(options: { mailTransport?: MailTransport } = {}): Promise<TestApp> {
  app = await startTestApp({ CONTACT_INBOX: 'team@schoolbox.example' }, options);
  formTokens.set(app, await fetchFormToken(app));
  app.clock.advance(FILL_MS);
  return app;
}

const VALID = {
  name: 'Ada Lovelace',
  email: 'Ada@Example.org',
  organization: 'Analytical Engines e.V.',
  inquiryType: 'corporate',
  subject: 'Partnerschaft für 2027',
  message: 'Guten Tag,\n\nwir möchten eine SchoolBox unterstützen.\nWie gehen wir vor?',
  locale: 'de',
  website: '',
};

/** Sends the form with the token its page was handed (start()), unless the input names another. */
const send = (target: TestApp, input: Record<string, unknown>, headers: Record<string, string> = {}) =>
  trpcMutation(target.url, 'contact.send', { formToken: formTokens.get(target), ...input }, { headers });

const storedMessages = (target: TestApp) => target.db.selectFrom('contact_messages').selectAll().execute();
const outboxRows = (target: TestApp): Promise<OutboxRow[]> => target.db.selectFrom('outbox').selectAll().orderBy('kind').execute();

describe('contact.send stores the message and queues two mails', () => {
  it('stores every field and queues a mail to CONTACT_INBOX (Reply-To the sender) and a German receipt', async () => {
    const target = await start();
    const { status, body } = await send(target, VALID);
    expect(status).toBe(200);
    expect(body.result?.data).toEqual({ ok: true });

    const [stored, ...more] = await storedMessages(target);
    expect(more).toHaveLength(0);
    expect(stored).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      organization: 'Analytical Engines e.V.',
      inquiry_type: 'corporate',
      subject: 'Partnerschaft für 2027',
      message: VALID.message,
      locale: 'de',
      created_at: '2026-03-02T10:00:12.000Z',
    });

    const rows = await outboxRows(target);
    expect(rows.map((row) => [row.kind, row.to, row.status])).toEqual([
      ['contact_inbox', 'team@schoolbox.example', 'pending'],
      ['contact_receipt', 'ada@example.org', 'pending'],
    ]);

    expect(await target.outbox.runOnce()).toBe(2);
    const inbox = target.sentMails.find((mail) => mail.to === 'team@schoolbox.example') as OutgoingMail;
    const receipt = target.sentMails.find((mail) => mail.to === 'ada@example.org') as OutgoingMail;

    // The team's mail: everything the sender entered, and "Reply" answers the sender.
    expect(inbox.headers).toEqual({ ...AUTOMATIC_MAIL_HEADERS, 'Reply-To': '"Ada Lovelace" <ada@example.org>' });
    expect(inbox.subject).toBe('Kontaktanfrage (Unternehmenspartnerschaft): Partnerschaft für 2027');
    for (const part of [
      'Name: Ada Lovelace',
      'E-Mail: ada@example.org',
      'Organisation: Analytical Engines e.V.',
      'Art der Anfrage: Unternehmenspartnerschaft',
      'Betreff: Partnerschaft für 2027',
      'Sprache: Deutsch',
      VALID.message,
    ]) {
      expect(inbox.text).toContain(part);
    }
    expect(inbox.html).toContain('<html lang="de">');
    expect(inbox.html).toContain('wir möchten eine SchoolBox unterstützen.<br>Wie gehen wir vor?');

    // The receipt says the message arrived; answering it reaches the team.
    expect(receipt.headers).toEqual({ ...AUTOMATIC_MAIL_HEADERS, 'Reply-To': 'team@schoolbox.example' });
    expect(receipt.subject).toBe('Ihre Nachricht an SchoolBox');
    expect(receipt.text).toContain('Hallo,\n');
    expect(receipt.text).toContain('vielen Dank für Ihre Nachricht!');
    expect(receipt.text).toContain('Art der Anfrage: Unternehmenspartnerschaft');
    expect(receipt.html).toContain('<html lang="de">');
  });

  it('mails the sender none of the text they typed, not even the name: the form cannot carry a message to someone else', async () => {
    const target = await start();
    const typed = {
      name: 'Ihr Paket wartet, Gebühr zahlen auf https://parcel.example/pay',
      subject: 'Gewinnspiel: Sie haben gewonnen',
      message: 'Ihr Konto ist gesperrt. Melden Sie sich sofort an: https://phish.example/login',
      organization: 'Sicherheitsabteilung Ihrer Bank',
    };
    expect((await send(target, { ...VALID, ...typed, email: 'victim@example.org' })).status).toBe(200);
    await target.outbox.runOnce();
    const receipt = target.sentMails.find((mail) => mail.to === 'victim@example.org') as OutgoingMail;
    const inbox = target.sentMails.find((mail) => mail.to === 'team@schoolbox.example') as OutgoingMail;
    for (const text of [...Object.values(typed), 'phish.example', 'parcel.example']) {
      expect(`${receipt.subject}\n${receipt.text}\n${receipt.html}`, text).not.toContain(text);
      // The team still gets all of it.
      expect(`${inbox.subject}\n${inbox.text}`, text).toContain(text);
    }
    expect(receipt.text).toContain('Hallo,\n');
  });

  it.each(['en', 'fr'])('writes the receipt in the sender’s language (%s); the team’s mail stays German', async (locale) => {
    const target = await start();
    expect((await send(target, { ...VALID, locale, inquiryType: 'media' })).status).toBe(200);
    expect((await storedMessages(target))[0]?.locale).toBe(locale);
    await target.outbox.runOnce();
    const receipt = target.sentMails.find((mail) => mail.to === 'ada@example.org') as OutgoingMail;
    const inbox = target.sentMails.find((mail) => mail.to === 'team@schoolbox.example') as OutgoingMail;

    expect(receipt.subject).not.toContain(VALID.subject);
    expect(receipt.html).toContain(`<html lang="${locale}">`);
    expect(receipt.text).toContain(catalogEntry(locale, 'Presse & Medien'));
    expect(receipt.text).toContain(`${catalogEntry(locale, 'Hallo,')}\n`);
    expect(receipt.text).not.toContain('Ada Lovelace');
    expect(receipt.text).not.toContain('vielen Dank für Ihre Nachricht');
    expect(receipt.text).not.toContain('Art der Anfrage');
    expect(receipt.text).not.toContain(VALID.message);

    expect(inbox.subject).toBe('Kontaktanfrage (Presse & Medien): Partnerschaft für 2027');
    expect(inbox.text).toContain(`Sprache: ${locale === 'en' ? 'English' : 'Français'}`);
  });

  it('takes "general" when no inquiry type is chosen, and stores no organization when none is given', async () => {
    const target = await start();
    const { organization: _, ...withoutOrganization } = VALID;
    expect((await send(target, { ...withoutOrganization, inquiryType: '' })).status).toBe(200);
    const { inquiryType: __, ...withoutType } = VALID;
    expect((await send(target, { ...withoutType, organization: '  ', email: 'other@example.org' })).status).toBe(200);
    const stored = await storedMessages(target);
    expect(stored.map((row) => [row.inquiry_type, row.organization])).toEqual([
      ['general', null],
      ['general', null],
    ]);
  });
});

describe('contact.send refuses what a person must fix', () => {
  it.each(['name', 'email', 'subject', 'message'])('refuses a missing or blank %s with VALIDATION_FAILED and its field', async (field) => {
    const target = await start();
    for (const value of ['', '   ', undefined]) {
      const { status, body } = await send(target, { ...VALID, [field]: value });
      expect(status, String(value)).toBe(400);
      expect(body.error?.data.appCode).toBe('VALIDATION_FAILED');
      expect(Object.keys(body.error?.data.fieldErrors ?? {})).toEqual([field]);
    }
    expect(await storedMessages(target)).toHaveLength(0);
    expect(await outboxRows(target)).toHaveLength(0);
  });

  it('refuses every field beyond its limit, a bad address and an unknown inquiry type', async () => {
    const target = await start();
    const cases: Array<[string, unknown]> = [
      ['name', 'x'.repeat(CONTACT_LIMITS.name + 1)],
      ['organization', 'x'.repeat(CONTACT_LIMITS.organization + 1)],
      ['subject', 'x'.repeat(CONTACT_LIMITS.subject + 1)],
      ['message', 'x'.repeat(CONTACT_LIMITS.message + 1)],
      ['email', `${'x'.repeat(250)}@example.org`],
      ['email', 'not-an-address'],
      ['inquiryType', 'lottery'],
    ];
    for (const [field, value] of cases) {
      const { status, body } = await send(target, { ...VALID, [field]: value });
      expect(status, field).toBe(400);
      expect(Object.keys(body.error?.data.fieldErrors ?? {}), field).toEqual([field]);
    }
    // Exactly at the limit is fine.
    const atLimit = await send(target, { ...VALID, message: 'x'.repeat(CONTACT_LIMITS.message), name: 'n'.repeat(CONTACT_LIMITS.name) });
    expect(atLimit.status).toBe(200);
    expect(await storedMessages(target)).toHaveLength(1);
  });
});

describe('contact.send and bots', () => {
  it('answers a filled honeypot like a person but stores and sends nothing, and logs it at info', async () => {
    const target = await start();
    const { status, body } = await send(target, { ...VALID, website: 'https://spam.example' });
    expect(status).toBe(200);
    expect(body).toEqual((await send(target, { ...VALID, email: 'person@example.org' })).body);
    const stored = await storedMessages(target);
    expect(stored.map((row) => row.email)).toEqual(['person@example.org']);
    expect((await outboxRows(target)).map((row) => row.to).sort()).toEqual(['person@example.org', 'team@schoolbox.example']);
    expect(target.logs).toContainEqual(
      expect.objectContaining({ level: 'info', msg: 'contact message dropped as automated', reason: 'honeypot' }),
    );
  });

  it('takes a form sent at least CONTACT_MIN_FILL_MS after its token was issued, by the server’s clock', async () => {
    const target = await start();
    const token = await fetchFormToken(target);
    target.clock.advance(CONTACT_MIN_FILL_MS);
    expect((await send(target, { ...VALID, formToken: token })).status).toBe(200);
    expect(await storedMessages(target)).toHaveLength(1);
    // A token is good for a day: a person may take their time.
    target.clock.advance(CONTACT_FORM_TOKEN_LIFETIME_MS - CONTACT_MIN_FILL_MS);
    expect((await send(target, { ...VALID, formToken: token, email: 'later@example.org' })).status).toBe(200);
    expect(await storedMessages(target)).toHaveLength(2);
  });

  it('answers a form without a token, with a forged one or sent too soon like a person, and drops it', async () => {
    const target = await start();
    const good = formTokens.get(target) as string;
    const [issuedAt, mac] = good.split('.') as [string, string];
    const otherMac = `${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    const fresh = await fetchFormToken(target);
    target.clock.advance(CONTACT_MIN_FILL_MS - 1);
    const cases: Array<[string, unknown]> = [
      ['no_token', undefined],
      ['no_token', ''],
      // What the page used to report itself (fillTimeMs) is no token at all.
      ['no_token', 12_000],
      ['forged_token', 'soon'],
      // Someone who claims an earlier start, with the MAC of another time or a made-up one.
      ['forged_token', `${Number(issuedAt) - 60_000}.${mac}`],
      ['forged_token', `${issuedAt}.${otherMac}`],
      ['forged_token', `${issuedAt}.${mac}x`],
      ['forged_token', `${issuedAt}.${mac}.${mac}`],
      ['too_fast', fresh],
    ];
    // One address each, to stay below the limit per address.
    for (const [i, [, formToken]] of cases.entries()) {
      const { status, body } = await send(target, { ...VALID, formToken, email: `sender${i}@example.org` });
      expect(status, String(formToken)).toBe(200);
      expect(body.result?.data).toEqual({ ok: true });
    }
    expect(await storedMessages(target)).toHaveLength(0);
    expect(await outboxRows(target)).toHaveLength(0);
    const dropped = target.logs.filter((line) => line.msg === 'contact message dropped as automated');
    expect(dropped.map((line) => line.reason)).toEqual(cases.map(([reason]) => reason));
    expect(dropped.at(-1)).toMatchObject({ level: 'info', fillTimeMs: CONTACT_MIN_FILL_MS - 1 });

    // The same form a moment later is a person's.
    target.clock.advance(1);
    expect((await send(target, { ...VALID, formToken: fresh })).status).toBe(200);
    expect(await storedMessages(target)).toHaveLength(1);
  });

  it('refuses a token older than its lifetime with FORM_EXPIRED, and takes the form again with a new one', async () => {
    const target = await start();
    target.clock.advance(CONTACT_FORM_TOKEN_LIFETIME_MS);
    const { status, body } = await send(target, VALID);
    expect(status).toBe(400);
    expect(body.error?.data.appCode).toBe('FORM_EXPIRED');
    expect(await storedMessages(target)).toHaveLength(0);
    expect(await outboxRows(target)).toHaveLength(0);

    const renewed = await fetchFormToken(target);
    target.clock.advance(CONTACT_MIN_FILL_MS);
    expect((await send(target, { ...VALID, formToken: renewed })).status).toBe(200);
    expect(await storedMessages(target)).toHaveLength(1);
  });

  it('hands out a new token on every call, which no cache may keep', async () => {
    const target = await start();
    const first = await trpcQuery(target.url, 'contact.formToken');
    target.clock.advance(1);
    const second = await trpcQuery(target.url, 'contact.formToken');
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    expect(second.headers.get('cache-control')).toBe('private, no-store');
    expect(first.headers.get('etag')).toBeNull();
    expect(tokenOf(second.body)).not.toBe(tokenOf(first.body));
  });

  it('renders each visitor a contact page of their own with a new token in it, and caches none (issue 19)', async () => {
    const target = await start();
    const tokens = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const page = await target.request('/contact');
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('private, no-store');
      const html = await page.text();
      expect(html).toContain('Kontaktformular');
      const token = /name="formToken" value="(\d{13}\.[A-Za-z0-9_-]{43})"/.exec(html)?.[1];
      expect(token).toBeDefined();
      tokens.add(token as string);
      target.clock.advance(1000);
    }
    expect(tokens.size).toBe(2);
  });

  it('signs with the key another process stored in app_state first, and stores none of its own', async () => {
    app = await startTestApp({ CONTACT_INBOX: 'team@schoolbox.example' });
    const target = app;
    // Another process behind the load balancer got there first.
    const theirs = randomBytes(32);
    await target.db
      .insertInto('app_state')
      .values({ key: 'form_secret', value: theirs.toString('base64url') })
      .execute();

    const token = await fetchFormToken(target);
    const [issuedAt, mac] = token.split('.') as [string, string];
    expect(Number(issuedAt)).toBe(target.clock.now().getTime());
    expect(mac).toBe(createHmac('sha256', theirs).update(issuedAt).digest('base64url'));
    const stored = await target.db.selectFrom('app_state').select('value').where('key', '=', 'form_secret').execute();
    expect(stored).toEqual([{ value: theirs.toString('base64url') }]);
  });
});

describe('contact.send rate limits', () => {
  it('answers 429 RATE_LIMITED for the 6th message from one address within a day', async () => {
    const target = await start();
    // Different client IPs are not needed: the per-IP limit (10 an hour) is higher.
    for (let i = 0; i < 5; i++) expect((await send(target, VALID)).status).toBe(200);
    const limited = await send(target, { ...VALID, email: 'ADA@example.org' });
    expect(limited.status).toBe(429);
    expect(limited.body.error?.data.appCode).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await storedMessages(target)).toHaveLength(5);

    expect((await send(target, { ...VALID, email: 'someone@example.org' })).status).toBe(200);
    target.clock.advance(24 * 60 * 60_000 + 1000);
    // A day later the form needs a new token too.
    const renewed = await fetchFormToken(target);
    target.clock.advance(FILL_MS);
    expect((await send(target, { ...VALID, formToken: renewed })).status).toBe(200);
  });

  it('answers 429 for the 11th message from one IP within an hour, whatever the addresses', async () => {
    const target = await start();
    for (let i = 0; i < 10; i++) expect((await send(target, { ...VALID, email: `sender${i}@example.org` })).status).toBe(200);
    const limited = await send(target, { ...VALID, email: 'sender10@example.org' });
    expect(limited.status).toBe(429);
    expect(limited.body.error?.data.appCode).toBe('RATE_LIMITED');
    expect(await storedMessages(target)).toHaveLength(10);
  });

  it('counts only messages that could be sent: refused input does not use up the hour', async () => {
    const target = await start();
    for (let i = 0; i < 12; i++) expect((await send(target, { ...VALID, message: '' })).status).toBe(400);
    expect((await send(target, VALID)).status).toBe(200);
    expect(await storedMessages(target)).toHaveLength(1);
  });
});

describe('contact mail and the mail server', () => {
  it('keeps the message and both mails queued while SMTP is down, and sends them once it is back', async () => {
    let down = true;
    const delivered: OutgoingMail[] = [];
    const target = await start({
      mailTransport: {
        async send(mail) {
          if (down) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ECONNECTION' });
          delivered.push(mail);
        },
        close: () => undefined,
      },
    });
    const { status, body } = await send(target, VALID);
    expect(status).toBe(200);
    expect(body.result?.data).toEqual({ ok: true });

    expect(await target.outbox.runOnce()).toBe(0);
    expect(await storedMessages(target)).toHaveLength(1);
    let rows = await outboxRows(target);
    expect(rows.map((row) => [row.kind, row.status, row.attempts])).toEqual([
      ['contact_inbox', 'pending', 1],
      ['contact_receipt', 'pending', 1],
    ]);
    expect(rows[0]?.last_error).toMatch(/ECONNREFUSED/);

    down = false;
    target.clock.advance(retryDelayMs(1) + 1000);
    expect(await target.outbox.runOnce()).toBe(2);
    rows = await outboxRows(target);
    expect(rows.map((row) => [row.kind, row.status])).toEqual([
      ['contact_inbox', 'sent'],
      ['contact_receipt', 'sent'],
    ]);
    expect(delivered.map((mail) => mail.to).sort()).toEqual(['ada@example.org', 'team@schoolbox.example']);
    expect(await target.outbox.runOnce()).toBe(0);
    expect(delivered).toHaveLength(2);
  });

  it('a name with quotes and line breaks cannot add a header to the team’s mail', async () => {
    const target = await start();
    const name = 'Eve" <boss@example.org>\r\nBcc: victim@example.org\r\nX-Evil: 1';
    const subject = 'Hallo\r\nBcc: victim2@example.org';
    expect((await send(target, { ...VALID, name, subject, email: 'eve@example.org' })).status).toBe(200);
    const inboxRow = (await outboxRows(target)).find((row) => row.kind === 'contact_inbox') as OutboxRow;
    expect(mailHeaders(inboxRow)['Reply-To']).toBe('"Eve boss@example.org Bcc: victim@example.org X-Evil: 1" <eve@example.org>');

    // The message exactly as nodemailer writes it for the mail server.
    const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const info = await composer.sendMail({
      from: target.config.mailFrom,
      to: inboxRow.to,
      subject: inboxRow.subject,
      text: inboxRow.text,
      html: inboxRow.html,
      headers: mailHeaders(inboxRow),
    });
    const raw = (info.message as Buffer).toString('utf8');
    const head = raw.slice(0, raw.indexOf('\n\n'));
    expect(head).not.toMatch(/^(bcc|x-evil):/im);
    const replyTo = head
      .replace(/\n[ \t]+/g, ' ')
      .split('\n')
      .filter((line) => /^reply-to:/i.test(line));
    expect(replyTo).toHaveLength(1);
    expect(replyTo[0]).toMatch(/<eve@example\.org>$/);
    expect(info.envelope.to).toEqual(['team@schoolbox.example']);
  });
});
