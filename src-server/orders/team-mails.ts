/**
 * The team's mail about a shop order's money (CONTACT_INBOX, in German like the contact form's inbox
 * mail): a new order to be paid by arrangement, an order paid online, a withdrawal (the refund's 14 days
 * run from its receipt), an order Printful will not take. Each is queued in the transaction of the change
 * it reports, so it goes out exactly when that change is stored. It carries what the team needs to act —
 * order number, buyer and their language, total, status, a link to /orders-admin — and nothing else: no
 * address, no cart, no message text (the orders admin has them).
 */
import { t } from '@lingui/core/macro';
import { dateTimeFormat } from '@shared/date-time-format';
import { INTL_LOCALES } from '@shared/locales';
import { ORDER_STATUS_LABELS } from '@shared/order-status-labels';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { OrderRow } from '../db/schema';
import { i18nFor } from '../lib/i18n';
import { mailFooterOf, type MailFooter } from '../mail/footer';
import { enqueueMail } from '../mail/outbox';
import { renderMail } from '../mail/render';
import { teamDate } from '../lib/team-time';
import { siteLink } from '../mail/site-link';
import { languageLine, type MailMessage } from '../mail/templates';
import { formatReceivedAt, type ReturnNeed } from '../withdrawals/mails';
import { orderTotalLines, placedUnderSmallBusinessRule } from './total-lines';

/** The team reads its mail in German, as the contact inbox mail. */
export const TEAM_LOCALE = 'de';

/** Where the team's mail goes (CONTACT_INBOX) and the footer and links it carries (PUBLIC_URL). */
export type TeamMail = { inbox: string; footer: MailFooter };

export function teamMailOf(config: Pick<Config, 'contactInbox' | 'publicUrl' | 'legal'>): TeamMail {
  return { inbox: config.contactInbox, footer: mailFooterOf(config) };
}

/**
 * The order as the team's mail names it; its total under the VAT rule it was placed under
 * (kleinunternehmer, total-lines.ts), whatever KLEINUNTERNEHMER says when the mail goes out.
 */
export type TeamOrder = Pick<
  OrderRow,
  'order_number' | 'first_name' | 'last_name' | 'email' | 'locale' | 'total_cents' | 'kleinunternehmer' | 'status'
>;

/** Days the trader has to refund after receiving a withdrawal (§ 357 Abs. 1 BGB). */
const REFUND_DAYS = 14;

/** A new order without online payment: the buyer was told the payment details follow by mail. */
export function orderPlacedTeamMail(order: TeamOrder, team: TeamMail): MailMessage {
  const i18n = i18nFor(TEAM_LOCALE);
  const orderNumber = order.order_number;
  return teamMail(t(i18n)`Neue Bestellung ${orderNumber}: Zahlung nach Absprache`, order, team, [
    t(i18n)`Im Shop ist eine neue Bestellung ohne Online-Zahlung eingegangen.`,
    t(
      i18n,
    )`Bitte die Zahlungsinformationen per E-Mail schicken: Die Bestellbestätigung hat sie angekündigt. Den Entwurf in Printful erst bestätigen, wenn das Geld eingegangen ist.`,
  ]);
}

/** An order paid through Stripe: it now goes to Printful confirmed, by itself. */
export function orderPaidTeamMail(order: TeamOrder, team: TeamMail): MailMessage {
  const i18n = i18nFor(TEAM_LOCALE);
  const orderNumber = order.order_number;
  return teamMail(t(i18n)`Bestellung ${orderNumber} online bezahlt`, order, team, [
    t(i18n)`Eine Bestellung im Shop ist über Stripe bezahlt worden. Sie geht jetzt automatisch an Printful in Produktion.`,
  ]);
}

/**
 * A withdrawal through the withdrawal button: when it came, and by when the payments are to be refunded.
 * By `returnNeed`: goods that come back; an order not paid yet (nothing was sent), where the team has to
 * stop a payment that may still come (a SEPA debit); or an order held before it reached Printful, whose
 * money goes back (through /orders-admin when paid online, else by transfer).
 */
