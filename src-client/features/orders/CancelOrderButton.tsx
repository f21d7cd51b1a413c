import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessageFor } from '@client/i18n/error-messages';
import { useTRPC } from '@client/trpc';

/**
 * Cancel and refund a paid order (`orders.cancel`): Printful's order is cancelled while it is not in
 * production, Stripe refunds the payment, the buyer gets a mail. Two clicks, since it cannot be undone.
 * Shown where the server said the order is `cancellable` (isCancellable, src-server/orders/cancel-order.ts).
 */
export function CancelOrderButton({ orderNumber }: { orderNumber: string }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const cancel = useMutation(
    trpc.orders.cancel.mutationOptions({
      // Every list of orders (/orders-admin's pages and filters) shows the new state.
      onSettled: () => queryClient.invalidateQueries(trpc.orders.pathFilter()),
    }),
  );

  return (
    <div>
      {asking ? (
        <Group gap="xs" mt={4} wrap="nowrap">
          <Button
            size="compact-xs"
            color="red"
            loading={cancel.isPending}
            onClick={() => cancel.mutate({ orderNumber }, { onSettled: () => setAsking(false) })}
            data-testid="order-cancel-confirm"
          >
            <Trans>Ja, stornieren und erstatten</Trans>
          </Button>
          <Button size="compact-xs" variant="subtle" onClick={() => setAsking(false)}>
            <Trans>Abbrechen</Trans>
          </Button>
        </Group>
      ) : (
        <Button size="compact-xs" variant="light" color="red" mt={4} onClick={() => setAsking(true)} data-testid="order-cancel">
          <Trans>Stornieren und erstatten</Trans>
        </Button>
      )}
      {cancel.isError && (
        <Text size="xs" c="red.9" mt={4} role="alert">
          {i18n._(errorMessageFor(cancel.error))}
        </Text>
      )}
      {cancel.isSuccess && (
        <Text size="xs" c="gray.7" mt={4} role="status">
          {cancel.data.refundedBefore
            ? // Refunded in Stripe's dashboard meanwhile (or before): no second refund was made.
              t`Storniert; der Betrag war in Stripe bereits erstattet (etwa im Stripe-Dashboard), und der Käufer ist per E-Mail informiert.`
            : t`Storniert; die Erstattung ist veranlasst und der Käufer per E-Mail informiert.`}
        </Text>
      )}
    </div>
  );
}
