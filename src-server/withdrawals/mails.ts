import { t } from '@lingui/core/macro';
import { TEAM_TIME_ZONE } from '@shared/constants';
import { dateTimeFormat } from '@shared/date-time-format';
import { INTL_LOCALES, toLocale } from '@shared/locales';
import { i18nFor } from '../lib/i18n';
import type { MailFooter } from '../mail/footer';
import { renderMail } from '../mail/render';
import { closing, greeting, type MailMessage } from '../mail/templates';

export type WithdrawalReceiptContent = {
  orderNumber: string;
  name: string;
  email: string;
  message: string | null;
  /** When the declaration was received (ISO). */
  receivedAt: string;
  /** Where the goods go back to (the withdrawal information names the same address). */
  returnAddress: string;
  /** What the customer has to send back (declare.ts returnNeedOf): the receipt says so. */
  returnNeed: ReturnNeed;
};

/**
 * `goods`: goods may be on their way or with the customer, to be sent back. `nothing_paid`: an order not
 * paid yet (nothing was sent; a payment still arriving is refunded). `stopped`: paid, but called off before
 * anything was made or sent (held at the withdrawal before it reached Printful, or cancelled before
 * production): nothing to send back, the money is refunded.
 */
export type ReturnNeed = 'goods' | 'nothing_paid' | 'stopped';

/** "25. November 2026 um 14:03:12 MEZ": the receipt states the time of receipt to the second, on the team's clock. */
export function formatReceivedAt(locale: string, iso: string): string {
  return dateTimeFormat(INTL_LOCALES[toLocale(locale)], {
    dateStyle: 'long',
    timeStyle: 'long',
    timeZone: TEAM_TIME_ZONE,
  }).format(new Date(iso));
}

/**
 * The acknowledgement the withdrawal button promises (§ 356a BGB): on a durable medium, without delay,
 * with the content of the declaration and the date and time it was received, in the declaration's language.
 */
export function withdrawalReceiptMail(locale: string, receipt: WithdrawalReceiptContent, footer: MailFooter): MailMessage {
  const i18n = i18nFor(locale);
  const { orderNumber, name, email, returnAddress } = receipt;
  const receivedAt = formatReceivedAt(locale, receipt.receivedAt);
  const message = receipt.message || '–';
  return renderMail(
    {
      subject: t(i18n)`Eingangsbestätigung: Widerruf der Bestellung ${orderNumber}`,
      greeting: greeting(locale, name),
      paragraphs: [
        t(i18n)`wir haben Ihren Widerruf erhalten. Mit dieser E-Mail bestätigen wir seinen Eingang.`,
        t(i18n)`Eingegangen am: ${receivedAt}`,
        [
          t(i18n)`Inhalt Ihrer Erklärung:`,
          t(i18n)`Hiermit widerrufe ich den Vertrag über die Bestellung ${orderNumber}.`,
          t(i18n)`Name: ${name}`,
          t(i18n)`E-Mail-Adresse der Bestellung: ${email}`,
          t(i18n)`Nachricht: ${message}`,
        ].join('\n'),
        {
          goods: t(
            i18n,
          )`Bitte senden Sie die Waren innerhalb von 14 Tagen an: ${returnAddress}. Wir erstatten Ihre Zahlungen wie in der Widerrufsbelehrung beschrieben.`,
          nothing_paid: t(
            i18n,
          )`Für diese Bestellung ist bei uns noch keine Zahlung eingegangen, und es wurde nichts versandt: Sie müssen nichts zurücksenden. Geht noch eine Zahlung ein, erstatten wir sie.`,
          stopped: t(
            i18n,
          )`Ihre Bestellung war noch nicht in Produktion und ist angehalten: Es wird nichts hergestellt oder versandt, und Sie müssen nichts zurücksenden. Bereits gezahlte Beträge erstatten wir Ihnen innerhalb von 14 Tagen.`,
        }[receipt.returnNeed],
      ],
      closing: closing(locale),
    },
    i18n.locale,
    footer,
  );
}
