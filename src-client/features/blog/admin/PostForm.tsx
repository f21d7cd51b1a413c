import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Select, Stack, Switch, Tabs, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Tabs.css';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { BLOG_CATEGORIES, BLOG_LIMITS } from '@shared/constants';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '@shared/locales';
import { blogPostInputSchema, type AdminPost, type BlogPostValues } from '@shared/schemas/blog';
import { CATEGORY_LABELS } from '@shared/blog-categories';
import { AnchorLink } from '@client/components/links';
import { ImageUploadField } from '@client/features/media/ImageUploadField';
import { EditConflictNotice } from '@client/lib/forms/EditConflictNotice';
import { SubmitButton } from '@client/lib/forms/SubmitButton';
import { type TakenOver, useEditConflict } from '@client/lib/forms/use-edit-conflict';
import { useSchemaForm } from '@client/lib/forms/use-schema-form';
import { useUnsavedChangesGuard } from '@client/lib/use-unsaved-changes-guard';
import { postFormValues } from './post-form-values';
import { PostTextFields } from './PostTextFields';
import { PublishAtField } from './PublishAtField';

/** The language a field belongs to ('translations.en.title' → 'en'), so the form can open the tab with an error. */
function languageOfField(field: string): Locale | null {
  const [group, locale] = field.split('.');
  return group === 'translations' && isLocale(locale) ? locale : null;
}

type PostFormProps = {
  post: AdminPost | null;
  defaultAuthor: string;
  /**
   * Saves the checked values over `version`, the post's version the form holds (null for a new post); a
   * rejection marks the fields the server refused and goes to onSaveFailed, except another admin's change
   * meanwhile (EDIT_CONFLICT), which the form shows itself.
   */
  onSave(values: BlogPostValues, version: number | null): Promise<unknown>;
  onSaveFailed(error: unknown): void;
  onCancel(): void;
  /** Filled with the form's "changed since it opened?", which the dialog asks before closing (nothing typed is lost unasked). */
  dirtyCheck?: { current: () => boolean };
};

/**
 * Create or edit a post, checked with the same schema the server uses: the shared fields (author,
 * category, picture, state) once, the text in tabs per language (German required, as the newsletter
 * composer does it).
 *
 * The form saves over the version of the post it was opened with. When another admin changed the post
 * meanwhile (saved it, hid it with the eye, featured it), the server refuses the save; the form then
 * keeps everything typed, takes the other change into every field the admin did not touch (a hidden
 * post stays hidden unless the admin switched it on here), says so, and offers to save over the new
 * version or to open it in a new tab. A save thus changes only what the admin changed in the form.
 */
