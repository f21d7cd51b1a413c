import { Trans } from '@lingui/react/macro';
import { IconLock } from '@tabler/icons-react';
import type { NotFoundRouteProps } from '@tanstack/react-router';
import { EmptyState } from '@client/components/feedback/EmptyState';
import { NotFoundPage } from '@client/components/feedback/NotFoundPage';
import { ButtonLink } from '@client/components/links';
import { isAccessDenied } from './access-denied';

/** The not-found view of the admin pages: 'Zugriff verweigert' for a user without the role (the guard's), else the 404 page. */
export function AdminNotFound(props: NotFoundRouteProps) {
  if (!isAccessDenied(props)) return <NotFoundPage />;
  return (
    <EmptyState
      page
      icon={<IconLock size={48} aria-hidden />}
      title={<Trans>Zugriff verweigert</Trans>}
      text={<Trans>Sie haben keine Berechtigung für den Admin-Bereich.</Trans>}
      action={
        <ButtonLink to="/">
          <Trans>Zur Startseite</Trans>
        </ButtonLink>
      }
    />
  );
}
