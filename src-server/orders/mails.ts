import { t } from '@lingui/core/macro';
import { formatCents } from '@shared/money';
import { i18nFor } from '../lib/i18n';
import { renderMail } from '../mail/render';
import { closing, type MailMessage } from '../mail/templates';
import { describeLine, type PricedLine } from './pricing';

export type OrderConfirmation = {
  orderNumber: string;
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
  /** A demo-shop order: it says so, since nothing will be shipped or charged. */
  isDemo: boolean;
};

/** Sent when an order is placed: what was ordered, what it costs, where it goes, what happens next. */
export function orderConfirmationMail(locale: string, order: OrderConfirmation): MailMessage {
  const i18n = i18nFor(locale);
  const { orderNumber, firstName } = order;
  const subtotal = formatCents(order.subtotalCents);
  const shipping = formatCents(order.shippingCents);
  const total = formatCents(order.totalCents);
  const countryName = new Intl.DisplayNames([i18n.locale], { type: 'region' }).of(order.country) ?? order.country;
  const address = `${order.firstName} ${order.lastName}, ${order.address}, ${order.postalCode} ${order.city}, ${countryName}`;

  const lines = order.lines.map((line) => {
    const quantity = line.quantity;
    const product = describeLine(line);
    const unitPrice = formatCents(line.unitPriceCents);
    const lineTotal = formatCents(line.unitPriceCents * line.quantity);
    return t(i18n)`${quantity} × ${product} (je ${unitPrice}): ${lineTotal}`;
  });

  return {
    subject: t(i18n)`Ihre Bestellung ${orderNumber} bei SchoolBox`,
    ...renderMail(
      {
        greeting: t(i18n)`Hallo ${firstName},`,
        paragraphs: [
          t(i18n)`vielen Dank für Ihre Bestellung bei SchoolBox! Mit Ihrem Kauf unterstützen Sie unsere Bildungsprojekte.`,
          t(i18n)`Bestellnummer: ${orderNumber}`,
          ...lines,
          t(i18n)`Zwischensumme: ${subtotal}`,
          t(i18n)`Versand: ${shipping}`,
          t(i18n)`Gesamtsumme: ${total}`,
          t(i18n)`Lieferadresse: ${address}`,
          order.isDemo
            ? t(i18n)`Dies ist eine Bestellung im Demo-Shop: Sie wird weder ausgeführt noch berechnet.`
            : t(
                i18n,
              )`Die Bezahlung ist noch nicht online möglich: Wir melden uns in Kürze per E-Mail mit den Zahlungsinformationen. Sobald Ihre Zahlung eingegangen ist, geben wir Ihre Bestellung in Produktion.`,
        ],
        closing: closing(locale),
      },
      i18n.locale,
    ),
  };
}
