import { useLingui } from '@lingui/react/macro';
import { Badge, Group, Modal, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import type { PublicPost } from '@shared/schemas/blog';
import { formatDate } from '@client/lib/format-date';
import { useReturnFocus } from '@client/lib/use-return-focus';
import { GermanOnlyNote, usePostLanguage } from './article/post-language';
import { PostBody } from './article/PostBody';
import { categoryLabel } from '@shared/blog-categories';

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
      // The dialog is named by its title element (Mantine's, an h2): the post's title, not its category.
      title={<span lang={post.lang}>{post.title}</span>}
      // The header stays on screen while the post scrolls: a heading's weight at a size that leaves room
      // to read on a phone, and a long word is hyphenated in the post's language (the title's lang) or breaks rather than widen the dialog.
      styles={{
        title: { fontSize: 'var(--mantine-h4-font-size)', fontWeight: 750, lineHeight: 1.3, overflowWrap: 'anywhere', hyphens: 'auto' },
      }}
    >
      {isFallback && <GermanOnlyNote />}
      <Stack gap="md" data-testid="post-dialog" lang={post.lang} mt={isFallback ? 'sm' : undefined}>
        <Group gap="xs">
          <Badge variant="light" lang={uiLang}>
            {categoryLabel(post.category, (d) => i18n._(d))}
          </Badge>
        </Group>
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
