import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { BLOG_LIMITS } from '@shared/constants';
import type { Locale } from '@shared/locales';

type PostTextFieldsProps = {
  locale: Locale;
  /** The form's input props for a path ("translations.en.title"). */
  inputProps(path: string): GetInputPropsReturnType;
  /** Whether the post has a picture: then its description is required in every language written. */
  hasPicture: boolean;
};

/** Title, excerpt, content, tags and picture description of one language of the post form. German is required. */
export function PostTextFields({ locale, inputProps, hasPicture }: PostTextFieldsProps) {
  const { t } = useLingui();
  const isGerman = locale === 'de';
  const field = (name: string) => inputProps(`translations.${locale}.${name}`);
  return (
    <Stack gap="md">
      <Text size="sm" c="gray.7">
        {isGerman ? (
          <Trans>Die deutsche Fassung ist das Original und Pflicht: Wer den Beitrag in keiner anderen Sprache findet, liest sie.</Trans>
        ) : (
          <Trans>
            Optional. Bleiben alle Felder leer, gibt es den Beitrag in dieser Sprache nicht, und Leser sehen die deutsche Fassung.
          </Trans>
        )}
      </Text>
      <TextInput label={t`Titel`} lang={locale} required={isGerman} maxLength={BLOG_LIMITS.title} {...field('title')} />
      <Textarea label={t`Kurzbeschreibung`} lang={locale} autosize minRows={2} maxLength={BLOG_LIMITS.excerpt} {...field('excerpt')} />
      <Textarea
        label={t`Inhalt`}
        lang={locale}
        required={isGerman}
        autosize
        minRows={8}
        maxRows={20}
        maxLength={BLOG_LIMITS.content}
        {...field('content')}
      />
      <TextInput label={t`Tags`} lang={locale} description={t`Mehrere Tags mit Komma trennen`} {...field('tags')} />
      <TextInput
        label={t`Bildbeschreibung (Alternativtext)`}
        lang={locale}
        description={t`Was auf dem Bild zu sehen ist, für alle, die es nicht sehen können.`}
        required={hasPicture && isGerman}
        maxLength={BLOG_LIMITS.imageAlt}
        {...field('imageAlt')}
      />
    </Stack>
  );
}
