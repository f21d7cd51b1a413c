import { Trans } from '@lingui/react/macro';
import { Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { AnchorLink } from '@client/components/links';
import { AdminPageHeader } from '@client/features/admin/AdminPageHeader';

type NewsletterAdminHeaderProps = {
  /** The page's h1. */
  title: ReactNode;
  /** Pages below the newsletter list lead back to it. */
  backToList?: boolean;
  actions?: ReactNode;
};

/** The top of every newsletter admin page: the way back to the list, then the shared header (h1 and the page's buttons). */
export function NewsletterAdminHeader({ title, backToList = false, actions }: NewsletterAdminHeaderProps) {
  return (
    <Stack gap="xs">
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
      <AdminPageHeader title={title} actions={actions} />
    </Stack>
  );
}
