import { useLingui } from '@lingui/react/macro';
import { Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { NEWSLETTER_LIMITS } from '@shared/constants';
import type { NewsletterContent } from '@shared/schemas/newsletter';
import { ImageUploadField } from '@client/features/media/ImageUploadField';

type NewsletterPictureFieldsProps = { form: UseFormReturnType<NewsletterContent>; readOnly: boolean };

/**
 * The newsletter's picture, shared by its languages (each describes it on its tab): uploaded, or the
 * https address of a picture elsewhere. Mails show it above the text as an absolute JPEG address.
 */
export function NewsletterPictureFields({ form, readOnly }: NewsletterPictureFieldsProps) {
  const { t } = useLingui();
  return (
    <Stack gap="xs">
      <TextInput
        label={t`Bild-URL`}
        type="url"
        placeholder="https://…"
        readOnly={readOnly}
        maxLength={NEWSLETTER_LIMITS.imageUrl}
        {...form.getInputProps('imageUrl')}
      />
      {!readOnly && <ImageUploadField value={form.getValues().imageUrl} onUploaded={(url) => form.setFieldValue('imageUrl', url)} />}
    </Stack>
  );
}
