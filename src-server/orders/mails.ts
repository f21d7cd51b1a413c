import { t } from '@lingui/core/macro';
import { legalDocumentText } from '@shared/legal/document';
import { PAID_ONLINE_LABEL, PAYMENT_METHOD_LABELS } from '@shared/legal/payment-labels';
import { deliveryDaysRange, shopPaymentMethod, WITHDRAWAL_BUTTON_PATH } from '@shared/legal/shop-terms';
import { termsTemplates } from '@shared/legal/terms';
import { withdrawalTemplates } from '@shared/legal/withdrawal';
import { toLocale } from '@shared/locales';
import type { LegalDetails } from '@shared/schemas/legal';
import { formatCents } from '@shared/money';
import { i18nFor } from '../lib/i18n';
import type { MailFooter } from '../mail/footer';
import { formatMailDate, formatMailDay } from '../mail/dates';
import { legalDocumentHtml } from '../mail/legal-document-html';
import { type MailParagraph, renderMail } from '../mail/render';
import { siteLink } from '../mail/site-link';
import { closing, greeting, type MailMessage } from '../mail/templates';
import { describeLine, type PricedLine } from './pricing';
import { orderTotalLines } from './total-lines';

export type OrderConfirmation = {
  orderNumber: string;
  /** When the order was placed (ISO): the mail states its date (legal-de.md 4.6). */
  placedAt: string;
  firstName: string;
  lastName: string;
  address: string;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2; written out in the buyer's language. */
  country: string;
  lines: ReadonlyArray<Pick<PricedLine, 'name' | 'color' | 'size' | 'quantity' | 'unitPriceCents'>>;
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
  /**
   * The small-business rule (KLEINUNTERNEHMER, § 19 UStG) applied when the order was placed
   * (orders.kleinunternehmer): the total and the terms the mail carries say so, whatever the setting
   * says when the mail goes out (a Stripe order's confirmation waits for the payment).
   */
  kleinunternehmer: boolean;
  /** A demo-shop order: it says so, since nothing will be shipped or charged. */
  isDemo: boolean;
  /** Paid online through Stripe (the mail goes once the money is confirmed): no payment details to follow. */
  paidOnline?: boolean;
  /**
   * False when the order's address is not the account's (proven) one: the greeting names no one, since
   * an order without payment could otherwise carry a typed "name" to a stranger (mail/templates greeting).
   * An order is placed with the account's address (ADR 054); it differs only once the account has changed
   * its address since, or for an order placed before.
   */
  greetByName?: boolean;
};

/** The mail's footer and the terms as they stand when the order is placed (a durable medium, ADR 027). */
export type OrderMailLegal = { footer: MailFooter; details: LegalDetails };

/** Sent when an order is placed: what was ordered, what it costs, where it goes, what happens next. */
export function orderConfirmationMail(locale: string, order: OrderConfirmation, legal: OrderMailLegal): MailMessage {
  const i18n = i18nFor(locale);
  const { footer } = legal;
  // The terms as they stand, under the VAT rule the order was placed under (§ 3 and § 4 depend on it).
  const details: LegalDetails = { ...legal.details, shop: { ...legal.details.shop, kleinunternehmer: order.kleinunternehmer } };
  const shopTerms = orderTermsParts(locale, details, footer.publicUrl, order);
  const placedOn = formatMailDate(locale, order.placedAt);
  const { orderNumber, firstName } = order;
  const subtotal = formatCents(order.subtotalCents);
  const shipping = formatCents(order.shippingCents);
  const countryName = new Intl.DisplayNames([i18n.locale], { type: 'region' }).of(order.country) ?? order.country;
  const address = `${order.firstName} ${order.lastName}, ${order.address}, ${order.postalCode} ${order.city}, ${countryName}`;

  const lines = order.lines.map((line) => {
    const quantity = line.quantity;
    const product = describeLine(line);
    const unitPrice = formatCents(line.unitPriceCents);
    const lineTotal = formatCents(line.unitPriceCents * line.quantity);
    return t(i18n)`${quantity} × ${product} (je ${unitPrice}): ${lineTotal}`;
  });

  return renderMail(
    {
      subject: t(i18n)`Ihre Bestellung ${orderNumber} bei SchoolBox`,
      greeting: greeting(locale, order.greetByName === false ? null : firstName),
      paragraphs: [
        t(i18n)`vielen Dank für Ihre Bestellung bei SchoolBox! Mit Ihrem Kauf unterstützen Sie unsere Bildungsprojekte.`,
        t(i18n)`Bestellnummer: ${orderNumber}`,
        t(i18n)`Bestelldatum: ${placedOn}`,
        ...lines,
        t(i18n)`Zwischensumme: ${subtotal}`,
        t(i18n)`Versand: ${shipping}`,
        ...orderTotalLines(i18n, order.totalCents, order.kleinunternehmer),
        t(i18n)`Lieferadresse: ${address}`,
        ...shopTerms.paragraphs,
        order.isDemo
          ? t(i18n)`Dies ist eine Bestellung im Demo-Shop: Sie wird weder ausgeführt noch berechnet.`
          : order.paidOnline
            ? t(i18n)`Ihre Zahlung ist eingegangen. Wir geben Ihre Bestellung jetzt in Produktion.`
            : t(
                i18n,
              )`Die Bezahlung ist noch nicht online möglich: Wir melden uns in Kürze per E-Mail mit den Zahlungsinformationen. Sobald Ihre Zahlung eingegangen ist, geben wir Ihre Bestellung in Produktion.`,
      ],
      closing: closing(locale),
      appendix: shopTerms.appendix,
    },
    i18n.locale,
    footer,
  );
}

