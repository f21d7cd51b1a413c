import { describe, expect, it } from 'vitest';
import { parseConfig } from '@server/config';
import { legalDetails } from '@server/site/legal-details';
import { SIMPLIFIED_RECEIPT_LIMIT_CENTS } from '@shared/constants';
import { NOTICE_COOKIE, NOTICE_COOKIE_MAX_AGE_S } from '@shared/forms';
import { legalDocumentText } from '@shared/legal/document';
import { privacyTemplates } from '@shared/legal/privacy';
import { LOCALES } from '@shared/locales';
import { formatWholeEuros } from '@shared/money';
import type { LegalDetails } from '@shared/schemas/legal';
import { CART_STORAGE_KEY } from '@client/features/cart/cart-storage';
import { LOCALE_STORAGE_KEY } from '@client/i18n/locale-storage';

// The privacy policy is written once per language (ADR 026). Each version must leave out and keep the
// same sections for the same installation, or one language would promise less (or more) than another.

const base = legalDetails(parseConfig({ PUBLIC_URL: 'https://schoolbox.example' }));

/** No orders, donations or payments kept from before (ADR 055). */
const NO_HISTORY = { shopHistory: false, donationHistory: false, stripeHistory: false, printfulHistory: false };

/** What the database may still hold, as legal-history.ts can find it (a donation is a Stripe payment). */
const HISTORIES = [
  NO_HISTORY,
  { ...NO_HISTORY, shopHistory: true },
  { ...NO_HISTORY, shopHistory: true, printfulHistory: true },
  { ...NO_HISTORY, shopHistory: true, stripeHistory: true },
  { ...NO_HISTORY, donationHistory: true, stripeHistory: true },
  { shopHistory: true, donationHistory: true, stripeHistory: true, printfulHistory: true },
];

/** Every combination of the switches a section depends on. */
function variants(): Array<{ name: string; details: LegalDetails }> {
  const result: Array<{ name: string; details: LegalDetails }> = [];
  for (const shopOrders of [false, true]) {
    for (const printful of [false, true]) {
      for (const stripe of [false, true]) {
        for (const smtp of [false, true]) {
          for (const history of HISTORIES) {
            for (const privacyContact of ['', 'dsb@schoolbox.example']) {
              for (const hostingProvider of ['', 'Hosting GmbH']) {
                result.push({
                  name: JSON.stringify({ shopOrders, printful, stripe, smtp, ...history, privacyContact, hostingProvider }),
                  details: { ...base, privacyContact, hostingProvider, features: { shopOrders, printful, stripe, smtp, ...history } },
                });
              }
            }
          }
        }
      }
    }
  }
  return result;
}

const ids = (details: LegalDetails, locale: (typeof LOCALES)[number]) =>
  privacyTemplates[locale](details).sections.map((section) => section.id);

