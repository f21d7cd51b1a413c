/**
 * The shop's terms (issue 17.4): /agb and /widerruf from the per-language templates and the settings,
 * the terms and the withdrawal information in the order confirmation mail itself (a durable medium),
 * and the withdrawal button (withdrawals.declare, § 356a BGB, ADR 027).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalDetails } from '@server/site/legal-details';
import { legalDocumentText } from '@shared/legal/document';
import { ORDER_BUTTON_LABELS } from '@shared/legal/shop-terms';
import { termsTemplates } from '@shared/legal/terms';
import { withdrawalTemplates } from '@shared/legal/withdrawal';
import type { CreatedOrder } from '@shared/schemas/checkout';
import type { AdminOrderList } from '@shared/schemas/orders-admin';
import type { WithdrawalReceipt } from '@shared/schemas/withdrawal';
import { LOCALES, type Locale } from '@shared/locales';
import { createShopServices } from '@server/shop/services';
import { signedInUser } from '../support/accounts';
import { catalogEntry } from '../support/catalog';
import { FAKE_PRINTFUL_TOKEN, startFakePrintful, type FakePrintful } from '../support/fake-printful';
import { pageFacts, textOf } from '../support/html';
import { trpcMutation, trpcQuery } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';

/** Settings no default or translation could contain. */
const SETTINGS = {
  ORG_NAME: 'Sonnenkiste Lernverein e. V.',
  ORG_STREET: 'Lindenhof 23c',
  ORG_POSTCODE: '50733',
  ORG_CITY: 'Köln-Nippes',
  SITE_EMAIL: 'shop@sonnenkiste.example',
  SITE_PHONE: '+49 221 5550123',
  SHOP_DELIVERY_DAYS: '3-9',
  SHOP_RETURN_ADDRESS: 'Sonnenkiste Retouren, Packhof 7, 50999 Köln',
  SHOP_RETURN_COSTS: 'customer',
  SHOP_ORDERS_ENABLED: 'true',
};

/** Headings only each language's template has: the terms' withdrawal section, the model form. */
const MARKERS: Record<Locale, { terms: string; withdrawal: string; form: string; formLine: string; returnCosts: string }> = {
  de: {
    terms: '3. Vertragsschluss',
    withdrawal: 'Folgen des Widerrufs',
    form: 'Muster-Widerrufsformular',
    formLine: 'Hiermit widerrufe(n) ich/wir (*)',
    returnCosts: 'Sie tragen die unmittelbaren Kosten der Rücksendung der Waren.',
  },
  en: {
    terms: '3. Conclusion of the contract',
    withdrawal: 'Effects of withdrawal',
    form: 'Model withdrawal form',
    formLine: 'I/We (*) hereby give notice',
    returnCosts: 'You will have to bear the direct cost of returning the goods.',
  },
  fr: {
    terms: '3. Conclusion du contrat',
    withdrawal: 'Effets de la rétractation',
    form: 'Modèle de formulaire de rétractation',
    formLine: 'Je/Nous (*) vous notifie/notifions (*)',
    returnCosts: 'Vous devrez prendre en charge les frais directs de renvoi du bien.',
  },
};
const DELIVERY: Record<Locale, string> = { de: '3–9 Werktage', en: '3–9 working days', fr: '3–9 jours ouvrés' };

let fake: FakePrintful;
let app: TestApp;

