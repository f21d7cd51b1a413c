import { Trans, useLingui } from '@lingui/react/macro';

import { IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import heroImage from '@client/assets/illustrations/contact-hero.svg';
import { AnchorLink } from '@client/components/links';
import { CardGrid } from '@client/components/page/CardGrid';
import { InfoCard } from '@client/components/page/InfoCard';
import { PageHero } from '@client/components/page/PageHero';
import { PageSection } from '@client/components/page/PageSection';
import { PageShell } from '@client/components/page/PageShell';
import { ContactInfoCards } from './ContactInfoCards';
import { INQUIRY_TYPES } from './contact-content';
import classes from './contact.module.css';
import { ResponseTimesCard } from './ResponseTimesCard';

type ContactPageProps = {
  /** The contact form (built by the route); placed under the heading "Nachricht senden", so it needs no heading of its own. */
  form: ReactNode;
};

/** /contact: the three ways to reach us, the form with the response times beside it, and the kinds of inquiry. */
export function ContactPage({ form }: ContactPageProps) {
  const { i18n } = useLingui();
  return (
    <PageShell>
      <PageHero
        eyebrow={<Trans>Kontakt</Trans>}
        title={<Trans>Wir freuen uns auf Ihre Nachricht</Trans>}
        lead={
          <Trans>
            Ob Frage, Idee oder Angebot zur Zusammenarbeit: Schreiben Sie uns über das Formular, per E-Mail oder rufen Sie an. Wir antworten
            Ihnen persönlich.
          </Trans>
        }
        image={{ src: heroImage, alt: '', aspectRatio: 640 / 420 }}
      />

      <PageSection id="contact-details" title={<Trans>So erreichen Sie uns</Trans>}>
        <ContactInfoCards />
      </PageSection>

      <PageSection
        id="contact-form"
        tone="tinted"
        title={<Trans>Nachricht senden</Trans>}
        intro={<Trans>Erzählen Sie uns, worum es geht. Wir leiten Ihre Nachricht an die richtige Person in unserem Team weiter.</Trans>}
      >
        <div className={classes.formLayout}>
          <div>{form}</div>
          <ResponseTimesCard />
        </div>
      </PageSection>

      <PageSection
        id="inquiry-types"
        title={<Trans>Worum geht es?</Trans>}
        intro={<Trans>Damit Ihre Nachricht gleich bei der richtigen Person landet, hier die häufigsten Anliegen:</Trans>}
      >
        <CardGrid cols={3}>
          {INQUIRY_TYPES.map((type) => (
            <InfoCard
              key={type.key}
              icon={type.icon}
              title={i18n._(type.title)}
              text={i18n._(type.text)}
              data-testid="contact-inquiry-type"
            >
              {type.link && (
                <AnchorLink to={type.link.to} fw={600} mt="auto" py={10} display="inline-flex" style={{ alignItems: 'center', gap: 6 }}>
                  {i18n._(type.link.label)}
                  <IconArrowRight size={16} aria-hidden />
                </AnchorLink>
              )}
            </InfoCard>
          ))}
        </CardGrid>
      </PageSection>
    </PageShell>
  );
}
