import { Trans } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { AnchorLink } from '@client/components/links';
import classes from './inline-links.module.css';

/**
 * Which form the notice stands under. Each says what that form's data is for (legal-de.md §3.1) and
 * links to the matching section of the privacy policy.
 */
export type PrivacyNoticeKind = 'contact' | 'signUp' | 'newsletter' | 'donation' | 'order' | 'withdrawal';

/** The section of /datenschutz (an id of the privacy templates) that explains each form. */
const SECTION: Record<PrivacyNoticeKind, string> = {
  contact: 'contact-form',
  signUp: 'accounts',
  newsletter: 'newsletter',
  donation: 'donations',
  order: 'orders',
  withdrawal: 'withdrawals',
};

/**
 * Who else gets an order's data (legal-de.md §3.1: the notice names the recipients), as the privacy
 * page's orders section says: Printful only when orders go to Printful, Stripe only with online payment.
 */
export type OrderRecipients = { printful: boolean; stripe: boolean };

/**
 * The short notice under every form that collects personal data (Art. 13 GDPR, layered notice): what
 * happens to the data, one click from the full privacy policy. No checkbox: none of these forms rests on
 * a "consent to the privacy policy" (the newsletter's consent is its own sentence beside the button).
 */
export function PrivacyNotice({ kind, recipients }: { kind: PrivacyNoticeKind; recipients?: OrderRecipients }) {
  // The link goes to the section about this form (the router keeps the page's language).
  const hash = SECTION[kind];
  return (
    <Text size="xs" c="gray.7" className={classes.text} data-testid="privacy-notice">
      {kind === 'order' ? (
        <>
          <Trans>
            Wir verwenden Ihre Angaben, um Ihre Bestellung auszuführen, und bewahren die Bestelldaten für die gesetzliche Frist auf.
          </Trans>{' '}
          {recipients?.printful && (
            <>
              <Trans>
                Für Herstellung und Versand erhält Printful Ihren Namen, Ihre Lieferadresse, Ihre E-Mail-Adresse, falls angegeben Ihre
                Telefonnummer und die bestellten Artikel; Printful gibt die Lieferdaten an das Versandunternehmen weiter.
              </Trans>{' '}
            </>
          )}
          {recipients?.stripe && (
            <>
              <Trans>
                Die Zahlung wickelt Stripe ab; dafür erhält Stripe Ihre E-Mail-Adresse, die bestellten Artikel und den Betrag.
              </Trans>{' '}
            </>
          )}
          <Trans>
            Mehr dazu in unserer{' '}
            <AnchorLink to="/datenschutz" hash={hash} size="xs" inherit>
              Datenschutzerklärung
            </AnchorLink>
            .
          </Trans>
        </>
      ) : kind === 'contact' ? (
        <Trans>
          Wir verwenden Ihre Angaben nur, um Ihre Anfrage zu beantworten, und löschen Ihre Nachricht nach einer festen Frist automatisch.
          Mehr dazu in unserer{' '}
          <AnchorLink to="/datenschutz" hash={hash} size="xs" inherit>
            Datenschutzerklärung
          </AnchorLink>
          .
        </Trans>
      ) : kind === 'signUp' ? (
        <Trans>
          Wir verwenden Ihre Angaben für Ihr Konto und schicken Ihnen eine E-Mail, um Ihre Adresse zu bestätigen. Ihr Konto können Sie
          jederzeit selbst löschen. Mehr dazu in unserer{' '}
          <AnchorLink to="/datenschutz" hash={hash} size="xs" inherit>
            Datenschutzerklärung
          </AnchorLink>
          .
        </Trans>
      ) : kind === 'donation' ? (
        <Trans>
          Wir verwenden Ihre Angaben, um Ihre Spende abzuwickeln und Ihnen per E-Mail zu danken; die Zahlung selbst wickelt Stripe ab.
          Spendendaten bewahren wir wie alle Buchungsbelege für die gesetzliche Frist auf. Mehr dazu in unserer{' '}
          <AnchorLink to="/datenschutz" hash={hash} size="xs" inherit>
            Datenschutzerklärung
          </AnchorLink>
          .
        </Trans>
      ) : kind === 'withdrawal' ? (
        <Trans>
          Wir verwenden Ihre Angaben, um Ihren Widerruf zu bearbeiten und Ihnen seinen Eingang zu bestätigen, und bewahren Ihre Erklärung so
          lange auf wie die Bestellung, zu der sie gehört. Mehr dazu in unserer{' '}
          <AnchorLink to="/datenschutz" hash={hash} size="xs" inherit>
            Datenschutzerklärung
          </AnchorLink>
          .
        </Trans>
      ) : (
        <Trans>
          Was wir zum Nachweis Ihrer Einwilligung speichern und wie lange, steht in unserer{' '}
          <AnchorLink to="/datenschutz" hash={hash} size="xs" inherit>
            Datenschutzerklärung
          </AnchorLink>
          .
        </Trans>
      )}
    </Text>
  );
}