beforeAll(async () => {
  fake = await startFakePrintful();
  app = await startTestApp(
    { PRINTFUL_API_URL: fake.url, PRINTFUL_API_TOKEN: FAKE_PRINTFUL_TOKEN, ...SETTINGS },
    { shop: (deps) => createShopServices(deps, { timeoutMs: 5000, sleep: async () => undefined }) },
  );
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

async function page(path: string) {
  const response = await app.request(path);
  const html = await response.text();
  return { status: response.status, html, text: textOf(html), facts: pageFacts(html) };
}

const SHIPPING = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'Grace.Hopper@Example.org',
  phone: '',
  address: 'Hafenstraße 2',
  city: 'Köln',
  postalCode: '50667',
  country: 'DE',
};

/**
 * Places an order through the API as a signed-in buyer, the way the checkout does; `email` is the
 * order's address, the account's (ADR 054: the form's is not used).
 */
async function placeOrder(locale: Locale, accountEmail?: string): Promise<CreatedOrder & { email: string }> {
  const { cookie, email } = await signedInUser(app, accountEmail ? { email: accountEmail } : {});
  const input = { shipping: SHIPPING, lines: [{ variantId: '5001', quantity: 1 }], idempotencyKey: randomUUID(), locale };
  const { status, body } = await trpcMutation(app.url, 'orders.create', input, { cookie });
  expect(status).toBe(200);
  return { ...(body.result?.data as CreatedOrder), email };
}

const declare = (input: Record<string, unknown>) => trpcMutation(app.url, 'withdrawals.declare', input);
const withdrawalRows = () => app.db.selectFrom('withdrawals').selectAll().execute();
const receiptMails = () => app.db.selectFrom('outbox').selectAll().where('kind', '=', 'withdrawal_receipt').execute();
const plain = (text: string | undefined) => (text ?? '').replace(/\u00a0/g, ' ');

describe('the templates', () => {
  it('have the same sections, in the same order, in every language', () => {
    const details = legalDetails(app.config);
    for (const templates of [termsTemplates, withdrawalTemplates]) {
      const ids = (locale: Locale) => templates[locale](details).sections.map((section) => section.id);
      expect(ids('de').length).toBeGreaterThan(3);
      for (const locale of LOCALES) expect(ids(locale), locale).toEqual(ids('de'));
    }
  });

  it('name who bears the return costs as set', () => {
    const details = legalDetails(app.config);
    const text = (costs: 'customer' | 'association') =>
      JSON.stringify(withdrawalTemplates.de({ ...details, shop: { ...details.shop, returnCostsBorneBy: costs } }));
    expect(text('customer')).toContain('Sie tragen die unmittelbaren Kosten der Rücksendung der Waren.');
    expect(text('association')).toContain('Wir tragen die Kosten der Rücksendung der Waren.');
    expect(text('association')).not.toContain('Sie tragen die unmittelbaren Kosten');
  });

  it('name the order button as it reads in their language, in § 3 and in § 6 with Stripe', () => {
    const details = legalDetails(app.config);
    const withStripe = { ...details, features: { ...details.features, stripe: true } };
    for (const locale of LOCALES) {
      // The checkout's button is written through the catalog: its translation is the terms' label.
      const label = ORDER_BUTTON_LABELS[locale];
      expect(catalogEntry(locale, 'Zahlungspflichtig bestellen'), locale).toBe(label);
      const section = (id: string) =>
        legalDocumentText({ sections: termsTemplates[locale](withStripe).sections.filter((s) => s.id === id) }, app.config.publicUrl);
      expect(section('contract'), locale).toContain(label);
      expect(section('payment'), locale).toContain(label);
      for (const other of LOCALES.filter((l) => l !== locale)) {
        expect(section('contract'), `${locale}: ${other}`).not.toContain(ORDER_BUTTON_LABELS[other]);
        expect(section('payment'), `${locale}: ${other}`).not.toContain(ORDER_BUTTON_LABELS[other]);
      }
    }
  });
});

describe('/agb and /widerruf', () => {
  for (const locale of LOCALES) {
    it(`render the terms in ${locale} with the association's details, without JavaScript`, async () => {
      const { status, text, html, facts } = await page(`/agb?lang=${locale}`);
      expect(status).toBe(200);
      expect(facts.lang).toBe(locale);
      expect(html.match(/<h1\b/g)).toHaveLength(1);
      for (const value of [
        MARKERS[locale].terms,
        'Sonnenkiste Lernverein e. V.',
        'Lindenhof 23c',
        '50733 Köln-Nippes',
        'shop@sonnenkiste.example',
        DELIVERY[locale],
        '4,99 €',
      ]) {
        expect(plain(text), value).toContain(value);
      }
      expect(html).toContain('href="/widerruf');
      // The EU ODR platform closed in July 2025: no link to it.
      expect(html).not.toMatch(/ec\.europa\.eu\/consumers\/odr/);
    });

    it(`render the withdrawal information with the model form in ${locale}, and the withdrawal button`, async () => {
      const { status, text, html, facts } = await page(`/widerruf?lang=${locale}`);
      expect(status).toBe(200);
      expect(facts.lang).toBe(locale);
      expect(html.match(/<h1\b/g)).toHaveLength(1);
      for (const value of [
        MARKERS[locale].withdrawal,
        MARKERS[locale].form,
        MARKERS[locale].returnCosts,
        'Sonnenkiste Lernverein e. V.',
        'Sonnenkiste Retouren, Packhof 7, 50999 Köln',
        '+49 221 5550123',
        'shop@sonnenkiste.example',
      ]) {
        expect(text, value).toContain(value);
      }
      expect(html).toMatch(/data-testid="withdrawal-button"[^>]*>|href="\/widerruf\/erklaeren/);
      expect(html).toContain('href="/widerruf/erklaeren');
    });
  }

  it('in German: the titles, the "Stand" date and the button text', async () => {
    const terms = await page('/agb');
    expect(terms.facts.h1).toBe('AGB');
    expect(terms.text).toContain('Stand: 30. November 2026');
    const withdrawal = await page('/widerruf');
    expect(withdrawal.facts.h1).toBe('Widerrufsbelehrung');
    expect(withdrawal.text).toContain('Vertrag widerrufen');
    const declaration = await page('/widerruf/erklaeren');
    expect(declaration.status).toBe(200);
    expect(declaration.facts.h1).toBe('Vertrag widerrufen');
  });
});

describe('the order confirmation mail', () => {
  for (const locale of LOCALES) {
    it(`carries the full terms and withdrawal information with the model form in ${locale}, as text and HTML`, async () => {
      const order = await placeOrder(locale);
      await app.outbox.runOnce();
      const mail = app.sentMails.find((m) => m.subject.includes(order.orderNumber));
      expect(mail).toBeDefined();
      const html = textOf(mail?.html ?? '');
      // The order's own withdrawal link opens the form with its number filled in, in the mail's language.
      const ownWithdrawal = `${app.config.publicUrl}/widerruf/erklaeren?order=${order.orderNumber}&lang=${locale}`;
      for (const body of [plain(mail?.text), plain(html)]) {
        for (const value of [
          MARKERS[locale].terms,
          MARKERS[locale].withdrawal,
          MARKERS[locale].form,
          MARKERS[locale].formLine,
          MARKERS[locale].returnCosts,
          'Sonnenkiste Retouren, Packhof 7, 50999 Köln',
          ownWithdrawal,
        ]) {
          expect(body, `${locale}: ${value}`).toContain(value);
        }
        // Not another language's text.
        for (const other of LOCALES.filter((l) => l !== locale)) expect(body).not.toContain(MARKERS[other].formLine);
      }
      // Each document under its own heading in the HTML part.
      expect(mail?.html?.match(/<h2\b/g)).toHaveLength(2);
    });

    it(`links every page it names in ${locale} (?lang=), the withdrawal address too, and no parenthesis ends an address`, async () => {
      const order = await placeOrder(locale);
      await app.outbox.runOnce();
      const mail = app.sentMails.find((m) => m.subject.includes(order.orderNumber));
      const { publicUrl } = app.config;
      const html = mail?.html ?? '';
      const text = mail?.text ?? '';
      // The order's withdrawal address is a link (it was plain text), as are the documents' links.
      expect(html).toContain(`<a href="${publicUrl}/widerruf/erklaeren?order=${order.orderNumber}&amp;lang=${locale}"`);
      for (const path of ['/impressum', '/widerruf', '/widerruf/erklaeren']) {
        expect(html, path).toContain(`href="${publicUrl}${path}?lang=${locale}"`);
        expect(text, path).toContain(`<${publicUrl}${path}?lang=${locale}>`);
      }
      // Every address of this site in either part opens the page in the mail's language.
      const siteAddresses = [...`${text}\n${html}`.matchAll(new RegExp(`${publicUrl.replace(/[.]/g, '\\.')}[^\\s"<>]*`, 'g'))].map(
        ([address]) => address,
      );
      expect(siteAddresses.length).toBeGreaterThan(5);
      for (const address of siteAddresses) expect(address).toMatch(new RegExp(`[?&](amp;)?lang=${locale}$`));
      // "(Withdraw from the contract <…>)", not "(… (…))": a mail program takes a ")" for part of the address.
      expect(text).not.toMatch(/\)\)/);
    });
  }
});

