/**
 * Every mail the site sends ends with the association's name and links to the Impressum and the privacy
 * policy, in the mail's language, in its text and its HTML part (issue 17.1). Each kind of mail is
 * triggered the way a visitor or an admin triggers it (over HTTP), and read as the outbox sent it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutgoingMail } from '@server/mail/transport';
import { createShopServices } from '@server/shop/services';
import { randomToken } from '@server/auth/random-token';
import { newId } from '@server/lib/ids';
import { createUser, sessionCookie } from '../support/accounts';
import { FAKE_PRINTFUL_TOKEN, startFakePrintful, type FakePrintful } from '../support/fake-printful';
import { trpcMutation, trpcQuery } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';

const ORG_NAME = 'Lichtkasten Bildungsverein e. V.';
let app: TestApp;
let fake: FakePrintful;
let mails: OutgoingMail[];

const NEWSLETTER = {
  subjectDe: 'Neues vom Pilotprojekt',
  bodyDe: 'Die erste SchoolBox steht.',
  subjectEn: 'News from the pilot',
  bodyEn: 'The first SchoolBox is up.',
  // No French version: a French test mail is the German newsletter, and its footer is German too.
  subjectFr: '',
  bodyFr: '',
};

async function ok(call: Promise<{ status: number; body: unknown }>, what: string) {
  const { status, body } = await call;
  expect(status, `${what}: ${JSON.stringify(body)}`).toBe(200);
  return body as { result?: { data: unknown } };
}

beforeAll(async () => {
  fake = await startFakePrintful();
  app = await startTestApp(
    {
      ORG_NAME,
      CONTACT_INBOX: 'team@lichtkasten.example',
      PRINTFUL_API_URL: fake.url,
      PRINTFUL_API_TOKEN: FAKE_PRINTFUL_TOKEN,
      SHOP_ORDERS_ENABLED: 'true',
    },
    { shop: (deps) => createShopServices(deps, { timeoutMs: 5000, sleep: async () => undefined }) },
  );
  const url = app.url;

  // Sign-up (verify_email, German) and password reset (French).
  await ok(
    trpcMutation(url, 'auth.signUp', {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'signup@example.org',
      password: 'cobol1959',
      locale: 'de',
    }),
    'sign-up',
  );
  const member = await createUser(app, { email: 'reset@example.org' });
  await ok(trpcMutation(url, 'auth.requestPasswordReset', { email: member.email, locale: 'fr' }), 'reset');

  // Newsletter sign-up (English).
  await ok(trpcMutation(url, 'newsletter.subscribe', { email: 'reader@example.org', locale: 'en' }), 'newsletter sign-up');

  // Contact form (French): the team's mail is German, the receipt French.
  const token = (await trpcQuery(url, 'contact.formToken')).body.result?.data as { token: string };
  app.clock.advance(12_000);
  await ok(
    trpcMutation(url, 'contact.send', {
      formToken: token.token,
      name: 'Ada Lovelace',
      email: 'sender@example.org',
      organization: '',
      inquiryType: 'general',
      subject: 'Bonjour',
      message: 'Une question sur la SchoolBox, s’il vous plaît.',
      locale: 'fr',
      website: '',
    }),
    'contact',
  );

  // An order (English).
  const buyer = await createUser(app, { email: 'buyer@example.org' });
  await ok(
    trpcMutation(
      url,
      'orders.create',
      {
        shipping: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'buyer@example.org',
          phone: '',
          address: 'Musterstraße 1',
          city: 'Köln',
          postalCode: '50667',
          country: 'DE',
        },
        lines: [{ variantId: '5003', quantity: 1 }],
        idempotencyKey: randomUUID(),
        locale: 'en',
      },
      { cookie: await sessionCookie(app, buyer.user.id) },
    ),
    'order',
  );

  // A newsletter to an English subscriber, and the admin's test mail in French.
  await app.db
    .insertInto('newsletter_subscribers')
    .values({
      id: newId(),
      email: 'subscriber@example.org',
      locale: 'en',
      created_at: app.clock.now().toISOString(),
      confirmed_at: app.clock.now().toISOString(),
      token_hash: null,
      token_expires_at: null,
      unsubscribe_token: randomToken(),
    })
    .execute();
  const admin = await createUser(app, { email: 'admin@example.org', admin: true });
  const cookie = await sessionCookie(app, admin.user.id);
  const created = await ok(trpcMutation(url, 'newsletter.create', NEWSLETTER, { cookie }), 'newsletter create');
  const { id } = (created.result?.data ?? {}) as { id: string };
  await ok(trpcMutation(url, 'newsletter.sendTest', { id, locale: 'fr' }, { cookie }), 'newsletter test');
  await ok(trpcMutation(url, 'newsletter.send', { id }, { cookie }), 'newsletter send');
  await app.newsletterQueue.runOnce();

  while ((await app.outbox.runOnce()) > 0) {
    // until the outbox is empty
  }
  mails = app.sentMails;
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

const LABELS = { de: ['Impressum', 'Datenschutz'] } as const;

// recipient, the kind of mail, the language its footer must be in, and how its subject starts where the
// recipient gets more than one
const CASES: ReadonlyArray<readonly [string, string, string, string?]> = [
  ['signup@example.org', 'sign-up verification', 'de'],
  ['reset@example.org', 'password reset', 'fr'],
  ['reader@example.org', 'newsletter confirmation', 'en'],
  ['team@lichtkasten.example', 'contact message to the team', 'de', 'Kontaktanfrage'],
  // The order paid by arrangement, told to the team (CONTACT_INBOX) in German.
  ['team@lichtkasten.example', 'order notice to the team', 'de', 'Neue Bestellung'],
  ['sender@example.org', 'contact receipt', 'fr'],
  ['buyer@example.org', 'order confirmation', 'en'],
  ['subscriber@example.org', 'newsletter', 'en'],
  ['admin@example.org', 'newsletter test mail', 'de'],
];

describe('the footer of every mail', () => {
  it('was tested on each kind of mail the site sends', () => {
    expect(mails.map((mail) => mail.to).sort()).toEqual(CASES.map(([to]) => to).sort());
  });

  for (const [to, kind, locale, subject = ''] of CASES) {
    it(`${kind}: the association's name and both links (?lang=${locale}) in text and HTML`, () => {
      const mail = mails.find((candidate) => candidate.to === to && candidate.subject.startsWith(subject));
      expect(mail, to).toBeDefined();
      const { text, html } = mail as OutgoingMail;
      const impressum = `${app.url}/impressum?lang=${locale}`;
      const privacy = `${app.url}/datenschutz?lang=${locale}`;

      // Text: after the signature separator, the name, then one line per link.
      const signature = text.slice(text.lastIndexOf('\n-- \n'));
      expect(signature).toContain(`\n${ORG_NAME}\n`);
      expect(signature).toMatch(new RegExp(`\\n[^\\n]+: ${impressum.replace(/[?.]/g, '\\$&')}\\n`));
      expect(signature).toMatch(new RegExp(`\\n[^\\n]+: ${privacy.replace(/[?.]/g, '\\$&')}$`));
      // French sets a no-break space before the colon; German and English do not.
      if (locale === 'fr') expect(signature).toContain(`\u00a0: ${impressum}`);
      else expect(signature).not.toContain('\u00a0:');

      // HTML: real links, after the message.
      expect(html).toContain(ORG_NAME);
      expect(html).toContain(`<a href="${impressum}"`);
      expect(html).toContain(`<a href="${privacy}"`);
      expect(html.lastIndexOf(`<a href="${impressum}"`)).toBeGreaterThan(html.lastIndexOf('</div>'));

      if (locale === 'de') {
        const [impressumLabel, privacyLabel] = LABELS.de;
        expect(signature).toContain(`${impressumLabel}: ${impressum}`);
        expect(signature).toContain(`${privacyLabel}: ${privacy}`);
        expect(html).toMatch(new RegExp(`<a href="${impressum.replace(/[?.]/g, '\\$&')}"[^>]*>${impressumLabel}</a>`));
        expect(html).toMatch(new RegExp(`<a href="${privacy.replace(/[?.]/g, '\\$&')}"[^>]*>${privacyLabel}</a>`));
      }
    });
  }
});

// Who an answer to each of these mails reaches: the team for a buyer's or sender's mail, the sender for
// the team's copy of a contact message; for the others the sender's address (MAIL_FROM), no Reply-To.
const REPLY_TO: Record<string, string | undefined> = {
  'signup@example.org': undefined,
  'reset@example.org': undefined,
  'reader@example.org': undefined,
  'sender@example.org': 'team@lichtkasten.example',
  'buyer@example.org': 'team@lichtkasten.example',
  'subscriber@example.org': undefined,
  'admin@example.org': undefined,
};

describe('the head and the headers of every mail', () => {
  for (const [to, kind, locale, subject = ''] of CASES) {
    it(`${kind}: a phone lays it out at its width; it says it was sent automatically; a reply reaches whom it should`, () => {
      const mail = mails.find((candidate) => candidate.to === to && candidate.subject.startsWith(subject)) as OutgoingMail;
      const title = mail.subject
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&#39;');
      expect(mail.html).toMatch(
        new RegExp(
          `^<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>[^<]*</title></head><body`,
        ),
      );
      // (The admin's test mail is marked "[Test] " in its subject only: its title is the newsletter's.)
      expect(mail.html).toContain(`<title>${title.replace(/^\[Test\] /, '')}</title>`);

      // RFC 3834: no vacation notice answers it (Exchange reads its own header).
      expect(mail.headers?.['Auto-Submitted']).toBe('auto-generated');
      expect(mail.headers?.['X-Auto-Response-Suppress']).toBe('OOF, AutoReply');
      if (to === 'team@lichtkasten.example') {
        if (subject === 'Kontaktanfrage') expect(mail.headers?.['Reply-To']).toBe('"Ada Lovelace" <sender@example.org>');
        else expect(mail.headers?.['Reply-To']).toBeUndefined();
      } else {
        expect(mail.headers?.['Reply-To'], to).toBe(REPLY_TO[to]);
      }
      // A newsletter keeps its unsubscribe headers beside them.
      if (kind === 'newsletter') {
        expect(mail.headers?.['List-Unsubscribe']).toMatch(/^<http:\/\/[^>]+>$/);
        expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      }
    });
  }
});
