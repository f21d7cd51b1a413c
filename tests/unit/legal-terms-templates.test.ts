import { describe, expect, it } from 'vitest';
import { parseConfig } from '@server/config';
import { legalDetails } from '@server/site/legal-details';
import { legalDocumentText } from '@shared/legal/document';
import { termsTemplates } from '@shared/legal/terms';
import { LOCALES, type Locale } from '@shared/locales';
import type { LegalDetails } from '@shared/schemas/legal';

// § 3 of the terms says when the contract is made (legal-de.md §4.2: "say in the AGB when the contract
// is accepted"). Without Stripe the confirmation mail goes when the order is placed; with Stripe only
// once the payment is confirmed, and a SEPA debit first gets a mail that the order was received
// (orders/mails.ts). The terms must say what the shop of this installation does.

const base = legalDetails(parseConfig({ PUBLIC_URL: 'https://schoolbox.example', SHOP_ORDERS_ENABLED: 'true' }));
const withStripe = (stripe: boolean): LegalDetails => ({ ...base, features: { ...base.features, stripe } });

const contractText = (details: LegalDetails, locale: Locale) => {
  const section = termsTemplates[locale](details).sections.find((candidate) => candidate.id === 'contract');
  return section ? legalDocumentText({ sections: [section] }, 'https://schoolbox.example') : '';
};

const IMMEDIATELY: Record<Locale, string> = {
  de: 'Unmittelbar danach erhalten Sie eine Bestellbestätigung',
  en: 'Immediately afterwards you receive an order confirmation',
  fr: 'Vous recevez aussitôt une confirmation de commande',
};
const AFTER_PAYMENT: Record<Locale, string[]> = {
  de: ['Sobald Stripe uns die Zahlung bestätigt, erhalten Sie eine Bestellbestätigung', 'SEPA-Lastschrift'],
  en: ['As soon as Stripe confirms the payment to us, you receive an order confirmation', 'SEPA Direct Debit'],
  fr: ['Dès que Stripe nous confirme le paiement, vous recevez une confirmation de commande', 'prélèvement SEPA'],
};

describe('the terms, § 3 (conclusion of the contract)', () => {
  it('say without Stripe that the confirmation, which makes the contract, comes right after the order', () => {
    for (const locale of LOCALES) {
      const text = contractText(withStripe(false), locale);
      expect(text, locale).toContain(IMMEDIATELY[locale]);
      expect(text, locale).not.toContain(AFTER_PAYMENT[locale][0]);
    }
  });

  it('say with Stripe that the confirmation comes once the payment is confirmed, and what a SEPA debit gets first', () => {
    for (const locale of LOCALES) {
      const text = contractText(withStripe(true), locale);
      expect(text, locale).not.toContain(IMMEDIATELY[locale]);
      for (const part of AFTER_PAYMENT[locale]) expect(text, locale).toContain(part);
    }
  });
});

// § 4 says what the prices contain (legal-de.md §4.5). An association under the small-business rule
// (KLEINUNTERNEHMER, § 19 UStG) charges no VAT: its terms must not say the prices include it (§ 5 UWG),
// neither in § 4 nor where § 3 describes the total above the order button.

const smallBusiness = (on: boolean): LegalDetails => ({ ...base, shop: { ...base.shop, kleinunternehmer: on } });
const sectionText = (details: LegalDetails, locale: Locale, id: string) => {
  const section = termsTemplates[locale](details).sections.find((candidate) => candidate.id === id);
  return section ? legalDocumentText({ sections: [section] }, 'https://schoolbox.example') : '';
};

const VAT_INCLUDED: Record<Locale, { prices: string; contract: string }> = {
  de: { prices: 'enthalten die gesetzliche Mehrwertsteuer', contract: 'einschließlich Mehrwertsteuer' },
  en: { prices: 'include the statutory VAT', contract: 'including VAT' },
  fr: { prices: 'TVA légale comprise', contract: 'TVA et frais de livraison compris' },
};
const NO_VAT: Record<Locale, string> = {
  de: 'Alle Preise sind Endpreise in Euro. Gemäß § 19 UStG (Kleinunternehmerregelung) wird keine Umsatzsteuer berechnet.',
  en: 'All prices are final prices in euros. No VAT is charged under § 19 UStG (the German small-business rule).',
  fr: 'Tous les prix sont des prix finaux en euros. Aucune TVA n’est facturée, en application du § 19 UStG (régime allemand des petites entreprises).',
};

describe('the terms, § 3 and § 4 (prices)', () => {
  it('say by default that the prices and the total include VAT, with no word of § 19 UStG', () => {
    expect(base.shop.kleinunternehmer).toBe(false);
    for (const locale of LOCALES) {
      expect(sectionText(base, locale, 'prices'), locale).toContain(VAT_INCLUDED[locale].prices);
      expect(sectionText(base, locale, 'contract'), locale).toContain(VAT_INCLUDED[locale].contract);
      expect(JSON.stringify(termsTemplates[locale](base)), locale).not.toContain('§ 19 UStG');
    }
  });

  it('with KLEINUNTERNEHMER: final prices, no VAT charged under § 19 UStG, and nowhere that VAT is included', () => {
    for (const locale of LOCALES) {
      const prices = sectionText(smallBusiness(true), locale, 'prices');
      expect(prices, locale).toContain(NO_VAT[locale]);
      // The shipping sentence stays.
      expect(prices, locale).toContain(sectionText(base, locale, 'prices').split('. ').slice(-2).join('. '));
      expect(sectionText(smallBusiness(true), locale, 'contract'), locale).not.toContain(VAT_INCLUDED[locale].contract);
      expect(JSON.stringify(termsTemplates[locale](smallBusiness(true))), locale).not.toContain(VAT_INCLUDED[locale].prices);
    }
  });
});
