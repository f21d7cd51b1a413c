import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { BLOG_CATEGORIES, BLOG_LIMITS, DEFAULT_BLOG_CATEGORY } from '@shared/constants';
import { blogPostInputSchema, type AdminPost, type BlogPostValues } from '@shared/schemas/blog';
import { CATEGORY_LABELS } from '@client/features/blog/categories';
import { fieldErrors } from '@client/lib/field-errors';

type FormValues = {
  title: string;
  excerpt: string;
  content: string;
  author: string;
  category: string;
  tags: string;
  imageUrl: string;
  published: boolean;
  featured: boolean;
};

function initialValues(post: AdminPost | null): FormValues {
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
  saving: boolean;
  onSave(values: BlogPostValues): void;
  onCancel(): void;
};

/** Create or edit a post; validated with the same schema the server uses. */
export function PostForm({ post, defaultAuthor, saving, onSave, onCancel }: PostFormProps) {
  const { t, i18n } = useLingui();
  const [values, setValues] = useState<FormValues>(() => initialValues(post));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const text = (name: keyof FormValues) => ({
    value: values[name] as string,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValues({ ...values, [name]: event.currentTarget.value }),
    error: errors[name],
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = blogPostInputSchema.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error, (d) => i18n._(d)));
    setErrors({});
    onSave(parsed.data);
  }

  return (
    <form onSubmit={submit} noValidate aria-label={post ? t`Post bearbeiten` : t`Neuer Post`}>
      <Stack gap="md">
        <TextInput label={t`Titel`} required maxLength={BLOG_LIMITS.title} {...text('title')} />
        <Textarea label={t`Kurzbeschreibung`} autosize minRows={2} maxLength={BLOG_LIMITS.excerpt} {...text('excerpt')} />
        <Textarea label={t`Inhalt`} required autosize minRows={8} maxRows={20} maxLength={BLOG_LIMITS.content} {...text('content')} />
        <Group grow align="flex-start">
          <TextInput label={t`Autor`} placeholder={defaultAuthor} maxLength={BLOG_LIMITS.author} {...text('author')} />
          <Select
            label={t`Kategorie`}
            data={BLOG_CATEGORIES.map((name) => ({ value: name, label: i18n._(CATEGORY_LABELS[name]) }))}
            value={values.category}
            onChange={(value) => setValues({ ...values, category: value ?? DEFAULT_BLOG_CATEGORY })}
            allowDeselect={false}
            error={errors.category}
          />
        </Group>
        <TextInput label={t`Tags`} description={t`Mehrere Tags mit Komma trennen`} {...text('tags')} />
        <TextInput label={t`Bild-URL`} type="url" placeholder="https://…" {...text('imageUrl')} />
        <Group>
          <Switch
            label={t`Veröffentlicht`}
            checked={values.published}
            onChange={(event) => setValues({ ...values, published: event.currentTarget.checked })}
          />
          <Switch
            label={t`Als Feature markieren`}
            checked={values.featured}
            onChange={(event) => setValues({ ...values, featured: event.currentTarget.checked })}
          />
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            <Trans>Abbrechen</Trans>
          </Button>
          <Button type="submit" loading={saving} disabled={saving}>
            {post ? <Trans>Änderungen speichern</Trans> : <Trans>Post erstellen</Trans>}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
