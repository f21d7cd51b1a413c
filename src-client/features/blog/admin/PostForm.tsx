import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Select, Stack, Switch, Tabs, TextInput } from '@mantine/core';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Tabs.css';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { BLOG_CATEGORIES, BLOG_LIMITS, DEFAULT_BLOG_CATEGORY } from '@shared/constants';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '@shared/locales';
import { blogPostInputSchema, type AdminPost, type BlogPostValues, type PostText } from '@shared/schemas/blog';
import { CATEGORY_LABELS } from '@shared/blog-categories';
import { ImageUploadField } from '@client/features/media/ImageUploadField';
import { SubmitButton } from '@client/lib/forms/SubmitButton';
import { useSchemaForm } from '@client/lib/forms/use-schema-form';
import { useUnsavedChangesGuard } from '@client/lib/use-unsaved-changes-guard';
import { PostTextFields } from './PostTextFields';
import { initialPublishAt, PublishAtField } from './PublishAtField';

/** One language's fields as the form holds them (tags as the comma separated text the admin types). */
function textValues(text: PostText | null | undefined) {
  return {
    title: text?.title ?? '',
    excerpt: text?.excerpt ?? '',
    content: text?.content ?? '',
    tags: text?.tags.join(', ') ?? '',
    imageAlt: text?.imageAlt ?? '',
  };
}

function initialValues(post: AdminPost | null) {
  return {
    // What all languages share.
    author: post?.author ?? '',
    category: post?.category ?? DEFAULT_BLOG_CATEGORY,
    imageUrl: post?.imageUrl ?? '',
    published: post?.published ?? false,
    featured: post?.featured ?? false,
    publishAt: initialPublishAt(post),
    // The text per language: a tab left empty means the post has no version in that language.
    translations: {
      de: textValues(post?.translations.de),
      en: textValues(post?.translations.en),
      fr: textValues(post?.translations.fr),
    },
  };
}

/** The language a field belongs to ('translations.en.title' → 'en'), so the form can open the tab with an error. */
function languageOfField(field: string): Locale | null {
  const [group, locale] = field.split('.');
  return group === 'translations' && isLocale(locale) ? locale : null;
}

type PostFormProps = {
  post: AdminPost | null;
  defaultAuthor: string;
  /** Saves the checked values; a rejection marks the fields the server refused and goes to onSaveFailed. */
  onSave(values: BlogPostValues): Promise<unknown>;
  onSaveFailed(error: unknown): void;
  onCancel(): void;
  /** Filled with the form's "changed since it opened?", which the dialog asks before closing (nothing typed is lost unasked). */
  dirtyCheck?: { current: () => boolean };
};

/**
 * Create or edit a post, checked with the same schema the server uses: the shared fields (author,
 * category, picture, state) once, the text in tabs per language (German required, as the newsletter
 * composer does it).
 */
export function PostForm({ post, defaultAuthor, onSave, onSaveFailed, onCancel, dirtyCheck }: PostFormProps) {
  const { t, i18n } = useLingui();
  const [language, setLanguage] = useState<Locale>('de');
  const editor = useSchemaForm({
    schema: blogPostInputSchema,
    initialValues: initialValues(post),
    onSubmit: onSave,
    onInvalid: showInvalidLanguage,
    onError: onSaveFailed,
  });
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
        <PublishAtField post={post} published={editor.form.getValues().published} inputProps={field('publishAt')} />
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
