import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Text, Title } from '@mantine/core';
import layoutImage from '@client/assets/illustrations/container-layout.svg';
import { SmartImage } from '@client/components/media/SmartImage';
import { PageSection } from '@client/components/page/PageSection';
import { CONTAINER_ZONES } from './how-it-works-content';
import classes from './how-it-works.module.css';

/** The floor plan with its numbered zones; the labels live in HTML, the picture carries only the numbers. */
export function ContainerLayout() {
  const { i18n, t } = useLingui();
  return (
    <PageSection
      id="container-layout"
      title={<Trans>Der Container von innen</Trans>}
      intro={<Trans>Ein 40-Fuß-Seecontainer bietet rund 28 Quadratmeter Grundfläche. So teilen wir sie auf:</Trans>}
    >
      <Stack gap="xl">
        <SmartImage
          src={layoutImage}
          alt={t`Grundriss der SchoolBox mit den vier nummerierten Bereichen, die unter dem Bild beschrieben sind`}
          aspectRatio={800 / 450}
        />
        <ol className={classes.zones}>
          {CONTAINER_ZONES.map((zone) => (
            <li key={zone.number} className={classes.zone} data-testid="how-zone">
              <span className={classes.zoneNumber} aria-hidden>
                {zone.number}
              </span>
              <div>
                <Title order={3} size="h5">
                  {i18n._(zone.title)}
                </Title>
                <Text size="sm" c="gray.7">
                  {i18n._(zone.text)}
                </Text>
              </div>
            </li>
          ))}
        </ol>
      </Stack>
    </PageSection>
  );
}
