import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import heroImage from '@client/assets/hero-schoolbox.svg';
import { SmartImage } from '@client/components/media/SmartImage';
import classes from './home.module.css';
import { ProjectButton, SupportButton } from '@client/components/page/NextStepButtons';

export function Hero() {
  const { t } = useLingui();
  return (
    <section className={classes.hero} aria-labelledby="hero-title">
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} className={classes.heroGrid}>
          <Stack gap="lg" justify="center">
            <Badge variant="light" size="lg" maw="100%" h="auto" py={4} styles={{ label: { whiteSpace: 'normal' } }} w="fit-content">
              <Trans>Gemeinnütziges Bildungsprojekt aus Köln</Trans>
            </Badge>
            <Title order={1} id="hero-title" className={classes.heroTitle}>
              <Trans>Eine Schule in der Box</Trans>
            </Title>
            <Text size="lg" c="gray.8">
              <Trans>
                SchoolBox verwandelt einen Seecontainer in ein voll ausgestattetes Klassenzimmer: mit Solarstrom, Satelliteninternet und
                digitalen Lernmitteln. So entsteht Schule dort, wo es bisher keine gibt – in wenigen Wochen statt in Jahren.
              </Trans>
            </Text>
            <Group gap="sm">
              <ProjectButton />
              <SupportButton variant="outline" />
            </Group>
          </Stack>
          <SmartImage
            src={heroImage}
            alt={t`Ein SchoolBox-Klassenzimmer im Container mit Solarmodulen auf dem Dach und einer Satellitenschüssel`}
            aspectRatio={640 / 420}
            loading="eager"
            className={classes.heroImage}
          />
        </SimpleGrid>
      </Container>
    </section>
  );
}
