import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { NEWSLETTER_LIMITS } from '@shared/constants';
import type { Locale } from '@shared/locales';
import type { NewsletterContent } from '@shared/schemas/newsletter';
import { CONTENT_FIELDS } from './content-fields';

type LanguageFieldsProps = {
  locale: Locale;
  inputProps: UseFormReturnType<NewsletterContent>['getInputProps'];
  /** A newsletter whose sending has started is a record: its text is shown, not edited. */
  readOnly: boolean;
};

/**
 * Subject and body of one language of the compose form. German is required; English and French are
 * optional, but once started need subject and body (src-shared/schemas/newsletter.ts).
 */
export function LanguageFields({ locale, inputProps, readOnly }: LanguageFieldsProps) {
  const { t } = useLingui();
  const isGerman = locale === 'de';
  const fields = CONTENT_FIELDS[locale];
  return (
    <Stack gap="md">
      {!readOnly && (
        <Text size="sm" c="gray.7">
          {isGerman ? (
            <Trans>Die deutsche Fassung ist Pflicht: Sie geht an alle, für deren Sprache es keine vollständige Übersetzung gibt.</Trans>
          ) : (
            <Trans>
              Optional. Bleiben alle Felder leer, erhalten Abonnenten mit dieser Sprache die deutsche Fassung. Eine begonnene Fassung
              braucht Betreff und Inhalt.
            </Trans>
          )}
        </Text>
      )}
      <TextInput
        label={t`Betreff`}
        lang={locale}
        required={isGerman && !readOnly}
        readOnly={readOnly}
        maxLength={NEWSLETTER_LIMITS.subject}
        {...inputProps(fields.subject)}
      />
      <Textarea
        label={t`Inhalt`}
        lang={locale}
        description={
          readOnly
            ? undefined
            : t`Reiner Text: Absätze durch eine Leerzeile trennen; Webadressen (https://…) werden zu Links. Der Abmeldelink wird automatisch angehängt.`
        }
        required={isGerman && !readOnly}
        readOnly={readOnly}
        autosize
        minRows={10}
        maxRows={30}
        maxLength={NEWSLETTER_LIMITS.body}
        {...inputProps(fields.body)}
      />
      <TextInput
        label={t`Bildbeschreibung (Alternativtext)`}
        lang={locale}
        description={readOnly ? undefined : t`Nötig, wenn der Newsletter ein Bild hat: für alle, die es nicht sehen können.`}
        readOnly={readOnly}
        maxLength={NEWSLETTER_LIMITS.imageAlt}
        {...inputProps(fields.imageAlt)}
      />
    </Stack>
  );
}
