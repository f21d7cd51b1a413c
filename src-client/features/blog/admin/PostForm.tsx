import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Switch.css';
import { BLOG_CATEGORIES, BLOG_LIMITS, DEFAULT_BLOG_CATEGORY } from '@shared/constants';
import { blogPostInputSchema, type AdminPost, type BlogPostValues } from '@shared/schemas/blog';
import { CATEGORY_LABELS } from '@client/features/blog/categories';
import { SubmitButton } from '@client/lib/forms/SubmitButton';
import { useSchemaForm } from '@client/lib/forms/use-schema-form';

function initialValues(post: AdminPost | null) {
  return {
    title: post?.title ?? '',
    excerpt: post?.excerpt ?? '',
    content: post?.content ?? '',
    author: post?.author ?? '',
    category: post?.category ?? DEFAULT_BLOG_CATEGORY,
    tags: post?.tags.join(', ') ?? '',
    imageUrl: post?.imageUrl ?? '',
    published: post?.published ?? false,
    featured: post?.featured ?? false,
  };
}

type PostFormProps = {
  post: AdminPost | null;
  defaultAuthor: string;
  /** Saves the checked values; a rejection marks the fields the server refused and goes to onSaveFailed. */
  onSave(values: BlogPostValues): Promise<unknown>;
  onSaveFailed(error: unknown): void;
  onCancel(): void;
};

/** Create or edit a post, checked with the same schema the server uses. */
export function PostForm({ post, defaultAuthor, onSave, onSaveFailed, onCancel }: PostFormProps) {
  const { t, i18n } = useLingui();
  const editor = useSchemaForm({
    schema: blogPostInputSchema,
    initialValues: initialValues(post),
    onSubmit: onSave,
    onError: onSaveFailed,
  });
  const field = editor.form.getInputProps;

  return (
    <form onSubmit={editor.submit} noValidate aria-label={post ? t`Post bearbeiten` : t`Neuer Post`}>
      <Stack gap="md">
        <TextInput label={t`Titel`} required maxLength={BLOG_LIMITS.title} {...field('title')} />
        <Textarea label={t`Kurzbeschreibung`} autosize minRows={2} maxLength={BLOG_LIMITS.excerpt} {...field('excerpt')} />
        <Textarea label={t`Inhalt`} required autosize minRows={8} maxRows={20} maxLength={BLOG_LIMITS.content} {...field('content')} />
        <Group grow align="flex-start">
          <TextInput label={t`Autor`} placeholder={defaultAuthor} maxLength={BLOG_LIMITS.author} {...field('author')} />
          <Select
            label={t`Kategorie`}
            data={BLOG_CATEGORIES.map((name) => ({ value: name, label: i18n._(CATEGORY_LABELS[name]) }))}
            allowDeselect={false}
            {...field('category')}
          />
        </Group>
        <TextInput label={t`Tags`} description={t`Mehrere Tags mit Komma trennen`} {...field('tags')} />
        <TextInput label={t`Bild-URL`} type="url" placeholder="https://…" {...field('imageUrl')} />
        <Group>
          <Switch label={t`Veröffentlicht`} {...field('published', { type: 'checkbox' })} />
          <Switch label={t`Als Feature markieren`} {...field('featured', { type: 'checkbox' })} />
        </Group>
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