export function withdrawalTeamMail(
  order: TeamOrder & { paidOnline: boolean },
  receivedAtIso: string,
  returnNeed: ReturnNeed,
  team: TeamMail,
): MailMessage {
  const i18n = i18nFor(TEAM_LOCALE);
  const orderNumber = order.order_number;
  const receivedAt = formatReceivedAt(TEAM_LOCALE, receivedAtIso);
  const deadline = refundDeadline(receivedAtIso);
  return teamMail(t(i18n)`Widerruf der Bestellung ${orderNumber}`, order, team, [
    t(i18n)`Die Bestellung wurde über die Widerrufsfunktion der Website widerrufen.`,
    t(i18n)`Eingegangen am: ${receivedAt}`,
    {
      goods: t(
        i18n,
      )`Erhaltene Zahlungen sind bis spätestens ${deadline} zu erstatten (14 Tage nach Eingang des Widerrufs); die Erstattung darf warten, bis die Waren zurück sind oder ihr Versand nachgewiesen ist. Ist die Bestellung noch nicht in Produktion, bitte in Printful stoppen.`,
      nothing_paid: t(
        i18n,
      )`Die Bestellung ist noch nicht bezahlt, und es wurde nichts versandt. Geht die Zahlung (etwa eine SEPA-Lastschrift) doch noch ein, bitte die Bestellung stornieren und bis spätestens ${deadline} erstatten.`,
      stopped: order.paidOnline
        ? t(
            i18n,
          )`Die Bestellung war noch nicht bei Printful und ist angehalten: Es wird nichts hergestellt oder versandt. Bitte in der Bestellübersicht stornieren und erstatten, spätestens bis ${deadline}.`
        : t(
            i18n,
          )`Die Bestellung war noch nicht bei Printful und ist angehalten: Es wird nichts hergestellt oder versandt. Ist die Zahlung schon eingegangen, bitte bis spätestens ${deadline} zurücküberweisen.`,
    }[returnNeed],
  ]);
}

/**
 * Money arrived for an order that is off and stays off (payment-webhook.ts keepPaidOrderOff): withdrawn
 * while its SEPA debit was under way (`withdrawnAt`: the refund is due 14 days after the withdrawal), or
 * cancelled before (a Checkout that ran out, then paid by a late debit).
 */
export function paidWhileOffTeamMail(order: TeamOrder, withdrawnAt: string | null, team: TeamMail): MailMessage {
  const i18n = i18nFor(TEAM_LOCALE);
  const orderNumber = order.order_number;
  if (withdrawnAt) {
    const deadline = refundDeadline(withdrawnAt);
    return teamMail(t(i18n)`Bestellung ${orderNumber}: Zahlung nach Widerruf eingegangen`, order, team, [
      t(i18n)`Für die widerrufene Bestellung ist die Zahlung über Stripe doch noch eingegangen. Sie geht nicht an Printful.`,
      t(i18n)`Bitte in der Bestellübersicht stornieren und erstatten, spätestens bis ${deadline} (14 Tage nach Eingang des Widerrufs).`,
    ]);
  }
  return teamMail(t(i18n)`Bestellung ${orderNumber}: Zahlung für eine stornierte Bestellung`, order, team, [
    t(
      i18n,
    )`Für die bereits stornierte Bestellung ist doch noch eine Zahlung über Stripe eingegangen, etwa eine verspätete SEPA-Lastschrift. Sie geht nicht an Printful.`,
    t(i18n)`Bitte in der Bestellübersicht stornieren und erstatten.`,
  ]);
}

