import { Badge, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { SmartImage } from '@client/components/media/SmartImage';
import { ActionGroup } from './ActionGroup';
import classes from './page.module.css';

export type HeroImage = {
  src: string;
  /** Empty for a purely decorative picture. */
  alt: string;
  /** The SVG's viewBox width / height, so the frame keeps its size while the picture loads. */
  aspectRatio: number;
};

type PageHeroProps = {
  /** The page's one h1. */
  title: ReactNode;
  lead: ReactNode;
  /** A short line above the title (a badge), e.g. the page's topic. */
  eyebrow?: ReactNode;
  /** Buttons below the lead text. */
  actions?: ReactNode;
  image?: HeroImage;
  /** The h1's id; the section is labelled by it. */
  titleId?: string;
};

/** The top of every content page, in the home page's style: title, lead text, buttons and an illustration. */
export function PageHero({ title, lead, eyebrow, actions, image, titleId = 'page-title' }: PageHeroProps) {
  return (
    <section className={classes.hero} aria-labelledby={titleId}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: image ? 2 : 1 }} spacing={48} className={classes.heroGrid}>
          <Stack gap="lg" justify="center" maw={image ? undefined : 760}>
            {eyebrow && (
              <Badge variant="light" size="lg" maw="100%" h="auto" py={4} w="fit-content" styles={{ label: { whiteSpace: 'normal' } }}>
                {eyebrow}
              </Badge>
            )}
            <Title order={1} id={titleId} className={classes.heroTitle}>
              {title}
            </Title>
            <Text size="lg" c="gray.8">
              {lead}
            </Text>
            {actions && <ActionGroup>{actions}</ActionGroup>}
          </Stack>
          {image && (
            <SmartImage src={image.src} alt={image.alt} aspectRatio={image.aspectRatio} loading="eager" className={classes.heroImage} />
          )}
        </SimpleGrid>
      </Container>
    </section>
  );
}
