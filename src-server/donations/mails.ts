import { t } from '@lingui/core/macro';
import { needsFormalReceipt, SIMPLIFIED_RECEIPT_LIMIT_CENTS, type DonationMode } from '@shared/constants';
import { SOURCE_LOCALE } from '@shared/locales';
import { formatCents } from '@shared/money';
import { isCompleteReceiptAddress, type ReceiptAddress } from '@shared/receipt-address';
import type { Config } from '../config';
import { i18nFor } from '../lib/i18n';
import { formatMailDate, formatMailDay } from '../mail/dates';
import type { MailFooter } from '../mail/footer';
import { renderMail } from '../mail/render';
import { siteLink } from '../mail/site-link';
import { closing, greeting, type MailMessage } from '../mail/templates';
import { DONATION_MANAGE_LINK_LIFETIME_DAYS } from './manage-link';

export type DonationThanksContent = {
  mode: DonationMode;
  donorName: string | null;
  /** This payment's amount (for a monthly pledge: one month's). */
  amountCents: number;
  /** When the money was confirmed (ISO). */
  paidAt: string;
  /** The name and address Stripe collected for the formal receipt (above the limit only); null if none came. */
  receiptAddress: ReceiptAddress | null;
  /** The signed link to /spenden/verwalten (monthly pledges only; a portal URL would expire, ADR 031); it works DONATION_MANAGE_LINK_LIFETIME_DAYS. */
  manageUrl: string | null;
};

/** The exemption notice's date (a setting, YYYY-MM-DD) as a date in the mail's language; any other text as it is. */
function formatNoticeDate(locale: string, value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatMailDay(locale, value) : value;
}

/**
 * The simplified donation receipt (§ 50 Abs. 4 Satz 1 Nr. 2 EStDV, legal-de.md §5): with the bank's
 * booking confirmation, it proves a donation up to 300 € to the tax office. It must state the
 * tax-privileged purpose, the exemption notice (tax office, date), and that the money is a donation, not a
 * membership fee. Above the limit the mail says where the formal receipt goes instead.
 */
export function simplifiedReceiptText(locale: string, orgName: string, receipt: Config['donationReceipt']): string {
  const i18n = i18nFor(locale);
  const { purpose, taxOffice } = receipt;
  const noticeDate = formatNoticeDate(locale, receipt.exemptionNoticeDate);
  return [
    t(i18n)`Vereinfachter Zuwendungsnachweis (§ 50 Abs. 4 EStDV)`,
    t(
      i18n,
    )`${orgName} ist nach dem Freistellungsbescheid (${taxOffice}, ${noticeDate}) wegen Förderung steuerbegünstigter Zwecke von der Körperschaftsteuer befreit.`,
    t(i18n)`Die Zuwendung wird ausschließlich für diesen steuerbegünstigten Zweck verwendet: ${purpose}.`,
    t(i18n)`Es handelt sich um eine Spende, nicht um einen Mitgliedsbeitrag.`,
    // The bank's booking confirmation is what § 50 Abs. 4 EStDV names; whether a card statement stands in
    // for it is not settled (legal-de.md §5, §10 no. 4), so a card payer is offered the formal receipt.
    t(
      i18n,
    )`Zusammen mit der Buchungsbestätigung Ihrer Bank, zum Beispiel dem Kontoauszug, gilt diese E-Mail als vereinfachter Zuwendungsnachweis für das Finanzamt.`,
    t(
      i18n,
    )`Falls Sie mit Karte gezahlt haben: Ob das Finanzamt die Kartenabrechnung als Nachweis anerkennt, ist nicht sicher. Auf Wunsch stellen wir Ihnen eine Zuwendungsbestätigung nach amtlichem Muster aus; antworten Sie dazu einfach auf diese E-Mail.`,
  ].join('\n');
}

/**
 * The simplified receipt as the donor's mail carries it: in their language, and below an English or French
 * one the German wording too, for the tax office reads German (§ 87 Abs. 1 AO: the official language).
 */
function simplifiedReceiptBlocks(locale: string, orgName: string, receipt: Config['donationReceipt']): string[] {
  const i18n = i18nFor(locale);
  if (i18n.locale === SOURCE_LOCALE) return [simplifiedReceiptText(SOURCE_LOCALE, orgName, receipt)];
  return [
    simplifiedReceiptText(locale, orgName, receipt),
    [t(i18n)`Für das Finanzamt auf Deutsch:`, simplifiedReceiptText(SOURCE_LOCALE, orgName, receipt)].join('\n'),
  ];
}

/**
 * Above the simplified-receipt limit: the formal receipt (§ 50 Abs. 1 EStDV) goes to the name and address
 * Stripe's payment page asked for. They are not repeated here: the mail goes to an address nobody verified.
 * When Stripe sent no complete address, the donor is asked to reply with it (Reply-To is the team's inbox).
 */
