import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Text } from '@mantine/core';
import { IconArrowDown } from '@tabler/icons-react';
import heroImage from '@client/assets/illustrations/how-it-works-hero.svg';
import { FigureList } from '@client/components/page/FigureList';
import { InfoCard } from '@client/components/page/InfoCard';
import { PageCallToAction } from '@client/components/page/PageCallToAction';
import { PageHero } from '@client/components/page/PageHero';
import { PageSection } from '@client/components/page/PageSection';
import { PageShell } from '@client/components/page/PageShell';
import { ContainerLayout } from './ContainerLayout';
import { IMPLEMENTATION_STEPS, TECHNICAL_SPECS } from './how-it-works-content';
import classes from './how-it-works.module.css';
import { OutdoorClassroom } from './OutdoorClassroom';
import { ContactButton, ProjectButton, SupportButton } from '@client/components/page/NextStepButtons';

/** /how-it-works: the container layout, the outdoor classroom, the five steps and the technical specs. */
export function HowItWorksPage() {
  const { i18n } = useLingui();
  return (
    <PageShell>
      <PageHero
        eyebrow={<Trans>So funktioniert's</Trans>}
        title={<Trans>Vom Seecontainer zum Klassenzimmer</Trans>}
        lead={
          <Trans>
            Eine SchoolBox wird in Köln ausgebaut, fertig ausgestattet verschifft und vor Ort in wenigen Wochen aufgebaut. Hier sehen Sie,
            wie sie eingeteilt ist, wie Unterricht darin und davor funktioniert und welche Technik dahintersteckt.
          </Trans>
        }
        actions={
          <>
            <Button component="a" href="#specs" size="md" rightSection={<IconArrowDown size={18} aria-hidden />}>
              <Trans>Technische Daten</Trans>
            </Button>
            <SupportButton variant="outline" />
          </>
        }
        image={{ src: heroImage, alt: '', aspectRatio: 640 / 420 }}
      />

      <ContainerLayout />
      <OutdoorClassroom />

      <PageSection
        id="steps"
        title={<Trans>In fünf Schritten zur Schule</Trans>}
        intro={
          <Trans>
            Von der ersten Anfrage bis zum ersten Schultag vergehen meist nur wenige Monate. Der Aufbau vor Ort selbst dauert etwa drei
            Wochen.
          </Trans>
        }
      >
        <ol className={classes.steps}>
          {IMPLEMENTATION_STEPS.map((step, index) => {
            const number = index + 1;
            return (
              <li key={step.key} data-testid="how-step">
                <InfoCard
                  icon={step.icon}
                  top={
                    <Text className={classes.stepNumber}>
                      <Trans>Schritt {number}</Trans>
                    </Text>
                  }
                  title={i18n._(step.title)}
                  text={i18n._(step.text)}
                />
              </li>
            );
          })}
        </ol>
      </PageSection>

      <PageSection
        id="specs"
        tone="tinted"
        title={<Trans>Technische Daten</Trans>}
        intro={<Trans>Alle Werte gelten für eine SchoolBox-Einheit.</Trans>}
      >
        <FigureList
          cols={3}
          itemTestId="how-spec"
          figures={TECHNICAL_SPECS.map((spec) => ({
            key: spec.key,
            value: typeof spec.value === 'string' ? spec.value : i18n._(spec.value),
            label: i18n._(spec.label),
          }))}
        />
      </PageSection>

      <PageCallToAction
        id="how-cta"
        title={<Trans>Fragen zur Technik?</Trans>}
        text={<Trans>Unser Technikteam erklärt Ihnen gern jedes Detail – vom Batteriespeicher bis zur Satellitenschüssel.</Trans>}
      >
        <ContactButton />
        <ProjectButton variant="outline" />
      </PageCallToAction>
    </PageShell>
  );
}
