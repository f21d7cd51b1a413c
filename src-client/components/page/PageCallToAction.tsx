import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ActionGroup } from './ActionGroup';
import classes from './page.module.css';

type PageCallToActionProps = {
  id: string;
  title: ReactNode;
  text: ReactNode;
  /** The buttons. */
  children: ReactNode;
};

/** The closing invitation of a page, in the style of the home page's contact call to action. */
export function PageCallToAction({ id, title, text, children }: PageCallToActionProps) {
  const titleId = `${id}-title`;
  return (
    <section id={id} className={classes.section} aria-labelledby={titleId}>
      <Container size="md">
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} className={classes.cta}>
          <Stack align="center" ta="center" gap="md">
            <Title order={2} id={titleId} className={classes.sectionTitle}>
              {title}
            </Title>
            <Text c="gray.8" maw={560}>
              {text}
            </Text>
            <ActionGroup align="center">{children}</ActionGroup>
          </Stack>
        </Paper>
      </Container>
    </section>
  );
}
