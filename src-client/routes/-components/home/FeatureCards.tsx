import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Card, Container, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingWarehouse, IconDeviceLaptop, IconSatellite, IconSolarPanel2 } from '@tabler/icons-react';
import { FEATURE_SKELETON_DELAY_MS } from '@shared/constants';
import classes from './home.module.css';

const FEATURES = [
  {
    icon: IconSolarPanel2,
    title: msg`Solarbetrieben`,
    text: msg`15 kW Solarmodule und ein 40-kWh-Lithiumspeicher machen das Klassenzimmer unabhängig vom Stromnetz – bis zu 72 Stunden auch ohne Sonne.`,
  },
  {
    icon: IconSatellite,
    title: msg`Per Satellit vernetzt`,
    text: msg`Satelliteninternet mit 50 Mbit/s bringt Wissen aus aller Welt auch in die entlegensten Dörfer.`,
  },
  {
    icon: IconBuildingWarehouse,
    title: msg`Klassenzimmer im Container`,
    text: msg`Ein umgebauter Seecontainer wird zum hellen, wetterfesten Lernraum – schnell geliefert, schnell aufgebaut.`,
  },
  {
    icon: IconDeviceLaptop,
    title: msg`Digital lernen`,
    text: msg`30 Tablets und Laptops, WLAN im Umkreis von 200 Metern und Schulungen für Lehrkräfte vor Ort.`,
  },
];

/**
 * The four feature cards, each under a skeleton for its first second (spec: feature skeleton delay
 * 1000 ms). The delay is a CSS animation, so the server-rendered cards appear on time even before (or
 * without) JavaScript, and the skeleton covers exactly the card's own box (nothing shifts).
 */
export function FeatureCards() {
  const { i18n } = useLingui();
  return (
    <section className={classes.section} aria-labelledby="features-title">
      <Container size="lg">
        <Stack gap="xs" mb="xl" ta="center" align="center">
          <Title order={2} id="features-title">
            <Trans>Was steckt in der Box?</Trans>
          </Title>
          <Text c="gray.7" maw={640}>
            <Trans>Alles, was eine Schule braucht – in einem Container, der überall hinkommt.</Trans>
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg" style={{ '--skeleton-delay': `${FEATURE_SKELETON_DELAY_MS}ms` }}>
          {FEATURES.map((feature) => (
            <Card key={feature.title.id} withBorder padding="lg" radius="md" className={classes.featureCard}>
              <div className={classes.featureContent} data-testid="feature-card">
                <ThemeIcon size={48} radius="md" variant="light" mb="md">
                  <feature.icon size={28} aria-hidden />
                </ThemeIcon>
                <Title order={3} size="h4" mb="xs">
                  {i18n._(feature.title)}
                </Title>
                <Text size="sm" c="gray.7">
                  {i18n._(feature.text)}
                </Text>
              </div>
              <div className={classes.featureSkeleton} data-testid="feature-skeleton" aria-hidden>
                <Skeleton height={48} width={48} mb="md" animate={false} />
                <Skeleton height={20} width="70%" mb="sm" animate={false} />
                <Skeleton height={12} mb={6} animate={false} />
                <Skeleton height={12} mb={6} animate={false} />
                <Skeleton height={12} width="60%" animate={false} />
              </div>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}
