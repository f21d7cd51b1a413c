import { Container, Stack, Text, Title, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './page.module.css';

type PageSectionProps = {
  /** Unique on the page; the heading gets `${id}-title` and labels the section. */
  id: string;
  /** The section's h2. */
  title: ReactNode;
  /** A short paragraph under the heading. */
  intro?: ReactNode;
  /** 'tinted' sets a light grey background, 'dark' the primary colour's darkest shade with white text. */
  tone?: 'plain' | 'tinted' | 'dark';
  /** Centre the heading and intro (cards below stay as they are). */
  centered?: boolean;
  size?: MantineSize;
  children?: ReactNode;
};

/** One landmark section of a content page: an h2, an optional intro and the content. */
export function PageSection({ id, title, intro, tone = 'plain', centered = false, size = 'lg', children }: PageSectionProps) {
  const titleId = `${id}-title`;
  const introColor = tone === 'dark' ? 'white' : 'gray.7';
  return (
    <section id={id} className={classes.section} data-tone={tone} aria-labelledby={titleId}>
      <Container size={size}>
        <Stack gap="xs" mb={children ? 'xl' : 0} ta={centered ? 'center' : undefined} align={centered ? 'center' : 'flex-start'}>
          <Title order={2} id={titleId} className={classes.sectionTitle}>
            {title}
          </Title>
          {intro && (
            <Text c={introColor} maw={720}>
              {intro}
            </Text>
          )}
        </Stack>
        {children}
      </Container>
    </section>
  );
}