describe('withdrawals.declare', () => {
  it('records a declaration for an existing order with its e-mail address, mails the receipt there, and shows it to admins', async () => {
    const order = await placeOrder('de', 'grace.hopper@example.org');
    app.clock.advance(60 * 60_000);
    const before = app.sentMails.length;
    const { status, body } = await declare({
      name: 'Grace Hopper',
      orderNumber: ` ${order.orderNumber.toLowerCase()} `,
      email: 'grace.hopper@example.ORG',
      message: 'Passt leider nicht.',
      locale: 'de',
    });
    expect(status).toBe(200);
    const receipt = body.result?.data as WithdrawalReceipt;
    expect(receipt).toEqual({ orderNumber: order.orderNumber, receivedAt: app.clock.now().toISOString() });

    const rows = (await withdrawalRows()).filter((row) => row.order_number === order.orderNumber);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Grace Hopper',
      email: 'grace.hopper@example.org',
      message: 'Passt leider nicht.',
      locale: 'de',
    });

    await app.outbox.runOnce();
    const mail = app.sentMails.slice(before).find((m) => m.subject.includes('Widerruf'));
    // To the order's own address, as stored with the order.
    const stored = await app.db
      .selectFrom('orders')
      .select('email')
      .where('order_number', '=', order.orderNumber)
      .executeTakeFirstOrThrow();
    expect(mail?.to).toBe(stored.email);
    expect(mail?.subject).toBe(`Eingangsbestätigung: Widerruf der Bestellung ${order.orderNumber}`);
    for (const value of [
      `Hiermit widerrufe ich den Vertrag über die Bestellung ${order.orderNumber}.`,
      'Name: Grace Hopper',
      'Nachricht: Passt leider nicht.',
      // The test clock: 2 March 2026, 11:00 UTC = 12:00 in Cologne.
      'Eingegangen am: 2. März 2026 um 12:00:00 MEZ',
    ]) {
      expect(plain(mail?.text), value).toContain(value);
      expect(plain(textOf(mail?.html ?? '')), value).toContain(value);
    }

    const admin = await signedInUser(app, { admin: true });
    const list = ((await trpcQuery(app.url, 'orders.adminList', {}, { cookie: admin.cookie })).body.result!.data as AdminOrderList).orders;
    expect(list.find((o) => o.orderNumber === order.orderNumber)?.withdrawnAt).toBe(receipt.receivedAt);
    expect(list.filter((o) => o.withdrawnAt !== null)).toHaveLength(1);
  });

  it('answers a second declaration for the same order with the first receipt, without a second row', async () => {
    const order = await placeOrder('en');
    const input = { name: 'Grace Hopper', orderNumber: order.orderNumber, email: order.email, locale: 'en' };
    const first = (await declare(input)).body.result?.data as WithdrawalReceipt;
    app.clock.advance(5 * 60_000);
    const second = await declare({ ...input, message: 'Again' });
    expect(second.status).toBe(200);
    expect(second.body.result?.data).toEqual(first);
    const rows = (await withdrawalRows()).filter((row) => row.order_number === order.orderNumber);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.message).toBeNull();
  });

  it('refuses an unknown order number or another e-mail address: no row, no mail, the association’s address named', async () => {
    const order = await placeOrder('fr');
    const rowsBefore = (await withdrawalRows()).length;
    const mailsBefore = (await receiptMails()).length;
    for (const input of [
      { orderNumber: order.orderNumber, email: 'someone.else@example.org' },
      { orderNumber: 'SB-260302-ZZZZZ', email: order.email },
      // The address typed into the checkout form is not the order's (ADR 054).
      { orderNumber: order.orderNumber, email: SHIPPING.email },
    ]) {
      const { status, body } = await declare({ name: 'Mallory', message: '', locale: 'fr', ...input });
      expect(status).toBe(404);
      expect(body.error?.data.appCode).toBe('WITHDRAWAL_ORDER_UNKNOWN');
      expect((body.error?.data as { details?: { email?: string } } | undefined)?.details?.email).toBe('shop@sonnenkiste.example');
    }
    expect(await withdrawalRows()).toHaveLength(rowsBefore);
    expect(await receiptMails()).toHaveLength(mailsBefore);
  });

  it('needs no sign-in but the site’s origin, like every mutation', async () => {
    const order = await placeOrder('de');
    const input = { name: 'Grace Hopper', orderNumber: order.orderNumber, email: order.email, locale: 'de' };
    const foreign = await trpcMutation(app.url, 'withdrawals.declare', input, { origin: 'https://evil.example' });
    expect(foreign.body.error?.data.appCode).toBe('FORBIDDEN_ORIGIN');
    // No cookie at all: accepted.
    expect((await declare(input)).status).toBe(200);
  });
});
