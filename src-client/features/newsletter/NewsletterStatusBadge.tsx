import { useLingui } from '@lingui/react/macro';
import { Badge } from '@mantine/core';
import type { AdminNewsletter } from '@shared/schemas/newsletter';
import { isGoingOut } from './NewsletterProgress';

/** Draft; being sent (queued, or mails still waiting for the worker); or sent. */
export function NewsletterStatusBadge({ newsletter }: { newsletter: Pick<AdminNewsletter, 'status' | 'progress'> }) {
  const { t } = useLingui();
  const state =
    newsletter.status === 'draft' ? 'draft' : newsletter.status === 'sending' || isGoingOut(newsletter.progress) ? 'sending' : 'sent';
  const label = state === 'draft' ? t`Entwurf` : state === 'sending' ? t`Wird versendet` : t`Versendet`;
  // Dark shades of each colour keep the outline text readable (WCAG AA) on white.
  const color = state === 'draft' ? 'gray.8' : state === 'sending' ? 'orange.9' : '#166534';
  return (
    <Badge variant="outline" color={color}>
      {label}
    </Badge>
  );
}
