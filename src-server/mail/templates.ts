import { t } from '@lingui/core/macro';
import { isLocale, LOCALE_NAMES } from '@shared/locales';
import { i18nFor } from '../lib/i18n';
import type { MailFooter } from './footer';
import { type MailMessage, renderMail } from './render';

export type { MailMessage } from './render';

/** The sign-off of every mail the team sends. */
export function closing(locale: string): string[] {
  const i18n = i18nFor(locale);
  return [t(i18n)`Viele Grüße`, t(i18n)`Ihr SchoolBox-Team`];
}

/**
 * "Sprache: English": in a mail to the team (in `teamLocale`), the language a visitor wrote or ordered
 * in, so that whoever answers them by hand writes in it (the contact message, an order's team mail).
 */
export function languageLine(teamLocale: string, locale: string): string {
  const i18n = i18nFor(teamLocale);
  const language = isLocale(locale) ? LOCALE_NAMES[locale] : locale;
  return t(i18n)`Sprache: ${language}`;
}

/**
 * "Hallo Ada," — or, to an address nobody has shown to be theirs yet, no name (null): anyone can type any
 * name beside any address into a form, and the site's mails must not carry a stranger's words to it.
 */
export function greeting(locale: string, firstName: string | null): string {
  const i18n = i18nFor(locale);
  return firstName === null ? t(i18n)`Hallo,` : t(i18n)`Hallo ${firstName},`;
}

/** Sent after sign-up: confirm the address (the link is valid for 24 hours). Greets no one by name. */
export function verifyEmailMail(locale: string, params: { link: string }, footer: MailFooter): MailMessage {
  const i18n = i18nFor(locale);
  const { link } = params;
  return renderMail(
    {
      subject: t(i18n)`Bitte bestätigen Sie Ihre E-Mail-Adresse`,
      greeting: greeting(locale, null),
      paragraphs: [
        t(
          i18n,
        )`vielen Dank für Ihre Registrierung bei SchoolBox. Bitte bestätigen Sie Ihre E-Mail-Adresse, damit Sie sich anmelden können.`,
        t(i18n)`Der Link ist 24 Stunden gültig. Wenn Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.`,
      ],
      action: { label: t(i18n)`E-Mail-Adresse bestätigen`, url: link },
      closing: closing(locale),
    },
    i18n.locale,
    footer,
  );
}

/** Sent on request: set a new password (the link is valid for one hour). No name for an unverified address. */
export function resetPasswordMail(locale: string, params: { firstName: string | null; link: string }, footer: MailFooter): MailMessage {
  const i18n = i18nFor(locale);
  const { firstName, link } = params;
  return renderMail(
    {
      subject: t(i18n)`Ihr neues Passwort für SchoolBox`,
      greeting: greeting(locale, firstName),
      paragraphs: [
        t(i18n)`Sie haben ein neues Passwort für Ihr SchoolBox-Konto angefordert. Über den folgenden Link können Sie es festlegen.`,
        t(
          i18n,
        )`Der Link ist eine Stunde gültig. Wenn Sie kein neues Passwort angefordert haben, können Sie diese E-Mail ignorieren – Ihr Passwort bleibt unverändert.`,
      ],
      action: { label: t(i18n)`Neues Passwort festlegen`, url: link },
      closing: closing(locale),
    },
    i18n.locale,
    footer,
  );
}

/** Sent after a newsletter sign-up: nothing is sent to the address until its owner confirms. */
export function newsletterConfirmMail(locale: string, params: { link: string }, footer: MailFooter): MailMessage {
  const i18n = i18nFor(locale);
  return renderMail(
    {
      subject: t(i18n)`Bitte bestätigen Sie Ihr Newsletter-Abonnement`,
      greeting: t(i18n)`Hallo,`,
      paragraphs: [
        t(
          i18n,
        )`vielen Dank für Ihr Interesse am SchoolBox-Newsletter! Bitte bestätigen Sie Ihr Abonnement mit einem Klick auf den folgenden Link.`,
        t(i18n)`Wenn Sie sich nicht angemeldet haben, ignorieren Sie diese E-Mail einfach – Sie erhalten dann keine Nachrichten von uns.`,
      ],
      action: { label: t(i18n)`Abonnement bestätigen`, url: params.link },
      closing: closing(locale),
    },
    i18n.locale,
    footer,
  );
}
