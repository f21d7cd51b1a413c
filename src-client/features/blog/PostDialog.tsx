import { useLingui } from '@lingui/react/macro';
import { Badge, Group, Modal, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import type { PublicPost } from '@shared/schemas/blog';
import { formatDate } from '@client/lib/format-date';
import { useReturnFocus } from '@client/lib/use-return-focus';
import { GermanOnlyNote, usePostLanguage } from './article/post-language';
import { PostBody } from './article/PostBody';
import { categoryLabel } from './categories';

/**
 * A whole post opened from the list: category, title, author, date, picture, excerpt, the full text and
 * all tags. Its address is the post's own (/blog/<slug>); reloading it shows the article page. The text
 * is plain text, rendered as text (never as HTML), with its line breaks kept.
 */
export function PostDialog({ post, onClose }: { post: PublicPost; onClose(): void }) {
  const { t, i18n } = useLingui();
  const { isFallback, uiLang } = usePostLanguage(post.lang);
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
      {isFallback && <GermanOnlyNote />}
      <Stack gap="md" data-testid="post-dialog" lang={post.lang} mt={isFallback ? 'sm' : undefined}>
        <Title order={2} id="post-title">
          {post.title}
        </Title>
        <Group gap="xs">
          <Text fw={500}>{post.author}</Text>
          <Text c="gray.7" aria-hidden>
            ·
          </Text>
          <Text c="gray.7" lang={uiLang}>
            <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, i18n.locale)}</time>
          </Text>
        </Group>
        <PostBody post={post} />
      </Stack>
    </Modal>
  );
}
