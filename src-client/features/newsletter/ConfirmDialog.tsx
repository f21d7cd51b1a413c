import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack } from '@mantine/core';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import type { ReactNode } from 'react';

type ConfirmDialogProps = {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: ReactNode;
  confirmColor?: string;
  /** The confirming call is running: the button shows it and cannot be pressed again. */
  busy?: boolean;
  /** Nothing to confirm (no subscriber to send to): only "Abbrechen" works. */
  confirmDisabled?: boolean;
  onConfirm(): void;
  onClose(): void;
};

/** A question before an action that cannot be undone (send, delete), with "Abbrechen" and the action. */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  confirmColor,
  busy = false,
  confirmDisabled = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useLingui();
  return (
    <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': t`Schließen` }}>
      <Stack>
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Abbrechen</Trans>
          </Button>
          <Button color={confirmColor} loading={busy} disabled={confirmDisabled} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
