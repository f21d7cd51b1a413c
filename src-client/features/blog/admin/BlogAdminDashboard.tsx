import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Container, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { DEFAULT_BLOG_AUTHOR } from '@shared/constants';
import { isScheduled } from '@shared/post-schedule';
import type { AdminPostSummary, BlogPostValues } from '@shared/schemas/blog';
import { showToast } from '@client/components/feedback/toast';
import { AdminPageHeader } from '@client/features/admin/AdminPageHeader';
import { AdminQueryState } from '@client/features/admin/AdminQueryState';
import { useAuth } from '@client/features/auth/AuthProvider';
import { failureToast } from '@client/i18n/error-messages';
import { useTRPC } from '@client/trpc';
import { DiscardQuestion } from './DiscardQuestion';
import { LoadedPost } from './LoadedPost';
import { PostDeleteSummary } from './PostDeleteSummary';
import { PostForm } from './PostForm';
import { PostRow } from './PostRow';

/** The post the form edits (its id: the form loads it whole), or null for a new one; null outside: no form open. */
type Editing = { postId: string | null } | null;

/**
 * The admin's blog: every post with its state, create and edit, publish, feature and delete.
 * `openPostId` (the page's ?post=) opens that post's form once the list is there.
 */
export function BlogAdminDashboard({ openPostId = null }: { openPostId?: string | null }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const posts = useQuery(trpc.blog.listAll.queryOptions());
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AdminPostSummary | null>(null);
  // Escape, a click beside the dialog, × and "Abbrechen" close the form: with changes in it, only when the
  // admin confirms (a click beside it is easily made by accident).
  const editorIsDirty = useRef<() => boolean>(() => false);
  const [askingDiscard, setAskingDiscard] = useState(false);
  const newPostButton = useRef<HTMLButtonElement>(null);
  const closeEditor = () => {
    if (editorIsDirty.current()) return setAskingDiscard(true);
    setEditing(null);
  };
  const closeWithoutAsking = () => {
    setAskingDiscard(false);
    setEditing(null);
  };
  const defaultAuthor = `${auth.user?.firstName ?? ''} ${auth.user?.lastName ?? ''}`.trim() || DEFAULT_BLOG_AUTHOR;

  // Opened from a form's "Gespeicherte Fassung in neuem Tab öffnen": that post's form, once, after
  // hydration (the dialog is not part of the page the server renders). The form loads the post itself,
  // and says so when it is gone.
  const openedFromAddress = useRef(false);
  useEffect(() => {
    if (openedFromAddress.current || !openPostId) return;
    openedFromAddress.current = true;
    setEditing({ postId: openPostId });
  }, [openPostId]);

  // After any change, the dashboard and the public blog show the new state.
  const onSettled = () => void queryClient.invalidateQueries(trpc.blog.pathFilter());
  const create = useMutation(trpc.blog.create.mutationOptions({ onSettled }));
  const update = useMutation(trpc.blog.update.mutationOptions({ onSettled }));
  const setPublished = useMutation(trpc.blog.setPublished.mutationOptions({ onSettled }));
  const setFeatured = useMutation(trpc.blog.setFeatured.mutationOptions({ onSettled }));
  const remove = useMutation(trpc.blog.delete.mutationOptions({ onSettled }));
  const busy = setPublished.isPending || setFeatured.isPending || remove.isPending;

  /** Saves the form: over `edited.version` for a saved post (the version the form holds), else as a new post. */
  async function save(values: BlogPostValues, edited: { id: string; version: number } | null) {
    if (edited) await update.mutateAsync({ id: edited.id, version: edited.version, data: values });
    else await create.mutateAsync(values);
    showToast({ color: 'green', title: edited ? t`Post aktualisiert` : t`Post erstellt`, message: values.translations.de.title });
    closeWithoutAsking();
  }

  const formProps = {
    defaultAuthor,
    onSaveFailed: (error: unknown) => showToast(failureToast(i18n, t`Der Blog-Post konnte nicht gespeichert werden.`, error)),
    onCancel: closeEditor,
    dirtyCheck: editorIsDirty,
  };

  async function togglePublished(post: AdminPostSummary) {
    // The eye on a scheduled post publishes it now (the server then dates it now).
    const publish = !post.published || isScheduled(post, new Date());
    try {
      await setPublished.mutateAsync({ id: post.id, value: publish });
      showToast({ color: 'green', title: publish ? t`Post veröffentlicht` : t`Post versteckt`, message: post.title });
    } catch (error) {
      showToast(failureToast(i18n, t`Der Status konnte nicht geändert werden.`, error));
    }
  }

  async function toggleFeatured(post: AdminPostSummary) {
    try {
      await setFeatured.mutateAsync({ id: post.id, value: !post.featured });
      showToast({ color: 'green', title: post.featured ? t`Feature entfernt` : t`Als Feature markiert`, message: post.title });
    } catch (error) {
      showToast(failureToast(i18n, t`Der Status konnte nicht geändert werden.`, error));
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    const post = deleting;
    setDeleting(null);
    try {
      await remove.mutateAsync({ id: post.id });
      showToast({ color: 'green', title: t`Post gelöscht`, message: post.title });
      // The dialog gave focus back to the post's delete button, which goes with the post: on to "Neuer Post".
      newPostButton.current?.focus();
    } catch (error) {
      showToast(failureToast(i18n, t`Der Blog-Post konnte nicht gelöscht werden.`, error));
    }
  }

  return (
    <Container size="lg" py={48}>
      <AdminPageHeader
        title={<Trans>Blog-Verwaltung</Trans>}
        actions={
          <Button ref={newPostButton} leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ postId: null })}>
            <Trans>Neuer Post</Trans>
          </Button>
        }
      />

      {/* Loading, then the list; a list that failed to load is the error with a way to ask again, never "no posts".
          Said there only: a toast besides would announce the same failure twice. */}
      <AdminQueryState query={posts} loadingLabel={t`Blog-Posts werden geladen`} errorText={t`Blog-Posts konnten nicht geladen werden.`}>
        {(list) =>
          list.length === 0 ? (
            <Paper withBorder radius="md" p="xl">
              <Stack align="center" gap="md">
                <Text>
                  <Trans>Noch keine Blog-Posts vorhanden.</Trans>
                </Text>
                <Button onClick={() => setEditing({ postId: null })}>
                  <Trans>Ersten Post erstellen</Trans>
                </Button>
              </Stack>
            </Paper>
          ) : (
            <Stack gap="sm">
              {list.map((post) => (
                <PostRow
                  key={post.id}
                  post={post}
                  busy={busy}
                  onTogglePublished={() => void togglePublished(post)}
                  onToggleFeatured={() => void toggleFeatured(post)}
                  onEdit={() => setEditing({ postId: post.id })}
                  onDelete={() => setDeleting(post)}
                />
              ))}
            </Stack>
          )
        }
      </AdminQueryState>

      <Modal
        withinPortal={false}
        opened={editing !== null}
        onClose={closeEditor}
        title={editing?.postId ? t`Post bearbeiten` : t`Neuer Post`}
        size="xl"
        closeButtonProps={{ 'aria-label': t`Schließen` }}
      >
        {editing && askingDiscard && <DiscardQuestion onDiscard={closeWithoutAsking} onKeep={() => setAskingDiscard(false)} />}
        {editing &&
          (editing.postId ? (
            <LoadedPost key={editing.postId} id={editing.postId}>
              {(post) => (
                <PostForm
                  post={post}
                  onSave={(values, version) => save(values, { id: post.id, version: version ?? post.version })}
                  {...formProps}
                />
              )}
            </LoadedPost>
          ) : (
            <PostForm key="new" post={null} onSave={(values) => save(values, null)} {...formProps} />
          ))}
      </Modal>

      <Modal
        withinPortal={false}
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t`Post löschen`}
        closeButtonProps={{ 'aria-label': t`Schließen` }}
      >
        <Stack>
          <Text>
            <Trans>Sind Sie sicher, dass Sie diesen Post löschen möchten?</Trans>
          </Text>
          {deleting && <PostDeleteSummary post={deleting} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              <Trans>Abbrechen</Trans>
            </Button>
            {/* red.9: white on Mantine's default red is 3.3:1 (axe: serious) */}
            <Button color="red.9" onClick={() => void confirmDelete()}>
              <Trans>Löschen</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Container>
  );
}
