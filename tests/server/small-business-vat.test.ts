/**
 * KLEINUNTERNEHMER (§ 19 UStG, legal-de.md §4.5–4.6), over real HTTP against the fake Printful and the
 * fake Stripe: an association under the small-business rule charges no VAT, so nothing may say a price
 * includes it (§ 5 UWG). The shop page's price notes, the terms (/agb), the order confirmation mail —
 * sent at once, or once Stripe confirmed the payment — and the team's mail say instead that no VAT is
 * charged under § 19 UStG; without the setting every text says "inkl. MwSt." as before. An order keeps
 * the rule it was placed under (orders.kleinunternehmer): its mails sent after a restart with the setting
 * flipped — the confirmation once Stripe confirmed the payment, the team's — still state the total so.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { CreatedOrder } from '@shared/schemas/checkout';
import { textOf } from '../support/html';
import { trpcMutation } from '../support/http';
import { signedInBuyer, TEST_SHIPPING } from '../support/orders';
import { startShopApp, useShopFakes } from '../support/shop-app';
import type { TestApp } from '../support/test-app';

const NO_VAT = 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.';
const TEAM = 'bestellungen@schoolbox.example';

const { stripe, printful } = useShopFakes();
let app: TestApp | undefined;
/** The same shop started again on `app`'s database with the setting flipped (both run, as in a rolling restart). */
let restarted: TestApp | undefined;

afterEach(async () => {
  await restarted?.close();
  restarted = undefined;
  await app?.close();
  app = undefined;
});

function startShop(kleinunternehmer: boolean, payFirst = false, env: Record<string, string> = {}): Promise<TestApp> {
  return startShopApp(printful(), payFirst ? stripe() : null, { CONTACT_INBOX: TEAM, KLEINUNTERNEHMER: String(kleinunternehmer), ...env });
}

/** The shop started again on `on`'s database with KLEINUNTERNEHMER as given; Stripe's webhooks now reach it. */
function restartShop(on: TestApp, kleinunternehmer: boolean, payFirst = false): Promise<TestApp> {
  return startShop(kleinunternehmer, payFirst, { DATABASE_URL: on.config.databaseUrl });
}