describe('the privacy policy templates', () => {
  it('exist for every language', () => {
    for (const locale of LOCALES) expect(typeof privacyTemplates[locale]).toBe('function');
  });

  it('give the same sections, in the same order, in every language for every combination of features', () => {
    for (const { name, details } of variants()) {
      const german = ids(details, 'de');
      for (const locale of LOCALES) expect(ids(details, locale), `${locale} ${name}`).toEqual(german);
    }
  });

  it('leave out what the installation does not do', () => {
    const off = {
      ...base,
      privacyContact: '',
      features: { shopOrders: false, printful: false, stripe: false, smtp: false, ...NO_HISTORY },
    };
    const on = {
      ...base,
      privacyContact: 'dsb@schoolbox.example',
      features: { shopOrders: true, printful: true, stripe: true, smtp: true, ...NO_HISTORY },
    };
    for (const locale of LOCALES) {
      expect(ids(off, locale)).not.toContain('orders');
      expect(ids(off, locale)).not.toContain('payments');
      expect(ids(off, locale)).not.toContain('privacy-contact');
      expect(ids(on, locale)).toEqual(expect.arrayContaining(['orders', 'payments', 'privacy-contact']));
      const offText = legalDocumentText(privacyTemplates[locale](off), 'https://schoolbox.example');
      expect(offText).not.toContain('Stripe');
      expect(offText).not.toContain('Printful');
      const onText = legalDocumentText(privacyTemplates[locale](on), 'https://schoolbox.example');
      expect(onText).toContain('Stripe Payments Europe');
      expect(onText).toContain('Printful');
    }
  });

  it('keep describing orders, payments and donations the database still holds after the setting was switched off (ADR 055)', () => {
    const closed = { shopOrders: false, printful: true, stripe: false, smtp: true };
    const ordersKept = { ...base, features: { ...closed, ...NO_HISTORY, shopHistory: true } };
    const paidOrdersKept = { ...base, features: { ...closed, ...NO_HISTORY, shopHistory: true, stripeHistory: true } };
    const donationsKept = { ...base, features: { ...closed, ...NO_HISTORY, donationHistory: true, stripeHistory: true } };
    for (const locale of LOCALES) {
      expect(ids(ordersKept, locale), locale).toContain('orders');
      expect(ids(ordersKept, locale), locale).not.toContain('payments');
      expect(ids(paidOrdersKept, locale), locale).toEqual(expect.arrayContaining(['orders', 'payments']));
      expect(ids(paidOrdersKept, locale), locale).not.toContain('donations');
      expect(ids(donationsKept, locale), locale).toEqual(expect.arrayContaining(['payments', 'donations']));
      expect(ids(donationsKept, locale), locale).not.toContain('orders');
      // The orders kept still went to Printful, and are paid through Stripe: both stay named as recipients.
      const text = legalDocumentText(privacyTemplates[locale](paidOrdersKept), 'https://schoolbox.example');
      expect(text, locale).toContain('Printful');
      expect(text, locale).toContain('Stripe Payments Europe');
    }
  });

  it('keep naming Printful over orders sent to it after the Printful token was removed (ADR 055)', () => {
    const noToken = { shopOrders: true, printful: false, stripe: false, smtp: true };
    const sentToPrintful = { ...base, features: { ...noToken, ...NO_HISTORY, shopHistory: true, printfulHistory: true } };
    const shippedByUs = { ...base, features: { ...noToken, ...NO_HISTORY, shopHistory: true } };
    for (const locale of LOCALES) {
      const sections = privacyTemplates[locale](sentToPrintful).sections;
      for (const id of ['orders', 'recipients', 'third-countries']) {
        const section = sections.find((candidate) => candidate.id === id);
        expect(legalDocumentText({ sections: section ? [section] : [] }, 'https://schoolbox.example'), `${locale} ${id}`).toContain(
          'Printful',
        );
      }
      expect(legalDocumentText(privacyTemplates[locale](shippedByUs), 'https://schoolbox.example'), locale).not.toContain('Printful');
    }
  });

  it('write every period from the details, never one of their own', () => {
    const odd = {
      ...base,
      features: { shopOrders: true, printful: true, stripe: true, smtp: true, ...NO_HISTORY },
      retention: {
        logDays: 101,
        contactDays: 102,
        unconfirmedNewsletterDays: 103,
        newsletterConsentDays: 104,
        orderYears: 105,
        sessionDays: 106,
        languageCookieDays: 107,
        sentMailDays: 108,
        rateLimitDays: 109,
        auditDays: 110,
        noticeCookieSeconds: 111,
        backupDays: 112,
        unpaidDays: 113,
        unverifiedAccountDays: 114,
        unverifiedAccountGraceDays: 7,
      },
    };
    for (const locale of LOCALES) {
      const text = legalDocumentText(privacyTemplates[locale](odd), 'https://schoolbox.example');
      for (const n of [101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114])
        expect(text, `${locale} ${n}`).toContain(String(n));
      // The real defaults must not appear anywhere (they would be hard-coded).
      for (const n of [14, 180, 1095, 730, 90]) expect(text, `${locale} ${n}`).not.toMatch(new RegExp(`\\b${n}\\b`));
    }
  });

  it('name the session cookie as the code sets it, and the client storage keys as the client uses them', () => {
    expect(base.storage.sessionCookie).toBe('__Host-schoolbox_session');
    expect(legalDetails(parseConfig({ PUBLIC_URL: 'http://localhost:3000' })).storage.sessionCookie).toBe('schoolbox_session');
    expect(base.storage.languageStorageKey).toBe(LOCALE_STORAGE_KEY);
    expect(base.storage.cartStorageKey).toBe(CART_STORAGE_KEY);
    expect(base.storage.languageCookie).toBe('lang');
    expect(base.storage.noticeCookie).toBe(NOTICE_COOKIE);
    expect(base.retention.noticeCookieSeconds).toBe(NOTICE_COOKIE_MAX_AGE_S);
  });

  it('say in the donations section that a postal address is collected only above the receipt limit, why, and on what basis', () => {
    const on = { ...base, features: { shopOrders: false, printful: false, stripe: true, smtp: true, ...NO_HISTORY } };
    const limit = formatWholeEuros(SIMPLIFIED_RECEIPT_LIMIT_CENTS);
    const wording = {
      de: ['Postanschrift', 'Zuwendungsbestätigung', 'Art. 6 Abs. 1 lit. c DSGVO in Verbindung mit § 10b EStG und § 50 EStDV'],
      en: ['postal address', 'Zuwendungsbestätigung', 'Art. 6(1)(c) GDPR in conjunction with § 10b EStG and § 50 EStDV'],
      fr: ['adresse postale', 'Zuwendungsbestätigung', 'point c), du RGPD, en liaison avec le § 10b EStG et le § 50 EStDV'],
    } as const;
    for (const locale of LOCALES) {
      const section = privacyTemplates[locale](on).sections.find((candidate) => candidate.id === 'donations');
      const text = legalDocumentText({ sections: section ? [section] : [] }, 'https://schoolbox.example');
      expect(text, locale).toContain(limit);
      for (const part of wording[locale]) expect(text, locale).toContain(part);
    }
  });

  it('have the section on the administration log in every language, whatever is switched on', () => {
    for (const { name, details } of variants()) {
      for (const locale of LOCALES) expect(ids(details, locale), `${locale} ${name}`).toContain('admin-audit');
    }
  });
});

