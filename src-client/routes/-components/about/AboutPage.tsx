import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Text } from '@mantine/core';
import { IconEye, IconTarget } from '@tabler/icons-react';
import { FOUNDATION_YEAR } from '@shared/constants';
import heroImage from '@client/assets/illustrations/about-hero.svg';
import { CardGrid } from '@client/components/page/CardGrid';
import { FigureList } from '@client/components/page/FigureList';
import { InfoCard } from '@client/components/page/InfoCard';
import { PageCallToAction } from '@client/components/page/PageCallToAction';
import { PageHero } from '@client/components/page/PageHero';
import { PageSection } from '@client/components/page/PageSection';
import { PageShell } from '@client/components/page/PageShell';
import { ACHIEVEMENTS, COMING_SOON, VALUES } from './about-content';
import classes from './about.module.css';
import { TeamSection } from './TeamSection';
import { ContactButton, SupportButton } from '@client/components/page/NextStepButtons';

/** /about: mission, vision, story, values, team, achievements and what comes next. */
export function AboutPage() {
  const { i18n } = useLingui();
  const year = FOUNDATION_YEAR;
  return (
    <PageShell>
      <PageHero
        eyebrow={<Trans>Über uns</Trans>}
        title={<Trans>Ein Verein aus Köln mit einer einfachen Idee</Trans>}
        lead={
          <Trans>
            Schule muss nicht an ein Gebäude gebunden sein. {year} haben wir SchoolBox gegründet, um Bildung dorthin zu bringen, wo Kinder
            leben – mit Sonne, Satellit und vielen Menschen, die mithelfen.
          </Trans>
        }
        image={{ src: heroImage, alt: '', aspectRatio: 640 / 420 }}
      />

      <PageSection id="mission-vision" title={<Trans>Mission und Vision</Trans>}>
        <CardGrid cols={2}>
          <InfoCard
            icon={IconTarget}
            title={<Trans>Unsere Mission</Trans>}
            text={
              <Trans>
                Wir bringen voll ausgestattete, energieautarke Klassenzimmer in Gemeinden, die keine Schule haben – schnell, bezahlbar und
                gemeinsam mit den Menschen vor Ort.
              </Trans>
            }
            data-testid="about-mission"
          />
          <InfoCard
            icon={IconEye}
            title={<Trans>Unsere Vision</Trans>}
            text={
              <Trans>
                Eine Welt, in der kein Kind auf Bildung verzichten muss, nur weil es an seinem Wohnort kein Schulgebäude, keinen Strom oder
                kein Internet gibt.
              </Trans>
            }
            data-testid="about-vision"
          />
        </CardGrid>
      </PageSection>

      <PageSection id="story" tone="tinted" title={<Trans>Unsere Geschichte</Trans>}>
        <div className={classes.story}>
          <Text c="gray.8" data-testid="about-story-paragraph">
            <Trans>
              Am Anfang stand eine Frage, die uns nicht mehr losließ: Warum dauert es Jahre, eine Schule zu bauen, wenn ein Container in
              wenigen Wochen um die halbe Welt reist? Ingenieurinnen, Lehrer und Eltern aus Köln begannen, nach einer Antwort zu suchen.
            </Trans>
          </Text>
          <Text c="gray.8" data-testid="about-story-paragraph">
            <Trans>
              {year} gründeten wir den gemeinnützigen Verein SchoolBox. Aus Skizzen wurde ein Prototyp: ein umgebauter Seecontainer mit
              Solaranlage, Batteriespeicher, Satelliteninternet und Platz für 30 Kinder. Monatelang haben wir getestet, verworfen und
              verbessert.
            </Trans>
          </Text>
          <Text c="gray.8" data-testid="about-story-paragraph">
            <Trans>
              Heute steht die erste SchoolBox in einer Pilotgemeinde, und 90 Schülerinnen und Schüler lernen darin. Jetzt wollen wir zeigen,
              dass das Modell trägt – und mit Partnern, Spenderinnen und Spendern die nächsten Schulen bauen.
            </Trans>
          </Text>
        </div>
      </PageSection>

      <PageSection id="values" title={<Trans>Unsere Werte</Trans>}>
        <CardGrid cols={4}>
          {VALUES.map((value) => (
            <InfoCard key={value.key} icon={value.icon} title={i18n._(value.title)} text={i18n._(value.text)} data-testid="about-value" />
          ))}
        </CardGrid>
      </PageSection>

      <TeamSection />

      <PageSection id="achievements" tone="dark" centered title={<Trans>Was wir bisher erreicht haben</Trans>}>
        <FigureList
          tone="dark"
          itemTestId="about-achievement"
          figures={ACHIEVEMENTS.map((item) => ({ key: item.key, value: item.value, label: i18n._(item.label) }))}
        />
      </PageSection>

      <PageSection
        id="coming-soon"
        title={<Trans>Demnächst auf dieser Seite</Trans>}
        intro={<Trans>Wir bauen unsere Berichte Schritt für Schritt aus. Bald finden Sie hier:</Trans>}
      >
        <CardGrid cols={3}>
          {COMING_SOON.map((item) => (
            <InfoCard
              key={item.key}
              icon={item.icon}
              title={i18n._(item.title)}
              text={i18n._(item.text)}
              top={
                <Badge variant="light" w="fit-content">
                  <Trans>Bald verfügbar</Trans>
                </Badge>
              }
              data-testid="about-coming-soon"
            />
          ))}
        </CardGrid>
      </PageSection>

      <PageCallToAction
        id="about-cta"
        title={<Trans>Machen Sie mit</Trans>}
        text={<Trans>Ob mit einer Spende, als Partner oder mit Ihrem Fachwissen – wir freuen uns, von Ihnen zu hören.</Trans>}
      >
        <SupportButton />
        <ContactButton variant="outline" />
      </PageCallToAction>
    </PageShell>
  );
}
