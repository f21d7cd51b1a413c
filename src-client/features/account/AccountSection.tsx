import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One part of /account: a landmark section with its h2 (id for links to it), a short intro and its form. */
export function AccountSection({ id, title, intro, children }: { id: string; title: ReactNode; intro?: ReactNode; children: ReactNode }) {
  const titleId = `${id}-title`;
  return (
    <Paper component="section" id={id} aria-labelledby={titleId} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id={titleId}>
            {title}
          </Title>
          {intro && <Text c="gray.7">{intro}</Text>}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