/**
 * What the confirmation adds for the contract (legal-de.md §4.6): payment method, delivery time, the
 * withdrawal button's address, and the full terms and withdrawal information with the model form in
 * the mail itself, in the buyer's language: a link is not a durable medium (EuGH C-49/11).
 */
function orderTermsParts(
  locale: string,
  details: LegalDetails,
  publicUrl: string,
  { orderNumber, isDemo, paidOnline }: Pick<OrderConfirmation, 'orderNumber' | 'isDemo' | 'paidOnline'>,
) {
  const i18n = i18nFor(locale);
  const language = toLocale(locale);
  // Once paid, the mail says how it was paid, not what the checkout said would happen next.
  const payment = i18n._(paidOnline ? PAID_ONLINE_LABEL : PAYMENT_METHOD_LABELS[shopPaymentMethod(details)]);
  const days = deliveryDaysRange(details.shop.deliveryDays);
  // The withdrawal form with this order's number filled in, as the account page opens it.
  const withdrawalUrl = siteLink(publicUrl, WITHDRAWAL_BUTTON_PATH, { order: orderNumber }, language);
  // Each text with its "Stand", as the pages date it (details.textDates).
  const stand = (day: string) => {
    const date = formatMailDay(language, day);
    return t(i18n)`Stand: ${date}`;
  };
  const documents = [
    { title: t(i18n)`AGB`, version: stand(details.textDates.terms), document: termsTemplates[language](details) },
    { title: t(i18n)`Widerrufsbelehrung`, version: stand(details.textDates.withdrawal), document: withdrawalTemplates[language](details) },
  ];
  return {
    paragraphs: [
      t(i18n)`Zahlungsart: ${payment}`,
      t(i18n)`Lieferzeit: ${days} Werktage ab Zahlungseingang`,
      // A demo order makes no contract: nothing to accept.
      ...(isDemo ? [] : [t(i18n)`Mit dieser E-Mail nehmen wir Ihre Bestellung an.`]),
      t(
        i18n,
      )`Unten finden Sie unsere AGB und die Widerrufsbelehrung mit dem Muster-Widerrufsformular. Bitte bewahren Sie diese E-Mail auf.`,
      // Our sentence and our address only: it may be a link (the address line above may not).
      { text: t(i18n)`Sie können den Vertrag auch online widerrufen: ${withdrawalUrl}`, links: true } satisfies MailParagraph,
    ],
    appendix: {
      text: documents
        .map(
          ({ title, version, document }) =>
            `${title}\n${'='.repeat(title.length)}\n\n${version}\n\n${legalDocumentText(document, publicUrl, language)}`,
        )
        .join('\n\n'),
      html: documents.map(({ title, version, document }) => legalDocumentHtml(title, document, publicUrl, language, version)).join(''),
    },
  };
}

