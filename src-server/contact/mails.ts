import { t } from '@lingui/core/macro';
import { INQUIRY_TYPE_LABELS } from '@shared/contact-inquiry-types';
import type { ContactMessage } from '@shared/schemas/contact';
import { i18nFor } from '../lib/i18n';
import type { MailFooter } from '../mail/footer';
import { renderMail } from '../mail/render';
import { closing, greeting, languageLine, type MailMessage } from '../mail/templates';

/** The team reads its contact mail in German, whatever language the sender wrote in. */
const INBOX_LOCALE = 'de';

/** The form's fields as "Label: value" lines, for the team's mail (whole lines, for French typography). */
function detailLines(locale: string, message: ContactMessage): string {
  const i18n = i18nFor(locale);
  const { name, email, subject } = message;
  const organization = message.organization || '–';
  const type = i18n._(INQUIRY_TYPE_LABELS[message.inquiryType]);
  return [
    t(i18n)`Name: ${name}`,
    t(i18n)`E-Mail: ${email}`,
    t(i18n)`Organisation: ${organization}`,
    t(i18n)`Art der Anfrage: ${type}`,
    t(i18n)`Betreff: ${subject}`,
  ].join('\n');
}

/** To the team's inbox (CONTACT_INBOX): everything the sender entered; answering it reaches the sender. */
export function contactInboxMail(message: ContactMessage, footer: MailFooter): MailMessage {
  const i18n = i18nFor(INBOX_LOCALE);
  const { name, subject } = message;
  const type = i18n._(INQUIRY_TYPE_LABELS[message.inquiryType]);
  return renderMail(
    {
      subject: t(i18n)`Kontaktanfrage (${type}): ${subject}`,
      greeting: '',
      paragraphs: [
        t(
          i18n,
        )`Über das Kontaktformular der Website ist eine neue Nachricht eingegangen. Eine Antwort auf diese E-Mail geht direkt an ${name}.`,
        `${detailLines(INBOX_LOCALE, message)}\n${languageLine(INBOX_LOCALE, message.locale)}`,
        `${t(i18n)`Nachricht:`}\n${message.message}`,
      ],
      closing: [],
    },
    i18n.locale,
    footer,
  );
}

/**
 * To the sender, in the page's language: we have your message. It repeats none of the text that was
 * typed, not even the name: anyone can type any address into the form, and the site must not carry a
 * stranger's text to it.
 */
export function contactReceiptMail(message: ContactMessage, footer: MailFooter): MailMessage {
  const i18n = i18nFor(message.locale);
  const type = i18n._(INQUIRY_TYPE_LABELS[message.inquiryType]);
  return renderMail(
    {
      subject: t(i18n)`Ihre Nachricht an SchoolBox`,
      greeting: greeting(message.locale, null),
      paragraphs: [
        t(i18n)`vielen Dank für Ihre Nachricht! Wir haben sie erhalten und melden uns so bald wie möglich bei Ihnen.`,
        t(i18n)`Art der Anfrage: ${type}`,
        t(
          i18n,
        )`Wenn Sie uns nicht geschrieben haben, hat jemand anderes Ihre E-Mail-Adresse eingegeben. Dann können Sie diese E-Mail einfach ignorieren.`,
      ],
      closing: closing(message.locale),
    },
    i18n.locale,
    footer,
  );
}

/**
 * A mailbox for a header: "Name" <address>. The name loses every character that could end the quoted
 * string, the address or the header line, so whatever someone types cannot add a header of its own.
 * (The address passed the shared e-mail schema, which allows none of them.)
 */
export function mailbox(name: string, email: string): string {
  const safeName = name
    .replace(/[\p{Cc}\u2028\u2029"\\<>]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return safeName ? `"${safeName}" <${email}>` : email;
}
