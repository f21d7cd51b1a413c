import { useLingui } from '@lingui/react/macro';
import { Badge, Group, Modal, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import type { PublicPost } from '@shared/schemas/blog';
import { SmartImage } from '@client/components/media/SmartImage';
import { formatDate } from '@client/lib/format-date';
import { useReturnFocus } from '@client/lib/use-return-focus';
import classes from './blog.module.css';
import { categoryLabel } from './categories';

/**
 * A whole post: category, title, author, date, picture, excerpt, the full text and all tags. The text
 * is plain text, rendered as text (never as HTML), with its line breaks kept.
 */
export function PostDialog({ post, onClose }: { post: PublicPost; onClose(): void }) {
  const { t, i18n } = useLingui();
  // The dialog is a route (/blog/<slug>): it mounts open and unmounts on close, which Mantine's own focus
  // return does not see. Opened by its address, focus goes to the post's link in the list.
  useReturnFocus(true, () => document.querySelector<HTMLElement>(`a[href="/blog/${CSS.escape(encodeURIComponent(post.slug))}"]`));
  return (
    <Modal
      opened
      onClose={onClose}
      withinPortal={false}
      returnFocus={false}
      size="xl"
      closeButtonProps={{ 'aria-label': t`Schließen` }}
      title={<Badge variant="light">{categoryLabel(post.category, (d) => i18n._(d))}</Badge>}
      aria-labelledby="post-title"
    >
      <Stack gap="md" data-testid="post-dialog">
        <Title order={2} id="post-title">
          {post.title}
        </Title>
        <Group gap="xs">
          <Text fw={500}>{post.author}</Text>
          <Text c="gray.7" aria-hidden>
            ·
          </Text>
          <Text c="gray.7">
            <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, i18n.locale)}</time>
          </Text>
        </Group>
        {post.imageUrl && <SmartImage src={post.imageUrl} alt="" aspectRatio={16 / 9} loading="eager" />}
        {post.excerpt && (
          <Text fw={500} size="lg">
            {post.excerpt}
          </Text>
        )}
        <Text className={classes.content} data-testid="post-content">
          {post.content}
        </Text>
        {post.tags.length > 0 && (
          <Group gap={6}>
            {post.tags.map((tag) => (
              <Badge key={tag} variant="outline" color="gray.8" tt="none">
                {tag}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
