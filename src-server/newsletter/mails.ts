import { t } from '@lingui/core/macro';
import type { NewsletterContent } from '@shared/schemas/newsletter';
import type { Locale } from '@shared/locales';
import { i18nFor } from '../lib/i18n';
import { renderMail } from '../mail/render';
import type { MailMessage } from '../mail/templates';
import { mailPictureUrl, paragraphsOf, textFor } from './content';
import { oneClickUnsubscribeUrl, unsubscribePageUrl } from './links';

export type NewsletterMail = { locale: Locale; message: MailMessage; headers: Record<string, string> };

/**
 * One subscriber's newsletter mail: the text in their language (or German), the site's mail layout,
 * an unsubscribe link at the end, and the List-Unsubscribe headers of RFC 2369 and RFC 8058 so mail
 * programs offer a one-click "unsubscribe". The unsubscribe page opens in the subscriber's language.
 */
export function newsletterMail(params: {
  content: NewsletterContent;
  locale: string;
  unsubscribeToken: string;
  publicUrl: string;
  /** Named in the footer, with the links to the Impressum and the privacy policy. */
  orgName: string;
}): NewsletterMail {
  const { content, unsubscribeToken, publicUrl, orgName } = params;
  const { locale, text } = textFor(content, params.locale);
  const i18n = i18nFor(locale);
  const url = unsubscribePageUrl(publicUrl, unsubscribeToken, params.locale);
  const picture = mailPictureUrl(content.imageUrl, publicUrl);
  const message = renderMail(
    {
      subject: text.subject,
      greeting: '',
      ...(picture ? { image: { url: picture, alt: text.imageAlt } } : {}),
      paragraphs: [
        ...paragraphsOf(text.body),
        t(i18n)`Sie erhalten diese E-Mail, weil Sie den SchoolBox-Newsletter abonniert haben. Abmelden: ${url}`,
      ],
      closing: [],
      links: true,
    },
    locale,
    { orgName, publicUrl },
  );
  return {
    locale,
    message,
    headers: {
      // RFC 8058 wants exactly one https address here: the one-click endpoint (a GET on it leads to the page).
      'List-Unsubscribe': `<${oneClickUnsubscribeUrl(publicUrl, unsubscribeToken, params.locale)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
