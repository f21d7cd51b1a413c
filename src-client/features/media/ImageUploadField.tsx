import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Progress.css';
import { IconUpload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { MEDIA_ACCEPTED_TYPES, MEDIA_MAX_BYTES } from '@shared/constants';
import { isExternalPictureUrl, isMediaUrl } from '@shared/media';
import { useSiteConfig } from '@client/features/site/use-site-config';
import { NETWORK_FAILURE_MESSAGE } from '@client/i18n/error-messages';
import { ResponsiveImage } from './ResponsiveImage';
import classes from './ImageUploadField.module.css';
import { uploadPicture } from './upload-picture';

type ImageUploadFieldProps = {
  /** The form's picture address: an uploaded /media/… one, a pasted https URL, or empty. */
  value: string;
  /** Called with the new picture's /media address once the server has made its variants. */
  onUploaded(url: string): void;
};

/**
 * Upload a picture for a post or a newsletter: choose a file, watch it go up, see it. The server checks
 * the file (type by content, size, pixels) and makes its variants; its refusal is shown as it says it.
 * The address field beside it keeps taking a pasted https URL; such a picture is loaded from its site by
 * every reader, which sees their IP address (the privacy page says so), so the field then advises an upload.
 */
export function ImageUploadField({ value, onUploaded }: ImageUploadFieldProps) {
  const { t, i18n } = useLingui();
  const [progress, setProgress] = useState<number | null>(null);
  // `attempt` tells one refusal from the next: the same words again (a second file too large) are new
  // text in the alert, which a screen reader then reads again.
  const [refusal, setRefusal] = useState<{ text: string | null; attempt: number }>({ text: null, attempt: 0 });
  const setError = (text: string | null) => setRefusal((last) => ({ text, attempt: text === null ? last.attempt : last.attempt + 1 }));
  const error = refusal.text;
  const hintId = useId();
  const errorId = useId();
  const megabytes = Math.round(MEDIA_MAX_BYTES / (1024 * 1024));
  const publicUrl = useSiteConfig().data?.publicUrl;

  async function upload(file: File | null) {
    if (!file) return;
    setError(null);
    // Spare a long wait for a file the server would refuse anyway; the server checks again.
    if (file.size > MEDIA_MAX_BYTES) {
      setError(t`Die Datei ist zu groß. Erlaubt sind höchstens ${megabytes} MB.`);
      return;
    }
    setProgress(0);
    const outcome = await uploadPicture(file, i18n.locale, setProgress);
    setProgress(null);
    if (outcome.ok) onUploaded(outcome.result.url);
    else if (outcome.message) setError(outcome.message);
    else
      setError(outcome.unreachable ? i18n._(NETWORK_FAILURE_MESSAGE) : t`Das Hochladen ist fehlgeschlagen. Bitte versuchen Sie es erneut.`);
  }

  return (
    <Stack gap="xs" data-testid="image-upload">
      <Group gap="sm" align="center">
        <FileButton onChange={upload} accept={MEDIA_ACCEPTED_TYPES.join(',')}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconUpload size={16} aria-hidden />}
              loading={progress !== null}
              // What the button takes, and why the last file was refused: read with the button.
              aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            >
              <Trans>Bild hochladen</Trans>
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="gray.7" id={hintId}>
          <Trans>JPEG, PNG, WebP oder AVIF, höchstens {megabytes} MB</Trans>
        </Text>
      </Group>
      {progress !== null && <Progress value={Math.round(progress * 100)} size="sm" aria-label={t`Upload-Fortschritt`} />}
      {/* The live regions are always there and only their content comes and goes: a region inserted
          together with its text is often not announced. */}
      <div role="alert">
        {error && (
          <Text key={refusal.attempt} size="sm" c="red.8" id={errorId}>
            {error}
          </Text>
        )}
      </div>
      <div role="status">
        {isExternalPictureUrl(value, publicUrl) && (
          // role="none": Mantine's Alert is an assertive alert by default; the region around it speaks politely.
          <Alert color="yellow" p="xs" role="none" data-testid="picture-external-warning">
            <Text size="sm">
              <Trans>
                Dieses Bild wird von einer anderen Website geladen: Deren Anbieter sieht die IP-Adresse jeder Besucherin und jedes
                Besuchers. Laden Sie das Bild besser hoch.
              </Trans>
            </Text>
          </Alert>
        )}
      </div>
      {isMediaUrl(value) && (
        <ResponsiveImage src={value} alt={t`Vorschau des hochgeladenen Bildes`} sizes="320px" className={classes.preview} />
      )}
    </Stack>
  );
}
