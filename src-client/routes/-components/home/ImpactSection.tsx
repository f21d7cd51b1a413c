import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { FOUNDATION_YEAR } from '@shared/constants';
import classes from './home.module.css';

// Marketing figures of spec §9 (90 students per school, 100% power independence, founded 2025)
// and the technical specs (72 h autonomous runtime).
const FIGURES = [
  { value: '90', label: msg`Schülerinnen und Schüler pro Schule` },
  { value: '100 %', label: msg`Energieunabhängigkeit` },
  { value: '72 h', label: msg`autonomer Betrieb ohne Sonne` },
  { value: String(FOUNDATION_YEAR), label: msg`Gründungsjahr des Vereins` },
];

export function ImpactSection() {
  const { i18n } = useLingui();
  return (
    <section className={classes.impact} aria-labelledby="impact-title">
      <Container size="lg">
        <Stack gap="xs" mb="xl" ta="center" align="center">
          <Title order={2} id="impact-title">
            <Trans>Unsere Wirkung</Trans>
          </Title>
          <Text maw={680}>
            <Trans>Jede SchoolBox ist ein Versprechen: Kinder lernen dort, wo sie leben – mit Strom, Internet und Zukunft.</Trans>
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="lg">
          {FIGURES.map((figure) => (
            <Stack key={figure.label.id} gap={4} ta="center" data-testid="impact-figure">
              <Text className={classes.figure}>{figure.value}</Text>
              <Text size="sm" className={classes.figureLabel}>
                {i18n._(figure.label)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}