function formalReceiptParagraph(locale: string, addressComplete: boolean): string {
  const i18n = i18nFor(locale);
  // The same formatter as the amount above it ("300,00 €" beside "300,01 €").
  const limit = formatCents(SIMPLIFIED_RECEIPT_LIMIT_CENTS);
  return addressComplete
    ? t(
        i18n,
      )`Für Spenden über ${limit} stellen wir Ihnen für das Finanzamt eine Zuwendungsbestätigung nach amtlichem Muster aus und schicken sie an den Namen und die Anschrift, die Sie bei der Zahlung angegeben haben. Sie müssen dafür nichts tun. Stimmt die Anschrift nicht mehr, antworten Sie einfach auf diese E-Mail.`
    : t(
        i18n,
      )`Für Spenden über ${limit} stellen wir Ihnen für das Finanzamt eine Zuwendungsbestätigung nach amtlichem Muster aus. Dafür brauchen wir Ihren vollständigen Namen und Ihre Postanschrift, die uns bei der Zahlung nicht übermittelt wurden: Bitte antworten Sie auf diese E-Mail und nennen Sie uns beides.`;
}

/**
 * The thank-you for a confirmed payment (ADR 031), in the donor's language: amount, date, receipt text
 * (the simplified receipt up to the limit, else where the formal one goes), manage link.
 */
export function donationThanksMail(
  locale: string,
  content: DonationThanksContent,
  footer: MailFooter,
  receipt: Config['donationReceipt'],
): MailMessage {
  const i18n = i18nFor(locale);
  const { orgName } = footer;
  const amount = formatCents(content.amountCents);
  const date = formatMailDate(locale, content.paidAt);
  const name = content.donorName;
  const monthly = content.mode === 'monthly';
  const paragraphs = [
    monthly
      ? t(i18n)`vielen Dank für Ihre monatliche Spende an ${orgName}! Ihre Zahlung ist bei uns eingegangen.`
      : t(i18n)`vielen Dank für Ihre Spende an ${orgName}! Ihre Zahlung ist bei uns eingegangen.`,
    [t(i18n)`Betrag: ${amount}`, t(i18n)`Datum: ${date}`, monthly ? t(i18n)`Art: Monatliche Spende` : t(i18n)`Art: Einmalige Spende`].join(
      '\n',
    ),
    ...(needsFormalReceipt(content.amountCents)
      ? [formalReceiptParagraph(locale, isCompleteReceiptAddress(content.receiptAddress, name))]
      : simplifiedReceiptBlocks(locale, orgName, receipt)),
  ];
  if (content.manageUrl) {
    const days = DONATION_MANAGE_LINK_LIFETIME_DAYS;
    paragraphs.push(
      t(
        i18n,
      )`Ihre monatliche Spende können Sie jederzeit selbst ändern oder beenden, zum Beispiel die Karte oder das Konto wechseln. Der Link gilt ${days} Tage, jede weitere Dankes-E-Mail bringt einen neuen:`,
    );
  }
  return renderMail(
    {
      subject: t(i18n)`Vielen Dank für Ihre Spende`,
      greeting: greeting(locale, name || null),
      paragraphs,
      ...(content.manageUrl ? { action: { label: t(i18n)`Monatliche Spende verwalten`, url: content.manageUrl } } : {}),
      closing: closing(locale),
    },
    i18n.locale,
    footer,
  );
}

/**
 * A donation whose SEPA debit failed (a one-time gift, or the first month of a pledge, which then never
 * started): the thank-you page said a confirmation follows by mail, so the donor hears that none will,
 * and where to give again. No name in the greeting: nobody has proven the address, and no money came.
 */
export function donationFailedMail(locale: string, content: { mode: DonationMode; amountCents: number }, footer: MailFooter): MailMessage {
  const i18n = i18nFor(locale);
  const { orgName } = footer;
  const amount = formatCents(content.amountCents);
  return renderMail(
    {
      subject: t(i18n)`Ihre Spende konnte nicht eingezogen werden`,
      greeting: greeting(locale, null),
      paragraphs: [
        content.mode === 'monthly'
          ? // Stripe may retry a subscription's invoice (its retry settings): the mail promises nothing either way.
            t(
              i18n,
            )`leider konnte die erste Lastschrift Ihrer monatlichen Spende über ${amount} an ${orgName} nicht eingezogen werden. Unser Zahlungsdienstleister Stripe versucht es unter Umständen noch einmal: Gelingt es, bestätigen wir Ihnen den Eingang per E-Mail, sonst kommt die monatliche Spende nicht zustande.`
          : t(
              i18n,
            )`leider konnte Ihre Spende über ${amount} an ${orgName} nicht per Lastschrift eingezogen werden. Es wurde nichts abgebucht.`,
        t(
          i18n,
        )`Das kann an einem nicht gedeckten Konto oder an falschen Kontodaten liegen. Wenn Sie es noch einmal versuchen möchten, freuen wir uns sehr:`,
      ],
      action: { label: t(i18n)`Erneut spenden`, url: siteLink(footer.publicUrl, '/spenden', {}, locale) },
      closing: closing(locale),
    },
    i18n.locale,
    footer,
  );
}
