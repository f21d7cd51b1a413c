import { Container, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of the account screens (sign-in, verify, forgot, reset). */
export function AuthCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Container size={480} py={48}>
      <Title order={1} ta="center" mb="lg">
        {title}
      </Title>
      <Paper withBorder radius="md" p="lg">
        {children}
      </Paper>
    </Container>
  );
}