describe('the privacy policy on links that lead to other services, and on withdrawals', () => {
  const sectionText = (details: LegalDetails, locale: (typeof LOCALES)[number], id: string) => {
    const section = privacyTemplates[locale](details).sections.find((candidate) => candidate.id === id);
    return section ? legalDocumentText({ sections: [section] }, 'https://schoolbox.example') : '';
  };

  // Every page has the WhatsApp button (WhatsAppWidget) and every post the share links (ShareLinks):
  // what a click sends and to whom must be in the policy, whatever else is switched on.
  it('describe the WhatsApp button and the share links, in every language and every installation', () => {
    for (const { name, details } of variants()) {
      for (const locale of LOCALES) {
        const text = sectionText(details, locale, 'whatsapp');
        for (const service of ['WhatsApp Ireland Limited', 'LinkedIn', 'Mastodon', details.email]) {
          expect(text, `${locale} ${name}`).toContain(service);
        }
        expect(text, locale).toContain('https://www.whatsapp.com/legal/privacy-policy-eea');
      }
    }
  });

  // The withdrawal button (/widerruf/erklaeren) stores a declaration with name and e-mail address.
  it('say in its own section what a withdrawal through the withdrawal button keeps, in every language', () => {
    const shop = { ...base, features: { shopOrders: true, printful: true, stripe: true, smtp: true, ...NO_HISTORY } };
    for (const locale of LOCALES) {
      expect(sectionText(shop, locale, 'withdrawals'), locale).toContain('<https://schoolbox.example/widerruf/erklaeren>');
    }
  });
});
