import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Loader, Text } from '@mantine/core';
import { ConfirmDialog } from './ConfirmDialog';

type SendConfirmationProps = {
  opened: boolean;
  /** Confirmed subscribers right now; undefined while the count loads. */
  confirmed: number | undefined;
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
};

/** The one question before a newsletter goes out: to how many addresses, and that it cannot be undone. */
export function SendConfirmation({ opened, confirmed, busy, onConfirm, onClose }: SendConfirmationProps) {
  const { t } = useLingui();
  return (
    <ConfirmDialog
      opened={opened}
      title={t`Newsletter senden`}
      confirmLabel={<Trans>Jetzt senden</Trans>}
      busy={busy}
      confirmDisabled={!confirmed}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {confirmed === undefined ? (
        <Loader size="sm" aria-label={t`Abonnenten werden gezählt`} />
      ) : confirmed === 0 ? (
        <Text>
          <Trans>Es gibt noch keine bestätigten Abonnenten: Der Newsletter kann an niemanden gehen.</Trans>
        </Text>
      ) : (
        <>
          <Text fw={600} data-testid="send-recipients">
            <Plural
              value={confirmed}
              one="Der Newsletter geht an # bestätigte Adresse."
              other="Der Newsletter geht an # bestätigte Adressen."
            />
          </Text>
          <Text>
            <Trans>Jede Adresse erhält ihn genau einmal, in ihrer Sprache. Das lässt sich nicht rückgängig machen.</Trans>
          </Text>
        </>
      )}
    </ConfirmDialog>
  );
}
