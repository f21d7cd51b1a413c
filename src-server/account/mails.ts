import { t } from '@lingui/core/macro';
import { i18nFor } from '../lib/i18n';
import type { MailFooter } from '../mail/footer';
import { renderMail } from '../mail/render';
import { closing, greeting, type MailMessage } from '../mail/templates';

/** To the new address: the change takes effect when this link is opened (valid for 24 hours). No name: the address is not proven. */
export function emailChangeMail(locale: string, params: { link: string }, footer: MailFooter): MailMessage {
  const i18n = i18nFor(locale);
  const { link } = params;
  return renderMail(
    {
      subject: t(i18n)`Bitte bestätigen Sie Ihre neue E-Mail-Adresse`,
      greeting: greeting(locale, null),
      paragraphs: [
        t(
          i18n,
        )`Sie möchten diese E-Mail-Adresse für Ihr SchoolBox-Konto verwenden. Die Änderung gilt erst, wenn Sie sie mit dem folgenden Link bestätigen.`,
        t(i18n)`Der Link ist 24 Stunden gültig. Wenn Sie das nicht veranlasst haben, können Sie diese E-Mail ignorieren.`,
      ],
      action: { label: t(i18n)`Neue E-Mail-Adresse bestätigen`, url: link },
      closing: closing(locale),
    },
    i18n.locale,
    footer,
  );
}

/**
 * To the old address: someone signed in with the right password asked to move the account elsewhere.
 * It names neither the new address (whoever reads the old mailbox need not learn it) nor a link.
 */
export function emailChangeNoticeMail(locale: string, params: { firstName: string }, footer: MailFooter): MailMessage {
  const i18n = i18nFor(locale);
  const { firstName } = params;
  return renderMail(
    {
      subject: t(i18n)`Änderung Ihrer E-Mail-Adresse angefordert`,
      greeting: greeting(locale, firstName),
      paragraphs: [
        t(
          i18n,
        )`für Ihr SchoolBox-Konto wurde eine neue E-Mail-Adresse angegeben. Sie gilt erst, wenn der Link in der E-Mail an die neue Adresse geöffnet wird; bis dahin melden Sie sich weiter mit dieser Adresse an.`,
        t(
          i18n,
        )`Wenn Sie das nicht waren, ändern Sie bitte sofort Ihr Passwort unter „Mein Konto“ – oder, falls Sie sich nicht mehr anmelden können, über „Passwort vergessen“.`,
      ],
      closing: closing(locale),
    },
    i18n.locale,
    footer,
  );
}