/** An order the worker gave up on: Printful refused it, or did not take it for about a day. */
export function providerFailedTeamMail(order: TeamOrder & Pick<OrderRow, 'paid_at'>, error: string, team: TeamMail): MailMessage {
  const i18n = i18nFor(TEAM_LOCALE);
  const orderNumber = order.order_number;
  const reason = error.slice(0, 300);
  return teamMail(t(i18n)`Bestellung ${orderNumber}: Printful hat sie nicht angenommen`, order, team, [
    t(i18n)`Die Bestellung konnte nicht an Printful übergeben werden, und es wird nicht weiter automatisch versucht.`,
    t(i18n)`Antwort von Printful: ${reason}`,
    order.paid_at
      ? t(
          i18n,
        )`Die Bestellung ist bezahlt: Bitte prüfen und sie in Printful von Hand anlegen oder in der Bestellübersicht stornieren und erstatten.`
      : t(
          i18n,
        )`Die Bestellung ist noch nicht bezahlt: Bitte prüfen und den Entwurf in Printful von Hand anlegen oder die Bestellung absagen.`,
  ]);
}

/**
 * An order called off (withdrawn, refunded, cancelled) while the worker was placing it at Printful, whose
 * new Printful order Printful would not cancel: a person has to, before it is made.
 */
export function placedAfterCancelTeamMail(order: TeamOrder, error: string, team: TeamMail): MailMessage {
  const i18n = i18nFor(TEAM_LOCALE);
  const orderNumber = order.order_number;
  const reason = error.slice(0, 300);
  return teamMail(t(i18n)`Bestellung ${orderNumber}: bitte in Printful stornieren`, order, team, [
    t(
      i18n,
    )`Die Bestellung wurde widerrufen, erstattet oder storniert, während sie an Printful übergeben wurde. Printful hat die neue Bestellung nicht automatisch storniert: Bitte dort stornieren, bevor sie hergestellt wird.`,
    t(i18n)`Antwort von Printful: ${reason}`,
  ]);
}

/** Queues a team mail to CONTACT_INBOX, with the transaction of the change it reports. */
export function enqueueTeamMail(db: Db, team: TeamMail, mail: MailMessage, now: Date): Promise<string> {
  return enqueueMail(db, 'team_notice', team.inbox, mail, now);
}

/** The mail's body: what happened, then the order's facts, then the link to the order in /orders-admin. */
export function teamMail(subject: string, order: TeamOrder, team: TeamMail, what: string[]): MailMessage {
  const i18n = i18nFor(TEAM_LOCALE);
  const orderNumber = order.order_number;
  const name = `${order.first_name} ${order.last_name}`;
  const email = order.email;
  const status = i18n._(ORDER_STATUS_LABELS[order.status]);
  return renderMail(
    {
      subject,
      greeting: '',
      paragraphs: [
        ...what,
        [
          t(i18n)`Bestellnummer: ${orderNumber}`,
          t(i18n)`Name: ${name}`,
          t(i18n)`E-Mail: ${email}`,
          // The team writes to the buyer (the payment details of an order by arrangement) in their language.
          languageLine(TEAM_LOCALE, order.locale),
          ...orderTotalLines(i18n, order.total_cents, placedUnderSmallBusinessRule(order)),
          t(i18n)`Status: ${status}`,
        ].join('\n'),
      ],
      action: {
        label: t(i18n)`In der Bestellübersicht öffnen`,
        url: siteLink(team.footer.publicUrl, '/orders-admin', { q: orderNumber }, TEAM_LOCALE),
      },
      closing: [],
    },
    i18n.locale,
    team.footer,
  );
}

/** "16. März 2026": the receipt's calendar day in Cologne plus 14 days (a day count, whatever the clocks do). */
function refundDeadline(receivedAtIso: string): string {
  // The team's calendar day of receipt, plus the days, named at noon UTC (no zone turns it into another day).
  const [year, month, day] = teamDate(receivedAtIso).split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(year, month - 1, day + REFUND_DAYS, 12));
  return dateTimeFormat(INTL_LOCALES.de, { dateStyle: 'long', timeZone: 'UTC' }).format(last);
}
