import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import '@mantine/core/styles/Tooltip.css';
import { IconClock, IconEye, IconEyeOff, IconPencil, IconStar, IconStarFilled, IconTrash } from '@tabler/icons-react';
import { isScheduled } from '@shared/post-schedule';
import type { AdminPostSummary } from '@shared/schemas/blog';
import { categoryLabel } from '@shared/blog-categories';
import { formatDate, formatDateTime } from '@client/lib/format-date';

type PostRowProps = {
  post: AdminPostSummary;
  busy: boolean;
  /** The eye: hides a published post, publishes a draft, and publishes a scheduled post at once. */
  onTogglePublished(): void;
  onToggleFeatured(): void;
  onEdit(): void;
  onDelete(): void;
};

/** One post in the dashboard: its state and the eye, star, edit and delete buttons. */
export function PostRow({ post, busy, onTogglePublished, onToggleFeatured, onEdit, onDelete }: PostRowProps) {
  const { t, i18n } = useLingui();
  // The dashboard is drawn in the browser, after the posts were fetched there: its clock decides.
  const scheduledFor = isScheduled(post, new Date()) && post.publishedAt ? formatDateTime(post.publishedAt, i18n.locale) : null;
  const publishLabel = scheduledFor ? t`Jetzt veröffentlichen` : post.published ? t`Verstecken` : t`Veröffentlichen`;
  const featureLabel = post.featured ? t`Feature entfernen` : t`Als Feature markieren`;
  return (
    <Paper withBorder radius="md" p="md" data-testid="admin-post" aria-label={post.title} component="article">
      {/* On a phone the buttons move under the title, which keeps the whole width. */}
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={6} style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Text fw={700} lineClamp={2}>
            {post.title}
          </Text>
          <Group gap={6}>
            {scheduledFor ? (
              <Badge color="blue.9" variant="outline" leftSection={<IconClock size={12} aria-hidden />} tt="none">
                {t`geplant für ${scheduledFor}`}
              </Badge>
            ) : (
              <Badge color={post.published ? '#166534' : 'gray.8'} variant="outline">
                {post.published ? t`Veröffentlicht` : t`Entwurf`}
              </Badge>
            )}
            {post.featured && (
              <Badge color="gray.8" variant="outline" leftSection={<IconStarFilled size={12} aria-hidden />}>
                {t`Feature`}
              </Badge>
            )}
            <Badge variant="outline" color="gray.8">
              {categoryLabel(post.category, (d) => i18n._(d))}
            </Badge>
          </Group>
          <Text size="sm" c="gray.7">
            {post.author} · {formatDate(post.publishedAt ?? post.createdAt, i18n.locale)}
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={publishLabel}>
            <ActionIcon variant="subtle" size="lg" aria-label={publishLabel} onClick={onTogglePublished} disabled={busy}>
              {scheduledFor ? <IconClock size={20} /> : post.published ? <IconEye size={20} /> : <IconEyeOff size={20} />}
            </ActionIcon>
          </Tooltip>
          <Tooltip label={featureLabel}>
            <ActionIcon variant="subtle" size="lg" color="yellow.9" aria-label={featureLabel} onClick={onToggleFeatured} disabled={busy}>
              {post.featured ? <IconStarFilled size={20} /> : <IconStar size={20} />}
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t`Bearbeiten`}>
            <ActionIcon variant="subtle" size="lg" color="gray.8" aria-label={t`Bearbeiten`} onClick={onEdit} disabled={busy}>
              <IconPencil size={20} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t`Löschen`}>
            <ActionIcon variant="subtle" size="lg" color="red.8" aria-label={t`Löschen`} onClick={onDelete} disabled={busy}>
              <IconTrash size={20} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}
