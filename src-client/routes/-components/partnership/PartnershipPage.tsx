import { Trans, useLingui } from '@lingui/react/macro';
import { ThemeIcon } from '@mantine/core';
import { IconFileText, IconMessageCircle } from '@tabler/icons-react';
import heroImage from '@client/assets/illustrations/partnership-hero.svg';
import { ButtonLink } from '@client/components/links';
import { CardGrid } from '@client/components/page/CardGrid';
import { CheckList } from '@client/components/page/CheckList';
import { InfoCard } from '@client/components/page/InfoCard';
import { PageCallToAction } from '@client/components/page/PageCallToAction';
import { PageHero } from '@client/components/page/PageHero';
import { PageSection } from '@client/components/page/PageSection';
import { PageShell } from '@client/components/page/PageShell';
import {
  PARTNERSHIP_BENEFITS,
  PARTNERSHIP_CALL,
  PARTNERSHIP_HEADINGS,
  PARTNERSHIP_INTRO,
  PARTNERSHIP_SUCCESS,
  PARTNERSHIP_TYPES,
} from './partnership-content';
import classes from './partnership.module.css';

function ContactButton() {
  return (
    <ButtonLink to="/contact" size="md" leftSection={<IconMessageCircle size={18} aria-hidden />}>
      <Trans>Partnerschaft anfragen</Trans>
    </ButtonLink>
  );
}

function BrochureButton() {
  return (
    <ButtonLink
      to="/partnership/brochure"
      size="md"
      variant="outline"
      leftSection={<IconFileText size={18} aria-hidden />}
      data-testid="partnership-brochure-link"
    >
      <Trans>Broschüre ansehen</Trans>
    </ButtonLink>
  );
}

/** /partnership: benefits, the three partnership types, what makes a partnership work, and the brochure. */
export function PartnershipPage() {
  const { i18n } = useLingui();
  return (
    <PageShell>
      <PageHero
        eyebrow={<Trans>Partnerschaft</Trans>}
        title={i18n._(PARTNERSHIP_INTRO.title)}
        lead={i18n._(PARTNERSHIP_INTRO.lead)}
        actions={
          <>
            <ContactButton />
            <BrochureButton />
          </>
        }
        image={{ src: heroImage, alt: '', aspectRatio: 640 / 420 }}
      />

      <PageSection id="benefits" title={i18n._(PARTNERSHIP_HEADINGS.benefits)} intro={i18n._(PARTNERSHIP_HEADINGS.benefitsIntro)}>
        <CardGrid cols={4}>
          {PARTNERSHIP_BENEFITS.map((benefit) => (
            <InfoCard
              key={benefit.key}
              icon={benefit.icon}
              title={i18n._(benefit.title)}
              text={i18n._(benefit.text)}
              data-testid="partnership-benefit"
            />
          ))}
        </CardGrid>
      </PageSection>

      <PageSection
        id="partnership-types"
        tone="tinted"
        title={i18n._(PARTNERSHIP_HEADINGS.types)}
        intro={i18n._(PARTNERSHIP_HEADINGS.typesIntro)}
      >
        <CardGrid cols={3}>
          {PARTNERSHIP_TYPES.map((type) => (
            <InfoCard key={type.key} icon={type.icon} title={i18n._(type.title)} text={i18n._(type.summary)} data-testid="partnership-type">
              <CheckList
                itemTestId="partnership-type-feature"
                items={type.features.map((feature) => ({ key: feature.id, content: i18n._(feature) }))}
              />
            </InfoCard>
          ))}
        </CardGrid>
      </PageSection>

      <PageSection id="success" title={i18n._(PARTNERSHIP_SUCCESS.title)} intro={i18n._(PARTNERSHIP_SUCCESS.intro)}>
        <CardGrid cols={3} ordered>
          {PARTNERSHIP_SUCCESS.points.map((point, index) => (
            <InfoCard
              key={point.key}
              top={
                <ThemeIcon size={40} radius="xl" variant="filled" className={classes.number} aria-hidden>
                  {index + 1}
                </ThemeIcon>
              }
              title={i18n._(point.title)}
              text={i18n._(point.text)}
              data-testid="partnership-success-point"
            />
          ))}
        </CardGrid>
      </PageSection>

      <PageCallToAction id="partnership-cta" title={i18n._(PARTNERSHIP_CALL.title)} text={i18n._(PARTNERSHIP_CALL.text)}>
        <ContactButton />
        <BrochureButton />
      </PageCallToAction>
    </PageShell>
  );
}
