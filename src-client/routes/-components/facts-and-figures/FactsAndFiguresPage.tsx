import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Text } from '@mantine/core';
import heroImage from '@client/assets/illustrations/facts-hero.svg';
import { CardGrid } from '@client/components/page/CardGrid';
import { FigureList } from '@client/components/page/FigureList';
import { PageCallToAction } from '@client/components/page/PageCallToAction';
import { PageHero } from '@client/components/page/PageHero';
import { PageSection } from '@client/components/page/PageSection';
import { PageShell } from '@client/components/page/PageShell';
import { SOURCES, STATISTIC_GROUPS } from './facts-content';
import classes from './facts.module.css';
import { StatisticCard } from './StatisticCard';
import { ProjectButton, SupportButton } from '@client/components/page/NextStepButtons';

// What one SchoolBox sets against these numbers (spec §9: 90 students per school, 100 % power independence).
const SCHOOLBOX_FIGURES = [
  { key: 'students', value: '90', label: msg`Schülerinnen und Schüler pro Schule` },
  { key: 'energy', value: '100 %', label: msg`Energieunabhängigkeit` },
  { key: 'runtime', value: '72 h', label: msg`autonomer Betrieb ohne Sonne` },
  { key: 'wifi', value: '200 m', label: msg`WLAN-Reichweite` },
];

/** /facts-and-figures: published statistics on education, infrastructure and digital access, and their sources. */
export function FactsAndFiguresPage() {
  const { i18n } = useLingui();
  return (
    <PageShell>
      <PageHero
        eyebrow={<Trans>Fakten & Zahlen</Trans>}
        title={<Trans>Die Bildungslücke in Zahlen</Trans>}
        lead={
          <Trans>
            Warum es SchoolBox braucht, zeigen die Zahlen internationaler Organisationen. Jede Angabe auf dieser Seite nennt ihre Quelle,
            damit Sie selbst nachlesen können.
          </Trans>
        }
        actions={
          <Button component="a" href="#sources" size="md" variant="outline">
            <Trans>Zu den Quellen</Trans>
          </Button>
        }
        image={{ src: heroImage, alt: '', aspectRatio: 640 / 420 }}
      />

      {STATISTIC_GROUPS.map((group, index) => (
        <PageSection
          key={group.key}
          id={group.key}
          tone={index % 2 === 1 ? 'tinted' : 'plain'}
          title={i18n._(group.title)}
          intro={i18n._(group.intro)}
        >
          <CardGrid cols={group.stats.length === 3 ? 3 : 4}>
            {group.stats.map((stat) => (
              <StatisticCard key={stat.key} stat={stat} />
            ))}
          </CardGrid>
        </PageSection>
      ))}

      <PageSection
        id="schoolbox-figures"
        tone="dark"
        centered
        title={<Trans>Was eine SchoolBox dagegensetzt</Trans>}
        intro={
          <Trans>Eine Schule, die ihren Strom selbst erzeugt und ihr Internet mitbringt – für die Kinder einer ganzen Gemeinde.</Trans>
        }
      >
        <FigureList
          tone="dark"
          itemTestId="facts-schoolbox-figure"
          figures={SCHOOLBOX_FIGURES.map((figure) => ({ key: figure.key, value: figure.value, label: i18n._(figure.label) }))}
        />
      </PageSection>

      <PageSection
        id="sources"
        size="md"
        title={<Trans>Primärquellen</Trans>}
        intro={
          <Trans>
            Alle Angaben sind Schätzungen der genannten Organisationen für das jeweils genannte Jahr. Neuere Ausgaben dieser Berichte können
            abweichende Werte enthalten.
          </Trans>
        }
      >
        <ol className={classes.sources}>
          {SOURCES.map((source) => (
            <li key={source.key} data-testid="facts-source">
              <Text fw={600} c="gray.9">
                {i18n._(source.organisation)}
              </Text>
              <Text c="gray.8" size="sm">
                {source.url ? (
                  <Anchor href={source.url} className={classes.sourceTitle} rel="noopener noreferrer">
                    {source.title}
                  </Anchor>
                ) : (
                  <cite className={classes.sourceTitle}>{source.title}</cite>
                )}{' '}
                ({source.year})
              </Text>
            </li>
          ))}
        </ol>
      </PageSection>

      <PageCallToAction
        id="facts-cta"
        title={<Trans>Zahlen, die wir ändern wollen</Trans>}
        text={<Trans>Jede SchoolBox bringt 90 Kindern eine Schule mit Strom und Internet. Helfen Sie mit, dass es mehr werden.</Trans>}
      >
        <SupportButton />
        <ProjectButton variant="outline" />
      </PageCallToAction>
    </PageShell>
  );
}
