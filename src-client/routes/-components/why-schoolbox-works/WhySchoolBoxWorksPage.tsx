import { Trans, useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import heroImage from '@client/assets/illustrations/why-hero.svg';
import { AnchorLink } from '@client/components/links';
import { CardGrid } from '@client/components/page/CardGrid';
import { formatWholeEuros } from '@shared/money';
import { PageCallToAction } from '@client/components/page/PageCallToAction';
import { PageHero } from '@client/components/page/PageHero';
import { PageSection } from '@client/components/page/PageSection';
import { PageShell } from '@client/components/page/PageShell';
import { PROJECT_TOTAL_CENTS } from '../support/project-costs';
import { ProblemSolutionCard } from './ProblemSolutionCard';
import { PROBLEMS, type ProblemKey } from './why-content';
import { HowItWorksButton, SupportButton } from '@client/components/page/NextStepButtons';

/** The solutions; written as <Trans> because the cost one carries the total from the /support cost cards. */
function solutionTexts(): Record<ProblemKey, ReactNode> {
  const total = formatWholeEuros(PROJECT_TOTAL_CENTS);
  return {
    infrastructure: (
      <Trans>
        Die SchoolBox bringt ihre Infrastruktur mit: 15 kW Solarmodule, einen 40-kWh-Lithiumspeicher und Satelliteninternet mit 50 Mbit/s.
        Sie braucht kein Stromnetz und keine Leitung – nur einen ebenen Platz.
      </Trans>
    ),
    costs: (
      <Trans>
        Eine SchoolBox kostet mit Transport und Aufbau rund {total} und steht in wenigen Wochen. Sachspenden senken die Kosten weiter, und
        bei Bedarf zieht der Container an einen neuen Ort um.
      </Trans>
    ),
    teachers: (
      <Trans>
        Wir schulen Lehrkräfte aus der Region und geben ihnen digitale Lernmittel an die Hand: Lernsoftware, mit der Kinder im eigenen Tempo
        üben, und Unterrichtsmaterial aus aller Welt. Fortbildungen per Satellit begleiten sie auch nach dem Start.
      </Trans>
    ),
    distance: (
      <Trans>
        Die Schule kommt zu den Kindern: Eine SchoolBox steht mitten in der Gemeinde, und der Schulweg schrumpft von Stunden auf Minuten.
      </Trans>
    ),
    'future-proofing': (
      <Trans>
        Die SchoolBox ist modular: Einheiten lassen sich ergänzen, Geräte austauschen und Software aus der Ferne aktualisieren. Geschulte
        Menschen aus der Gemeinde übernehmen die Wartung, und die Solaranlage hält Jahrzehnte.
      </Trans>
    ),
  };
}

/** /why-schoolbox-works: five problems (infrastructure, costs, teachers, distance, future-proofing) and their solutions. */
export function WhySchoolBoxWorksPage() {
  const { i18n } = useLingui();
  const solutions = solutionTexts();
  return (
    <PageShell>
      <PageHero
        eyebrow={<Trans>Warum SchoolBox funktioniert</Trans>}
        title={<Trans>Fünf Hürden, eine Antwort</Trans>}
        lead={
          <Trans>
            Millionen Kinder lernen nicht, weil Schulen fehlen, zu weit weg sind oder ohne Strom und Lehrkräfte auskommen müssen. SchoolBox
            setzt genau dort an – mit einer Lösung, die schnell steht, wenig kostet und mitwächst.
          </Trans>
        }
        image={{ src: heroImage, alt: '', aspectRatio: 640 / 420 }}
      />
      <PageSection
        id="problems"
        size="md"
        title={<Trans>Probleme und Lösungen</Trans>}
        intro={<Trans>Jede SchoolBox ist eine Antwort auf Hürden, die in vielen ländlichen Regionen Bildung verhindern.</Trans>}
      >
        <CardGrid cols={1} ordered>
          {PROBLEMS.map((item) => (
            <ProblemSolutionCard
              key={item.key}
              icon={item.icon}
              title={i18n._(item.title)}
              problem={i18n._(item.problem)}
              solution={solutions[item.key]}
            />
          ))}
        </CardGrid>
        <Text mt="xl" c="gray.8">
          <Trans>
            Alle Zahlen und ihre Quellen finden Sie unter{' '}
            <AnchorLink to="/facts-and-figures" fw={600}>
              Fakten & Zahlen
            </AnchorLink>
            .
          </Trans>
        </Text>
      </PageSection>
      <PageCallToAction
        id="why-cta"
        title={<Trans>Überzeugt?</Trans>}
        text={<Trans>Sehen Sie sich an, wie eine SchoolBox aufgebaut ist – oder helfen Sie mit, die nächste zu bauen.</Trans>}
      >
        <HowItWorksButton />
        <SupportButton variant="outline" />
      </PageCallToAction>
    </PageShell>
  );
}
