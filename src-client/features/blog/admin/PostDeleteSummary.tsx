import { useLingui } from '@lingui/react/macro';
import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { isScheduled } from '@shared/post-schedule';
import type { AdminPostSummary } from '@shared/schemas/blog';
import { formatDate, formatDateTime } from '@client/lib/format-date';

/**
 * The post the delete dialog asks about, told apart from another of the same title: its title, its date
 * (published, else created), its state (as the dashboard row shows it) and its address.
 */
export function PostDeleteSummary({ post }: { post: AdminPostSummary }) {
  const { t, i18n } = useLingui();
  // Drawn in the browser, as the dashboard row is: its clock decides whether the post is still scheduled.
  const scheduledFor = isScheduled(post, new Date()) && post.publishedAt ? formatDateTime(post.publishedAt, i18n.locale) : null;
  const state = scheduledFor ? t`geplant für ${scheduledFor}` : post.published ? t`Veröffentlicht` : t`Entwurf`;
  const date = post.publishedAt ?? post.createdAt;
  return (
    <Stack gap={4} data-testid="delete-post-summary">
      {/* The post's German original (a screen reader in an English or French admin reads it as German). */}
      <Text fw={600} lang="de" style={{ overflowWrap: 'anywhere', hyphens: 'auto' }}>
        {post.title}
      </Text>
      <Stack component="dl" gap={2} m={0}>
        <Detail label={t`Datum:`}>
          <time dateTime={date}>{formatDate(date, i18n.locale)}</time>
        </Detail>
        <Detail label={t`Status:`}>{state}</Detail>
        <Detail label={t`Adresse:`}>
          <span style={{ overflowWrap: 'anywhere' }}>/blog/{post.slug}</span>
        </Detail>
      </Stack>
    </Stack>
  );
}

/** One line of the list: "Datum: 3. März 2026" (the colon is the label's: French puts a space before it). */
function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm" component="div">
      <Text component="dt" display="inline" fw={500} size="sm">
        {label}
      </Text>{' '}
      <Text component="dd" display="inline" m={0} size="sm">
        {children}
      </Text>
    </Text>
  );
}
