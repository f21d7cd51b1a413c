import { Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type AdminPageHeaderProps = {
  /** The page's h1. */
  title: ReactNode;
  /** The page's own buttons (export, new …), beside the title; they move below it on a phone. */
  actions?: ReactNode;
  /** A line or two under the title saying what the page is for. */
  children?: ReactNode;
};

/** The top of an admin page: its h1, its buttons and what it is for. The way to the other pages is AdminNav. */
export function AdminPageHeader({ title, actions, children }: AdminPageHeaderProps) {
  return (
    <Stack gap="sm" mb="xl">
      <Group justify="space-between" align="flex-end" gap="md">
        <Title order={1}>{title}</Title>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
      {children}
    </Stack>
  );
}