export function PostForm({ post, defaultAuthor, onSave, onSaveFailed, onCancel, dirtyCheck }: PostFormProps) {
  const { t, i18n } = useLingui();
  const [language, setLanguage] = useState<Locale>('de');
  // What the other admin's change did to the post's publication, when the form took it over.
  const [publication, setPublication] = useState<'published' | 'hidden' | null>(null);
  const editor = useSchemaForm({
    schema: blogPostInputSchema,
    initialValues: postFormValues(post),
    // (Return types named: the form and its conflict handling refer to each other.)
    onSubmit: (values): Promise<unknown> => onSave(values, conflict.latest()?.version ?? null),
    onInvalid: showInvalidLanguage,
    onError: (error): void => {
      const takenOver = conflict.takeOver(error);
      if (takenOver) setPublication(publicationTakenOver(takenOver));
      else onSaveFailed(error);
    },
  });
  // The stored version the form's values start from: the post it opened, or the newer one a conflict named.
  const conflict = useEditConflict(editor.form, post, postFormValues);
  const base = conflict.stored;
  const { isDirty } = editor.form;
  // Leaving the page (a reload, the back button) with changes in the form asks first; the dialog's own
  // closing asks through dirtyCheck.
  useUnsavedChangesGuard(() => editor.form.isDirty());
  useEffect(() => {
    if (!dirtyCheck) return;
    dirtyCheck.current = isDirty;
    return () => {
      dirtyCheck.current = () => false;
    };
  }, [dirtyCheck, isDirty]);
  const field = editor.form.getInputProps;
  const hasErrors = (locale: Locale) => Object.keys(editor.form.errors).some((name) => languageOfField(name) === locale);

  /**
   * Another admin's change met the save and the form took it over (useEditConflict): whether that change
   * published or hid the post, which the admin had left as it was, so the form now shows it so.
   */
  function publicationTakenOver({ current, loaded, typed }: TakenOver<AdminPost, { published: boolean }>) {
    const taken = typed.published === loaded.published && current.published !== loaded.published;
    return taken ? (current.published ? 'published' : 'hidden') : null;
  }

  /**
   * A field on another tab is wrong: that tab opens, so its marked field can be seen (and gets focus once
   * the form has rendered it, useSchemaForm). The failing fields are worked out from the values here, as
   * the newsletter composer does: `editor.form.errors` is still the previous render's on the first try.
   */
  function showInvalidLanguage() {
    const result = blogPostInputSchema.safeParse(editor.form.getValues());
    if (result.success) return;
    const languages = result.error.issues.map((issue) => languageOfField(issue.path.map(String).join('.')));
    if (languages.includes(language)) return;
    const invalid = languages.find((locale) => locale !== null);
    if (invalid) setLanguage(invalid);
  }

  return (
    <form onSubmit={editor.submit} noValidate aria-label={post ? t`Post bearbeiten` : t`Neuer Post`}>
      <Stack gap="md">
        {conflict.conflictVersion !== null && base && (
          <EditConflictNotice
            key={conflict.conflictVersion}
            title={<Trans>Jemand anderes hat diesen Post geändert, während Sie ihn bearbeitet haben.</Trans>}
            form={editor}
            currentLink={
              <AnchorLink to="/blog-admin" search={{ post: base.id }} target="_blank" size="sm">
                <Trans>Gespeicherte Fassung in neuem Tab öffnen</Trans>
              </AnchorLink>
            }
          >
            {publication && (
              <Text size="sm">
                {publication === 'hidden' ? (
                  <Trans>Der Post ist inzwischen versteckt; das Formular zeigt ihn jetzt so.</Trans>
                ) : (
                  <Trans>Der Post ist inzwischen veröffentlicht; das Formular zeigt ihn jetzt so.</Trans>
                )}
              </Text>
            )}
          </EditConflictNotice>
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
              <PostTextFields
                locale={locale}
                inputProps={(path) => field(path as never)}
                hasPicture={editor.form.getValues().imageUrl.trim() !== ''}
              />
            </Tabs.Panel>
          ))}
        </Tabs>
        <Group grow align="flex-start">
          <TextInput label={t`Autor`} placeholder={defaultAuthor} maxLength={BLOG_LIMITS.author} {...field('author')} />
          <Select
            label={t`Kategorie`}
            data={BLOG_CATEGORIES.map((name) => ({ value: name, label: i18n._(CATEGORY_LABELS[name]) }))}
            allowDeselect={false}
            {...field('category')}
          />
        </Group>
        <TextInput label={t`Bild-URL`} type="url" placeholder="https://…" {...field('imageUrl')} />
        <ImageUploadField value={editor.form.getValues().imageUrl} onUploaded={(url) => editor.form.setFieldValue('imageUrl', url)} />
        <Group>
          <Switch label={t`Veröffentlicht`} {...field('published', { type: 'checkbox' })} />
          <Switch label={t`Als Feature markieren`} {...field('featured', { type: 'checkbox' })} />
        </Group>
        <PublishAtField post={base} published={editor.form.getValues().published} inputProps={field('publishAt')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            <Trans>Abbrechen</Trans>
          </Button>
          <SubmitButton form={editor}>{post ? <Trans>Änderungen speichern</Trans> : <Trans>Post erstellen</Trans>}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
