import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Tabs, Text } from '@mantine/core';
import '@mantine/core/styles/Tabs.css';
import { IconAlertCircle, IconEye, IconSend, IconTestPipe, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '@shared/locales';
import {
  newsletterContentSchema,
  previewNewsletterSchema,
  type AdminNewsletter,
  type NewsletterContent,
  type NewsletterPreview,
} from '@shared/schemas/newsletter';
import { showToast } from '@client/components/feedback/toast';
import { AnchorLink } from '@client/components/links';
import { ERROR_MESSAGES, failureToast } from '@client/i18n/error-messages';
import { EditConflictNotice } from '@client/lib/forms/EditConflictNotice';
import { SubmitButton } from '@client/lib/forms/SubmitButton';
import { useEditConflict } from '@client/lib/forms/use-edit-conflict';
import { useSchemaForm } from '@client/lib/forms/use-schema-form';
import { useReturnFocus } from '@client/lib/use-return-focus';
import { useUnsavedChangesGuard } from '@client/lib/use-unsaved-changes-guard';
import { useTRPC } from '@client/trpc';
import { ConfirmDialog } from './ConfirmDialog';
import { contentValues, languageOfField } from './content-fields';
import { LanguageFields } from './LanguageFields';
import { LiveProgress } from './LiveProgress';
import { NewsletterPictureFields } from './NewsletterPictureFields';
import { PreviewDialog } from './PreviewDialog';
import { SendConfirmation } from './SendConfirmation';

type Dialog = 'send' | 'delete' | null;

/**
 * Compose a newsletter (subject and body per language, German required), save it as a draft, preview
 * the mail per language, send a test to oneself and send it to every confirmed subscriber. A newsletter
 * whose sending has started is shown read-only, with its progress.
 *
 * Saves and "send" name the draft's version the form holds: when another admin saved the draft meanwhile,
 * the server refuses, and the form keeps what was typed, takes their change into every field not typed
 * in, and says so (as the blog's post form does); nothing is sent that the admin has not seen.
 */
export function NewsletterEditor({ newsletter }: { newsletter: AdminNewsletter | null }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [language, setLanguage] = useState<Locale>('de');
  const [preview, setPreview] = useState<{ mail: NewsletterPreview; requested: Locale } | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const isDraft = newsletter === null || newsletter.status === 'draft';

  const refreshList = () => void queryClient.invalidateQueries(trpc.newsletter.list.queryFilter());
  const create = useMutation(trpc.newsletter.create.mutationOptions({ onSettled: refreshList }));
  const update = useMutation(trpc.newsletter.update.mutationOptions({ onSettled: refreshList }));
  const previewMail = useMutation(trpc.newsletter.preview.mutationOptions());
  // The button is busy (disabled) while the preview is fetched, so focus has left it when the dialog opens:
  // closing the dialog brings it back there rather than to the top of the page.
  const previewButton = useRef<HTMLButtonElement>(null);
  useReturnFocus(preview !== null, () => previewButton.current);
  const sendTest = useMutation(trpc.newsletter.sendTest.mutationOptions());
  const send = useMutation(trpc.newsletter.send.mutationOptions({ onSettled: refreshList }));
  const remove = useMutation(trpc.newsletter.delete.mutationOptions({ onSettled: refreshList }));
  // The send dialog names how many confirmed subscribers will get the newsletter, counted when it opens.
  const confirmedCount = useQuery({
    ...trpc.newsletter.subscribers.queryOptions({ page: 1 }),
    enabled: dialog === 'send',
    staleTime: 0,
    select: (list) => list.confirmed,
  });

  /** The page shows what the server stored (its status decides whether the form can still change). */
  const remember = (saved: AdminNewsletter) => queryClient.setQueryData(trpc.newsletter.get.queryKey({ id: saved.id }), saved);

  const editor = useSchemaForm({
    schema: newsletterContentSchema,
    initialValues: contentValues(newsletter),
    onSubmit: save,
    onInvalid: showInvalidLanguage,
    onError: (error) => {
      if (!takeOverConflict(error)) showToast(failureToast(i18n, t`Der Newsletter konnte nicht gespeichert werden.`, error));
    },
  });
  // The stored version the form's values start from: the draft it opened, the last one saved, or the newer
  // one a conflict named (not the page's query, which may fetch another admin's version meanwhile).
  const conflict = useEditConflict(editor.form, newsletter, contentValues);
  const baseVersion = () => conflict.latest()?.version;

  // Leaving the composer (the admin bar, back, a reload) with unsaved changes asks first; not after saving.
  useUnsavedChangesGuard(() => isDraft && editor.form.isDirty());

  /** A stored draft: the one the form now starts from. */
  function saved(draft: AdminNewsletter) {
    remember(draft);
    conflict.saved(draft);
    editor.form.resetDirty();
  }

  /**
   * When `error` is another admin's change met by a save or send: the form took it over (useEditConflict)
   * and the page shows the stored draft; true then, false for any other failure.
   */
  function takeOverConflict(error: unknown): boolean {
    const takenOver = conflict.takeOver(error);
    if (takenOver) remember(takenOver.current);
    return takenOver !== null;
  }

  async function save(content: NewsletterContent) {
    const version = baseVersion();
    const draft =
      newsletter && version !== undefined
        ? await update.mutateAsync({ id: newsletter.id, version, ...content })
        : await create.mutateAsync(content);
    saved(draft);
    showToast({ color: 'green', title: t`Entwurf gespeichert`, message: draft.subjectDe });
    if (!newsletter) await navigate({ to: '/newsletter-admin/$id', params: { id: draft.id } });
  }

  /** A field on another tab is wrong: that tab opens, so its marked field can be seen. */
  function showInvalidLanguage() {
    const result = newsletterContentSchema.safeParse(editor.form.getValues());
    const field = result.success ? undefined : result.error.issues[0]?.path[0];
    const invalid = field === undefined ? null : languageOfField(String(field));
    if (invalid) setLanguage(invalid);
  }

  /** Before a test or the real thing: what the admin sees in the form is what is stored. */
  async function saveChanges(): Promise<boolean> {
    const version = baseVersion();
    if (!newsletter || version === undefined || !editor.form.isDirty()) return true;
    const parsed = newsletterContentSchema.safeParse(editor.form.getValues());
    if (!parsed.success) {
      editor.form.validate();
      showInvalidLanguage();
      return false;
    }
    try {
      saved(await update.mutateAsync({ id: newsletter.id, version, ...parsed.data }));
      return true;
    } catch (error) {
      if (!takeOverConflict(error)) showToast(failureToast(i18n, t`Der Newsletter konnte nicht gespeichert werden.`, error));
      return false;
    }
  }

  async function showPreview() {
    const parsed = previewNewsletterSchema.safeParse({ ...editor.form.getValues(), locale: language });
    if (!parsed.success) {
      editor.form.validate();
      showInvalidLanguage();
      return;
    }
    try {
      setPreview({ mail: await previewMail.mutateAsync(parsed.data), requested: parsed.data.locale });
    } catch (error) {
      showToast(failureToast(i18n, t`Die Vorschau konnte nicht erstellt werden.`, error));
    }
  }

  async function sendTestMail() {
    if (!newsletter || !(await saveChanges())) return;
    try {
      const { to } = await sendTest.mutateAsync({ id: newsletter.id, locale: language });
      showToast({ color: 'green', title: t`Test-E-Mail verschickt`, message: t`Die Test-E-Mail an ${to} ist unterwegs.` });
    } catch (error) {
      showToast(failureToast(i18n, t`Die Test-E-Mail konnte nicht verschickt werden.`, error));
    }
  }

  async function sendNow() {
    if (!newsletter) return;
    if (!(await saveChanges())) return setDialog(null);
    try {
      // The server queues the mails in the background; the progress shown from now on follows them.
      const { newsletter: sent } = await send.mutateAsync({ id: newsletter.id, version: baseVersion() });
      queryClient.setQueryData(trpc.newsletter.progress.queryKey({ id: sent.id }), sent.progress);
      remember(sent);
      conflict.saved(sent);
      showToast({ color: 'green', title: t`Newsletter wird versendet`, message: t`Der Newsletter wird jetzt verschickt.` });
    } catch (error) {
      if (!takeOverConflict(error)) showToast(failureToast(i18n, t`Der Newsletter konnte nicht versendet werden.`, error));
    } finally {
      setDialog(null);
    }
  }

  async function deleteDraft() {
    if (!newsletter) return;
    try {
      await remove.mutateAsync({ id: newsletter.id });
      showToast({ color: 'green', title: t`Entwurf gelöscht`, message: newsletter.subjectDe });
      // Deleted on purpose: its unsaved changes go with it, without asking again on the way to the list.
      editor.form.resetDirty();
      await navigate({ to: '/newsletter-admin' });
      queryClient.removeQueries(trpc.newsletter.get.queryFilter({ id: newsletter.id }));
    } catch (error) {
      setDialog(null);
      showToast(failureToast(i18n, t`Der Entwurf konnte nicht gelöscht werden.`, error));
    }
  }

  const hasErrors = (locale: Locale) => Object.keys(editor.form.errors).some((field) => languageOfField(field) === locale);
  const busy = update.isPending || sendTest.isPending || send.isPending;

  return (
    <>
      {newsletter && !isDraft && (
        <>
          <LiveProgress newsletter={newsletter} />
          <Text c="gray.7" mb="md">
            {i18n._(ERROR_MESSAGES.NEWSLETTER_ALREADY_SENT)}
          </Text>
        </>
      )}
      <form onSubmit={editor.submit} noValidate aria-label={t`Newsletter verfassen`}>
        <Stack gap="lg">
          {conflict.conflictVersion !== null && newsletter && isDraft && (
            <EditConflictNotice
              key={conflict.conflictVersion}
              title={<Trans>Jemand anderes hat diesen Entwurf geändert, während Sie ihn bearbeitet haben.</Trans>}
              form={editor}
              currentLink={
                <AnchorLink to="/newsletter-admin/$id" params={{ id: newsletter.id }} target="_blank" size="sm">
                  <Trans>Gespeicherte Fassung in neuem Tab öffnen</Trans>
                </AnchorLink>
              }
            />
          )}
          <Tabs value={language} onChange={(value) => isLocale(value) && setLanguage(value)} keepMounted={false}>
            <Tabs.List mb="md">
              {LOCALES.map((locale) => (
                <Tabs.Tab
                  key={locale}
                  value={locale}
                  lang={locale}
                  color={hasErrors(locale) ? 'red' : undefined}
                  rightSection={hasErrors(locale) ? <IconAlertCircle size={16} role="img" aria-label={t`Enthält Fehler`} /> : undefined}
                >
                  {LOCALE_NAMES[locale]}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {LOCALES.map((locale) => (
              <Tabs.Panel key={locale} value={locale}>
                <LanguageFields locale={locale} inputProps={editor.form.getInputProps} readOnly={!isDraft} />
              </Tabs.Panel>
            ))}
          </Tabs>
          <NewsletterPictureFields form={editor.form} readOnly={!isDraft} />

          <Group justify="space-between" gap="sm">
            <Group gap="sm">
              {newsletter && isDraft && (
                <Button
                  variant="subtle"
                  color="red"
                  c="red.9"
                  leftSection={<IconTrash size={18} aria-hidden />}
                  onClick={() => setDialog('delete')}
                  disabled={busy}
                >
                  <Trans>Entwurf löschen</Trans>
                </Button>
              )}
            </Group>
            <Group gap="sm" justify="flex-end">
              <Button
                ref={previewButton}
                variant="default"
                leftSection={<IconEye size={18} aria-hidden />}
                onClick={() => void showPreview()}
                loading={previewMail.isPending}
                disabled={!editor.isReady}
              >
                <Trans>Vorschau</Trans>
              </Button>
              {newsletter && isDraft && (
                <Button
                  variant="default"
                  leftSection={<IconTestPipe size={18} aria-hidden />}
                  onClick={() => void sendTestMail()}
                  loading={sendTest.isPending}
                  disabled={busy}
                >
                  <Trans>Test an mich senden</Trans>
                </Button>
              )}
              {isDraft && (
                <SubmitButton form={editor} variant={newsletter ? 'default' : 'filled'}>
                  <Trans>Entwurf speichern</Trans>
                </SubmitButton>
              )}
              {newsletter && isDraft && (
                <Button leftSection={<IconSend size={18} aria-hidden />} onClick={() => setDialog('send')} disabled={busy}>
                  <Trans>Newsletter senden</Trans>
                </Button>
              )}
            </Group>
          </Group>
          {!newsletter && (
            <Text size="sm" c="gray.7" ta="right">
              <Trans>Nach dem Speichern können Sie eine Test-E-Mail an sich senden und den Newsletter versenden.</Trans>
            </Text>
          )}
        </Stack>
      </form>

      <PreviewDialog preview={preview?.mail ?? null} requested={preview?.requested ?? language} onClose={() => setPreview(null)} />
      <SendConfirmation
        opened={dialog === 'send'}
        confirmed={confirmedCount}
        busy={send.isPending || update.isPending}
        onConfirm={() => void sendNow()}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        opened={dialog === 'delete'}
        title={t`Entwurf löschen`}
        confirmLabel={<Trans>Löschen</Trans>}
        confirmColor="red"
        busy={remove.isPending}
        onConfirm={() => void deleteDraft()}
        onClose={() => setDialog(null)}
      >
        <Text>
          <Trans>Soll dieser Entwurf wirklich gelöscht werden?</Trans>
        </Text>
        <Text fw={600}>{newsletter?.subjectDe}</Text>
      </ConfirmDialog>
    </>
  );
}
