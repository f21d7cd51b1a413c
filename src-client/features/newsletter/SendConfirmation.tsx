import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Loader, Text } from '@mantine/core';
import { type FailedQuery, loadFailed, QueryError } from '@client/components/feedback/QueryError';
import { ConfirmDialog } from './ConfirmDialog';

type SendConfirmationProps = {
  opened: boolean;
  /** The count of confirmed subscribers right now, asked for when the dialog opens: no data while it loads or when it failed. */
  confirmed: FailedQuery & { data: number | undefined; isError: boolean };
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
};

/** The one question before a newsletter goes out: to how many addresses, and that it cannot be undone. */
export function SendConfirmation({ opened, confirmed: count, busy, onConfirm, onClose }: SendConfirmationProps) {
  const { t } = useLingui();
  const confirmed = count.data;
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
      {loadFailed(count) ? (
        // Not known how many would get it: nothing can be sent until the count has come.
        <QueryError query={count} />
      ) : confirmed === undefined ? (
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
