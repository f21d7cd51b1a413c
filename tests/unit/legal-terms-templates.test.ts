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
