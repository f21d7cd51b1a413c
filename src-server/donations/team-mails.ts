/**
 * The team's mail about a donation above the simplified-receipt limit (CONTACT_INBOX, in German like the
 * orders' team mails, and queued through the same helper): a formal receipt (Zuwendungsbestätigung nach
 * amtlichem Muster, § 50 Abs. 1 EStDV) is to be issued, and nothing else would tell anyone. One per payment
 * that arrived, with the transaction that records it. It carries what the receipt needs — amount, date,
 * kind, name and postal address — and the donor's e-mail to ask when the address is missing.
 */
import { t } from '@lingui/core/macro';
import { SIMPLIFIED_RECEIPT_LIMIT_CENTS, type DonationMode } from '@shared/constants';
import { INTL_LOCALES } from '@shared/locales';
import { formatCents } from '@shared/money';
import { isCompleteReceiptAddress, receiptAddressLines, type ReceiptAddress } from '@shared/receipt-address';
import { i18nFor } from '../lib/i18n';
import { teamMonth } from '../lib/team-time';
import { formatMailDate } from '../mail/dates';
import { renderMail } from '../mail/render';
import { siteLink } from '../mail/site-link';
import type { MailMessage } from '../mail/templates';
import { TEAM_LOCALE, type TeamMail } from '../orders/team-mails';

export type ReceiptDue = {
  mode: DonationMode;
  /** This payment's amount (a monthly pledge: one month's). */
  amountCents: number;
  /** When the money was confirmed (ISO). */
  paidAt: string;
  /** The name typed into the form (optional there): used when Stripe sent none. */
  donorName: string | null;
  donorEmail: string;
  receiptAddress: ReceiptAddress | null;
};

/** "Zuwendungsbestätigung ausstellen": the facts of the receipt, the address or that it is missing, a link to the list. */
export function receiptDueTeamMail(due: ReceiptDue, team: TeamMail): MailMessage {
  const i18n = i18nFor(TEAM_LOCALE);
  const amount = formatCents(due.amountCents);
  const limit = formatCents(SIMPLIFIED_RECEIPT_LIMIT_CENTS);
  const date = formatMailDate(TEAM_LOCALE, due.paidAt);
  const name = due.receiptAddress?.name ?? due.donorName ?? '–';
  const email = due.donorEmail;
  const address = due.receiptAddress ? receiptAddressLines({ ...due.receiptAddress, name: null }, INTL_LOCALES.de) : [];
  const complete = isCompleteReceiptAddress(due.receiptAddress, due.donorName);
  const monthly = due.mode === 'monthly';
  const paragraphs = [
    t(
      i18n,
    )`Über Stripe ist eine Spende von mehr als ${limit} eingegangen, für die der vereinfachte Zuwendungsnachweis nicht genügt. Bitte eine Zuwendungsbestätigung nach amtlichem Muster ausstellen, an die Spenderin oder den Spender schicken und ein Doppel aufbewahren.`,
    ...(monthly
      ? [
          t(
            i18n,
          )`Dies ist die Zahlung eines Monats einer monatlichen Spende: Statt einer Bestätigung je Monat kann auch eine Sammelbestätigung für das Jahr ausgestellt werden.`,
        ]
      : []),
    [
      t(i18n)`Betrag: ${amount}`,
      t(i18n)`Datum: ${date}`,
      monthly ? t(i18n)`Art: Monatliche Spende` : t(i18n)`Art: Einmalige Spende`,
      t(i18n)`Name: ${name}`,
      t(i18n)`E-Mail: ${email}`,
    ].join('\n'),
    address.length > 0 ? [t(i18n)`Anschrift:`, ...address].join('\n') : t(i18n)`Anschrift: –`,
    ...(complete
      ? []
      : [
          t(
            i18n,
          )`Stripe hat keine vollständige Anschrift übermittelt. Die Dankes-E-Mail bittet die Spenderin oder den Spender, Namen und Anschrift per Antwort zu nennen; die Antwort kommt an dieses Postfach.`,
        ]),
  ];
  return donationTeamMail(t(i18n)`Zuwendungsbestätigung ausstellen: Spende über ${amount}`, paragraphs, due.paidAt, team);
}

/** A refund of a donation's payment that Stripe made and then reported failed (refund-failed.ts). */
export type RefundFailed = {
  mode: DonationMode;
  /** What the failed refund was to give back. */
  refundCents: number;
  /** The payment it was taken from (a monthly pledge: one month's). */
  paymentCents: number;
  paidAt: string;
  donorEmail: string;
  /** Stripe's failure_reason (expired_or_canceled_card, declined, …). */
  reason: string;
};

/** "Erstattung fehlgeschlagen": the money is not back; refund again in Stripe or settle it with the donor. */
export function refundFailedTeamMail(failed: RefundFailed, team: TeamMail): MailMessage {
  const i18n = i18nFor(TEAM_LOCALE);
  const amount = formatCents(failed.refundCents);
  const payment = formatCents(failed.paymentCents);
  const date = formatMailDate(TEAM_LOCALE, failed.paidAt);
  const email = failed.donorEmail;
  const reason = failed.reason;
  return donationTeamMail(
    t(i18n)`Spende: Erstattung über ${amount} fehlgeschlagen`,
    [
      t(
        i18n,
      )`Stripe meldet, dass die Erstattung von ${amount} für eine Spende fehlgeschlagen ist (Grund laut Stripe: ${reason}). Das Geld ist nicht zurückgegangen: Die Zahlung zählt in der Spendenübersicht wieder als eingegangen.`,
      t(i18n)`Bitte in Stripe erneut erstatten oder mit der Spenderin oder dem Spender klären, wohin das Geld überwiesen werden soll.`,
      [
        t(i18n)`Zahlung: ${payment}`,
        t(i18n)`Datum: ${date}`,
        failed.mode === 'monthly' ? t(i18n)`Art: Monatliche Spende` : t(i18n)`Art: Einmalige Spende`,
        t(i18n)`E-Mail: ${email}`,
      ].join('\n'),
    ],
    failed.paidAt,
    team,
  );
}

/** The team's mail about a payment: what happened, then a link to the month of /donations-admin it was paid in. */
function donationTeamMail(subject: string, paragraphs: string[], paidAt: string, team: TeamMail): MailMessage {
  const i18n = i18nFor(TEAM_LOCALE);
  return renderMail(
    {
      subject,
      greeting: '',
      paragraphs,
      action: {
        label: t(i18n)`In der Spendenübersicht öffnen`,
        url: siteLink(team.footer.publicUrl, '/donations-admin', { month: teamMonth(paidAt) }, TEAM_LOCALE),
      },
      closing: [],
    },
    i18n.locale,
    team.footer,
  );
}
