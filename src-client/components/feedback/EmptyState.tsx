import { Container, Stack, Text, Title, type MantineSpacing, type StyleProp } from '@mantine/core';
import type { ReactNode } from 'react';

type EmptyStateProps = {
  /** A decorative picture above the title (an icon, the 404's number). */
  icon?: ReactNode;
  title: ReactNode;
  text?: ReactNode;
  /** Where to go from here: a button or link. */
  action?: ReactNode;
  /** A page of its own (404, 'Zugriff verweigert'): the title is the page's h1. Else a block inside a page (an empty cart). */
  page?: boolean;
  py?: StyleProp<MantineSpacing>;
};

/** The centred state of a page or a list with nothing to show: a picture, a title, a line of text and one way on. */
export function EmptyState({ icon, title, text, action, page = false, py }: EmptyStateProps) {
  if (!page) {
    return (
      <Stack align="center" gap="md" py={py}>
        {icon}
        <Text fw={600}>{title}</Text>
        {text && <Text c="gray.7">{text}</Text>}
        {action}
      </Stack>
    );
  }
  return (
    <Container size="sm" py={py ?? 80}>
      <Stack align="center" ta="center" gap="md">
        {icon}
        <Title order={1}>{title}</Title>
        {text && <Text c="gray.7">{text}</Text>}
        {action}
      </Stack>
    </Container>
  );
}
