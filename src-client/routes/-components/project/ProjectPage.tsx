import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import heroImage from '@client/assets/illustrations/project-hero.svg';
import { CardGrid } from '@client/components/page/CardGrid';
import { FigureList } from '@client/components/page/FigureList';
import { InfoCard } from '@client/components/page/InfoCard';
import { PageCallToAction } from '@client/components/page/PageCallToAction';
import { PageHero } from '@client/components/page/PageHero';
import { PageSection } from '@client/components/page/PageSection';
import { PageShell } from '@client/components/page/PageShell';
import { PhaseTimeline } from './PhaseTimeline';
import { PROJECT_FEATURES } from './project-content';
import classes from './project.module.css';
import { ContactButton, HowItWorksButton, SupportButton } from '@client/components/page/NextStepButtons';

// The pilot school in figures (spec §9: 30 students per unit; 90 per school in three shifts).
const PILOT_FIGURES = [
  { key: 'seats', value: '30', label: msg`Plätze pro Einheit` },
  { key: 'shifts', value: '3', label: msg`Unterrichtsschichten am Tag` },
  { key: 'students', value: '90', label: msg`Schülerinnen und Schüler` },
  { key: 'solar', value: '100 %', label: msg`Strom aus der Sonne` },
];

/** /project: what SchoolBox is, the pilot school and the three-phase timeline. */
export function ProjectPage() {
  const { i18n } = useLingui();
  return (
    <PageShell>
      <PageHero
        eyebrow={<Trans>Das Projekt</Trans>}
        title={<Trans>Schule, die dorthin kommt, wo Kinder leben</Trans>}
        lead={
          <Trans>
            SchoolBox ist ein vollständiges Klassenzimmer in einem Seecontainer: mit eigenem Solarstrom, Internet per Satellit und digitalen
            Lernmitteln. Es entsteht in Köln, reist um die halbe Welt und ist in wenigen Wochen bereit für den ersten Schultag.
          </Trans>
        }
        actions={
          <>
            <HowItWorksButton />
            <SupportButton variant="outline" />
          </>
        }
        image={{ src: heroImage, alt: '', aspectRatio: 640 / 420 }}
      />

      <PageSection
        id="features"
        title={<Trans>Was SchoolBox ausmacht</Trans>}
        intro={
          <Trans>
            Alles, was eine Schule braucht, steckt in einer Box – und nichts davon hängt an einem Stromnetz oder einer Kabelleitung.
          </Trans>
        }
      >
        <CardGrid cols={3}>
          {PROJECT_FEATURES.map((feature) => (
            <InfoCard
              key={feature.title.id}
              icon={feature.icon}
              title={i18n._(feature.title)}
              text={i18n._(feature.text)}
              data-testid="project-feature"
            />
          ))}
        </CardGrid>
      </PageSection>

      <PageSection id="pilot" tone="tinted" title={<Trans>Unser Pilotprojekt</Trans>}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48}>
          <Stack gap="md" className={classes.pilotText}>
            <Text c="gray.8">
              <Trans>
                Mit der ersten SchoolBox prüfen wir unser Konzept im Alltag: Wie gut hält die Technik Hitze, Staub und Regenzeit stand? Wie
                kommen Lehrkräfte mit den digitalen Lernmitteln zurecht? Und was brauchen die Kinder wirklich?
              </Trans>
            </Text>
            <Text c="gray.8">
              <Trans>
                Der Prototyp ist fertiggestellt, die Pilotschule in Betrieb: 90 Schülerinnen und Schüler lernen dort in drei Schichten mit
                je 30 Kindern. Ein Schuljahr lang begleiten wir den Unterricht und werten aus, was funktioniert – und was wir für die
                nächsten Standorte verbessern.
              </Trans>
            </Text>
          </Stack>
          <FigureList
            cols={2}
            itemTestId="project-pilot-figure"
            figures={PILOT_FIGURES.map((figure) => ({ key: figure.key, value: figure.value, label: i18n._(figure.label) }))}
          />
        </SimpleGrid>
      </PageSection>

      <PageSection
        id="timeline"
        size="md"
        title={<Trans>Der Weg in drei Phasen</Trans>}
        intro={<Trans>Vom Prototyp zur ersten Schule – und dann zu vielen.</Trans>}
      >
        <PhaseTimeline />
      </PageSection>

      <PageCallToAction
        id="project-cta"
        title={<Trans>Werden Sie Teil der nächsten Phase</Trans>}
        text={<Trans>Jede weitere SchoolBox braucht Menschen und Unternehmen, die mitmachen – mit Geld, Sachspenden oder Know-how.</Trans>}
      >
        <SupportButton />
        <ContactButton variant="outline" />
      </PageCallToAction>
    </PageShell>
  );
}
