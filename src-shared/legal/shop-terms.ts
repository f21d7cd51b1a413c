import { SHIPPING_COUNTRIES } from '../constants';
import { INTL_LOCALES, type Locale } from '../locales';
import type { LegalDetails } from '../schemas/legal';

/**
 * Facts of the shop that the terms, the withdrawal information, the checkout and the confirmation mail
 * all state: one place each, so the page, the order button's surroundings and the mail never disagree.
 */

/**
 * How a buyer pays. Without Stripe there is no online payment: after the order the team mails the bank
 * details and the order goes into production once the money has arrived (orders/mails.ts says the same).
 * With Stripe (issue 18) the buyer pays by card or SEPA Direct Debit on Stripe's Checkout page right
 * after the order button, and the order goes to production once Stripe confirms the payment.
 */
export type PaymentMethod = 'bank_transfer_in_advance' | 'stripe_checkout';

export function shopPaymentMethod(details: Pick<LegalDetails, 'features'>): PaymentMethod {
  return details.features.stripe ? 'stripe_checkout' : 'bank_transfer_in_advance';
}

/**
 * The dates the current templates were written ("Stand"); a changed template gets a new date. A setting
 * that changes a text (Stripe, KLEINUNTERNEHMER, the delivery days …) moves the date shown past these to
 * the day the server first ran with it (src-server/legal/text-dates.ts): LegalDetails.textDates.
 */
// 2026-11-29: the English and French § 6 name the order button in their own language (as § 3 does).
// 2026-11-30: § 3 says when the confirmation comes with Stripe (after the payment; SEPA: a receipt first).
export const TERMS_DATE = '2026-11-30';
export const WITHDRAWAL_DATE = '2026-11-25';

/**
 * The order button's words in each language: § 312j Abs. 3 BGB wants them to say that ordering costs
 * money, and the terms (§ 3, and § 6 with Stripe) quote them as the button reads on the page in that
 * language. The button itself is written through the catalog (msgid "Zahlungspflichtig bestellen",
 * CheckoutForm.tsx); tests/server/legal-shop-terms.test.ts holds each translation to these words.
 */
export const ORDER_BUTTON_LABELS: Record<Locale, string> = {
  de: 'Zahlungspflichtig bestellen',
  en: 'Order and pay',
  fr: 'Commander avec obligation de paiement',
};

/** The withdrawal button's page, named in the withdrawal information, the terms and the order mail. */
export const WITHDRAWAL_BUTTON_PATH = '/widerruf/erklaeren';

/** "5–10" (an en dash between working days), or "5" when both ends are the same. */
export function deliveryDaysRange(days: LegalDetails['shop']['deliveryDays']): string {
  return days.min === days.max ? String(days.min) : `${days.min}–${days.max}`;
}

/** The delivery countries by name in the reader's language, sorted, as one line. */
export function shippingCountryNames(locale: Locale): string {
  const names = new Intl.DisplayNames([INTL_LOCALES[locale]], { type: 'region' });
  return SHIPPING_COUNTRIES.map((code) => names.of(code) ?? code)
    .sort((a, b) => a.localeCompare(b, INTL_LOCALES[locale]))
    .join(', ');
}

/** The association's postal address on one line. */
export function postalAddress(details: Pick<LegalDetails, 'orgName' | 'address'>): string {
  const { street, postcode, city, country } = details.address;
  return [details.orgName, street, `${postcode} ${city}`, country].filter(Boolean).join(', ');
}
