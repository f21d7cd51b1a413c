import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Code, Modal, Stack, Tabs, Text } from '@mantine/core';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Tabs.css';
import { LOCALE_NAMES, type Locale } from '@shared/locales';
import type { NewsletterPreview } from '@shared/schemas/newsletter';
import classes from './PreviewDialog.module.css';

type PreviewDialogProps = {
  /** The rendered mail; null while the dialog is closed. */
  preview: NewsletterPreview | null;
  /** The language the preview was asked for (the server falls back to German when its text is empty). */
  requested: Locale;
  onClose(): void;
};

/**
 * The mail as a subscriber receives it: the HTML version in a sandboxed frame (sandbox="" runs no script,
 * and the frame cannot reach this page or navigate it), and the plain-text version beside it.
 */
export function PreviewDialog({ preview, requested, onClose }: PreviewDialogProps) {
  const { t } = useLingui();
  return (
    <Modal
      opened={preview !== null}
      onClose={onClose}
      title={`${t`Vorschau`} · ${LOCALE_NAMES[requested]}`}
      size="xl"
      closeButtonProps={{ 'aria-label': t`Schließen` }}
    >
      {preview && (
        <Stack gap="sm">
          {preview.locale !== requested && (
            <Alert color="blue" role="status">
              <Trans>
                Betreff oder Inhalt dieser Sprache sind leer: Abonnenten mit dieser Sprache erhalten die deutsche Fassung, die hier gezeigt
                wird.
              </Trans>
            </Alert>
          )}
          <Text>
            <Text span fw={700}>
              <Trans>Betreff:</Trans>
            </Text>{' '}
            <span data-testid="preview-subject">{preview.subject}</span>
          </Text>
          <Tabs defaultValue="html" keepMounted={false}>
            <Tabs.List mb="sm">
              <Tabs.Tab value="html">
                <Trans>HTML-Ansicht</Trans>
              </Tabs.Tab>
              <Tabs.Tab value="text">
                <Trans>Textfassung</Trans>
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="html">
              <iframe className={classes.frame} sandbox="" srcDoc={preview.html} title={t`Vorschau der E-Mail`} lang={preview.locale} />
            </Tabs.Panel>
            <Tabs.Panel value="text">
              <Code block className={classes.text} data-testid="preview-text" tabIndex={0}>
                {preview.text}
              </Code>
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </Modal>
  );
}
