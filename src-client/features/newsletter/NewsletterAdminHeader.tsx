import { Trans } from '@lingui/react/macro';
import { Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { AnchorLink } from '@client/components/links';

type NewsletterAdminHeaderProps = {
  /** The page's h1. */
  title: ReactNode;
  /** Pages below the newsletter list lead back to it. */
  backToList?: boolean;
  actions?: ReactNode;
};

/** The top of every newsletter admin page: the way back, the h1 and the page's main buttons. */
export function NewsletterAdminHeader({ title, backToList = false, actions }: NewsletterAdminHeaderProps) {
  return (
    <Stack gap="xs" mb="xl">
      {backToList && (
        <AnchorLink
          to="/newsletter-admin"
          size="sm"
          style={{ display: 'inline-flex', alignItems: 'center', gap: 4, alignSelf: 'flex-start' }}
        >
          <IconArrowLeft size={16} aria-hidden />
          <Trans>Alle Newsletter</Trans>
        </AnchorLink>
      )}
      <Group justify="space-between" align="flex-end" gap="md">
        <Title order={1}>{title}</Title>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
    </Stack>
  );
}