/** A page's visible text, with plain spaces and no space where a link ends before a full stop. */
async function pageText(target: TestApp, path: string): Promise<string> {
  const response = await target.request(path);
  expect(response.status, path).toBe(200);
  return plain(textOf(await response.text())).replace(/ \./g, '.');
}
/** Mail text with the no-break spaces of the currency format as plain spaces. */
const plain = (text: string | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

async function placeOrder(target: TestApp, locale = 'de'): Promise<CreatedOrder> {
  const { cookie } = await signedInBuyer(target);
  const input = { shipping: TEST_SHIPPING, lines: [{ variantId: '5001', quantity: 2 }], idempotencyKey: randomUUID(), locale };
  const { status, body } = await trpcMutation(target.url, 'orders.create', input, { cookie });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.result?.data as CreatedOrder;
}

const mailsOf = (target: TestApp, kind: 'order_confirmation' | 'team_notice') =>
  target.db.selectFrom('outbox').selectAll().where('kind', '=', kind).execute();

describe('without KLEINUNTERNEHMER (the default)', () => {
  it('the shop’s prices, the terms and the order mails say that VAT is included, and nothing of § 19 UStG', async () => {
    app = await startShop(false);
    const shop = await pageText(app, '/shop');
    expect(shop).toContain('inkl. MwSt., zzgl. 4,99 € Versand');
    expect(shop).not.toContain('§ 19 UStG');

    const terms = await pageText(app, '/agb');
    expect(terms).toContain('Alle Preise sind Endpreise in Euro und enthalten die gesetzliche Mehrwertsteuer.');
    expect(terms).toContain('den Gesamtpreis einschließlich Mehrwertsteuer und Versandkosten');
    expect(terms).not.toContain('§ 19 UStG');

    await placeOrder(app);
    const [confirmation] = await mailsOf(app, 'order_confirmation');
    const [team] = await mailsOf(app, 'team_notice');
    for (const mail of [confirmation, team]) {
      expect(plain(mail?.text)).toContain('Gesamtsumme inkl. MwSt.: 54,79 €');
      expect(mail?.text).not.toContain('§ 19 UStG');
    }
  });
});

describe('with KLEINUNTERNEHMER=true', () => {
  it('the shop’s price notes keep the shipping and its link, and say that no VAT is charged', async () => {
    app = await startShop(true);
    const response = await app.request('/shop');
    const html = await response.text();
    const text = plain(textOf(html)).replace(/ \./g, '.');
    // One note under each of the fake store's products.
    expect(text.split(`zzgl. 4,99 € Versand. ${NO_VAT}`).length - 1).toBe(3);
    expect(text).not.toContain('MwSt');
    expect(html).toMatch(/<a\b[^>]*href="\/agb#prices"/);
  });

  it('the terms: final prices, no VAT under § 19 UStG, in § 4 and for the total in § 3, in every language', async () => {
    app = await startShop(true);
    const de = await pageText(app, '/agb');
    expect(de).toContain(
      'Alle Preise sind Endpreise in Euro. Gemäß § 19 UStG (Kleinunternehmerregelung) wird keine Umsatzsteuer berechnet.',
    );
    expect(de).toContain('den Gesamtpreis einschließlich Versandkosten');
    expect(de).not.toContain('Mehrwertsteuer');
    const en = await pageText(app, '/agb?lang=en');
    expect(en).toContain('No VAT is charged under § 19 UStG (the German small-business rule).');
    expect(en).not.toContain('VAT and shipping');
    const fr = await pageText(app, '/agb?lang=fr');
    expect(fr).toContain('Aucune TVA n’est facturée, en application du § 19 UStG');
    expect(fr).not.toContain('TVA légale comprise');
  });

  it('the confirmation of an order paid by arrangement, and the team’s mail: the total, then the § 19 sentence', async () => {
    app = await startShop(true);
    await placeOrder(app);
    const [confirmation] = await mailsOf(app, 'order_confirmation');
    const [team] = await mailsOf(app, 'team_notice');
    for (const mail of [confirmation, team]) {
      expect(plain(mail?.text)).toContain('Gesamtsumme: 54,79 €');
      expect(mail?.text).toContain(NO_VAT);
      expect(mail?.text).not.toContain('MwSt');
    }
    // The terms the confirmation carries (a durable medium) say the same.
    expect(confirmation?.text).toContain('Gemäß § 19 UStG (Kleinunternehmerregelung) wird keine Umsatzsteuer berechnet.');
    expect(confirmation?.text).not.toContain('Mehrwertsteuer');
  });

  it('the confirmation sent once Stripe confirmed the payment says it too', async () => {
    app = await startShop(true, true);
    const order = await placeOrder(app);
    const session = stripe()
      .sessions()
      .find((s) => s.url === order.checkoutUrl);
    expect(session).toBeDefined();
    await stripe().complete(session?.id as string, { method: 'card' });
    const [confirmation] = await mailsOf(app, 'order_confirmation');
    expect(plain(confirmation?.text)).toContain('Gesamtsumme: 54,79 €');
    expect(confirmation?.text).toContain(NO_VAT);
    expect(confirmation?.text).not.toContain('MwSt');
  });
});

describe('an order keeps the VAT rule it was placed under', () => {
  for (const placedUnder of [true, false]) {
    const rule = placedUnder ? 'with KLEINUNTERNEHMER' : 'without KLEINUNTERNEHMER';
    it(`a Stripe order placed ${rule}, paid after a restart with the setting flipped: the confirmation, its terms and the team’s mail`, async () => {
      app = await startShop(placedUnder, true);
      const order = await placeOrder(app);
      restarted = await restartShop(app, !placedUnder, true);
      // The setting is flipped indeed: the terms the site shows now say the other thing.
      const terms = await pageText(restarted, '/agb');
      expect(terms.includes('Gemäß § 19 UStG (Kleinunternehmerregelung)')).toBe(!placedUnder);

      const session = stripe()
        .sessions()
        .find((s) => s.url === order.checkoutUrl);
      await stripe().complete(session?.id as string, { method: 'card' });
      const [confirmation] = await mailsOf(restarted, 'order_confirmation');
      const [team] = await mailsOf(restarted, 'team_notice');
      expect(team?.subject).toContain('online bezahlt');
      for (const mail of [confirmation, team]) {
        if (placedUnder) {
          expect(plain(mail?.text)).toContain('Gesamtsumme: 54,79 €');
          expect(mail?.text).toContain(NO_VAT);
          expect(mail?.text).not.toContain('MwSt');
        } else {
          expect(plain(mail?.text)).toContain('Gesamtsumme inkl. MwSt.: 54,79 €');
          expect(mail?.text).not.toContain('§ 19 UStG');
        }
      }
      // The terms the confirmation carries state the price rule of the order too (§ 4).
      if (placedUnder) {
        expect(confirmation?.text).toContain('Gemäß § 19 UStG (Kleinunternehmerregelung) wird keine Umsatzsteuer berechnet.');
        expect(confirmation?.text).not.toContain('Mehrwertsteuer');
      } else {
        expect(confirmation?.text).toContain('Alle Preise sind Endpreise in Euro und enthalten die gesetzliche Mehrwertsteuer.');
      }
    });
  }

  it('the team’s mail about a withdrawal declared after the setting was turned off', async () => {
    app = await startShop(true);
    const order = await placeOrder(app);
    restarted = await restartShop(app, false);
    const { status } = await trpcMutation(restarted.url, 'withdrawals.declare', {
      name: 'Ada Lovelace',
      orderNumber: order.orderNumber,
      email: TEST_SHIPPING.email,
      message: '',
      locale: 'de',
    });
    expect(status).toBe(200);
    const withdrawal = (await mailsOf(restarted, 'team_notice')).find((mail) => mail.subject.startsWith('Widerruf der Bestellung'));
    expect(withdrawal).toBeDefined();
    expect(plain(withdrawal?.text)).toContain('Gesamtsumme: 54,79 €');
    expect(withdrawal?.text).toContain(NO_VAT);
    expect(withdrawal?.text).not.toContain('MwSt');
  });
});