/** `greetByName`: false when the order's address is not the account's (see OrderConfirmation, ADR 054). */
export type OrderCancellation = { orderNumber: string; firstName: string; totalCents: number; refunded: boolean; greetByName: boolean };

/** Sent when an admin cancels a paid order: the order is off and, when it was paid, the money goes back. */
export function orderCancelledMail(locale: string, order: OrderCancellation, footer: MailFooter): MailMessage {
  const i18n = i18nFor(locale);
  const { orderNumber, firstName } = order;
  const total = formatCents(order.totalCents);
  return renderMail(
    {
      subject: t(i18n)`Ihre Bestellung ${orderNumber} wurde storniert`,
      greeting: greeting(locale, order.greetByName ? firstName : null),
      paragraphs: [
        t(i18n)`wir haben Ihre Bestellung ${orderNumber} bei SchoolBox storniert; sie wird nicht hergestellt und nicht versandt.`,
        ...(order.refunded
          ? [
              t(
                i18n,
              )`Den bezahlten Betrag von ${total} erstatten wir über Stripe auf Ihr Zahlungsmittel. Je nach Bank kann es einige Werktage dauern, bis er Ihrem Konto gutgeschrieben ist.`,
            ]
          : []),
        t(i18n)`Bei Fragen antworten Sie einfach auf diese E-Mail.`,
      ],
      closing: closing(locale),
    },
    i18n.locale,
    footer,
  );
}

/** `greetByName`: false when the order's address is not the account's (see OrderConfirmation). */
export type OrderPaymentNotice = { orderNumber: string; firstName: string; totalCents: number; greetByName: boolean };

/**
 * Sent when a buyer finished Stripe's page with a SEPA direct debit: the order is received (§ 312i Abs. 1
 * Nr. 3 BGB: its receipt is confirmed without delay), but the money arrives days later; the confirmation
 * with the terms follows it (orderConfirmationMail).
 */
export function orderPaymentPendingMail(locale: string, order: OrderPaymentNotice, footer: MailFooter): MailMessage {
  const i18n = i18nFor(locale);
  const { orderNumber, firstName } = order;
  const total = formatCents(order.totalCents);
  return renderMail(
    {
      subject: t(i18n)`Wir haben Ihre Bestellung ${orderNumber} erhalten`,
      greeting: greeting(locale, order.greetByName ? firstName : null),
      paragraphs: [
        t(
          i18n,
        )`vielen Dank für Ihre Bestellung ${orderNumber} über ${total}. Sie haben per SEPA-Lastschrift bezahlt; die Lastschrift ist unterwegs.`,
        t(
          i18n,
        )`Sobald das Geld eingegangen ist – das dauert meist einige Werktage –, bestätigen wir Ihre Bestellung mit einer weiteren E-Mail und geben sie in Produktion.`,
        t(i18n)`Bei Fragen antworten Sie einfach auf diese E-Mail.`,
      ],
      closing: closing(locale),
    },
    i18n.locale,
    footer,
  );
}

/** Sent when the SEPA debit of an order failed: the order is cancelled, nothing was charged. */
export function orderPaymentFailedMail(locale: string, order: OrderPaymentNotice, footer: MailFooter): MailMessage {
  const i18n = i18nFor(locale);
  const { orderNumber, firstName } = order;
  return renderMail(
    {
      subject: t(i18n)`Die Zahlung für Ihre Bestellung ${orderNumber} ist fehlgeschlagen`,
      greeting: greeting(locale, order.greetByName ? firstName : null),
      paragraphs: [
        t(
          i18n,
        )`die SEPA-Lastschrift für Ihre Bestellung ${orderNumber} konnte nicht eingezogen werden. Die Bestellung ist deshalb storniert; sie wird nicht hergestellt und nicht versandt.`,
        t(i18n)`Wenn Sie die Artikel weiterhin möchten, bestellen Sie bitte im Shop erneut, gern mit einer anderen Zahlungsart.`,
        t(i18n)`Bei Fragen antworten Sie einfach auf diese E-Mail.`,
      ],
      closing: closing(locale),
    },
    i18n.locale,
    footer,
  );
}
