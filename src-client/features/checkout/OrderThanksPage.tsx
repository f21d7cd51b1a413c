import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { type QueryState, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { formatCents } from '@shared/money';
import type { OrderCheckoutStatus } from '@shared/schemas/checkout';
import { AnchorLink, ButtonLink } from '@client/components/links';
import { PageShell } from '@client/components/page/PageShell';
import { useCart } from '@client/features/cart/CartProvider';
import { useTRPC } from '@client/trpc';

/** While the webhook has not arrived, the page asks again every few seconds, for about a minute. */
const POLL_MS = 3000;
const POLL_LIMIT = 20;

const UNKNOWN: OrderCheckoutStatus = { state: 'unknown', orderNumber: null, totalCents: null };

/** Whether the page asks again: the payment is not confirmed yet, and it has not asked POLL_LIMIT times. */
function isStillAsking(query: Pick<QueryState<OrderCheckoutStatus>, 'data' | 'dataUpdateCount'> | undefined): boolean {
  return query?.data?.state === 'open' && query.dataUpdateCount < POLL_LIMIT;
}

/**
 * /checkout/danke (issue 18): where Stripe sends the buyer back after paying an order. It asks the
 * server what became of the session (paid, on its way by SEPA, not finished, cancelled); nothing in
 * the address can make an order paid. A paid or pending order empties the cart.
 */
export function OrderThanksPage({ sessionId }: { sessionId: string }) {
  const { t } = useLingui();
  const cart = useCart();
  const queryClient = useQueryClient();
  const options = useTRPC().orders.checkoutStatus.queryOptions({ sessionId });
  const status = useQuery({
    ...options,
    enabled: sessionId !== '',
    refetchInterval: (query) => (isStillAsking(query.state) ? POLL_MS : false),
  });
  // Each answer renders the page again (its dataUpdatedAt changes), so the count read here is the current one.
  const stillAsking = status.dataUpdatedAt > 0 && isStillAsking(queryClient.getQueryState(options.queryKey));
  const state = status.data?.state;
  const { reset, isRestored } = cart;
  useEffect(() => {
    if (isRestored && (state === 'paid' || state === 'pending')) reset();
  }, [state, isRestored, reset]);

  let content: React.ReactNode;
  if (sessionId === '' || status.isError) content = <ThanksMessage status={UNKNOWN} />;
  else if (status.data) content = <ThanksMessage status={status.data} stillAsking={stillAsking} />;
  else content = <Loader aria-label={t`Ihre Zahlung wird geprüft`} />;

  return (
    <PageShell>
      <Container size="sm" py={48}>
        <Stack gap="lg" data-testid="order-thanks">
          {content}
          <ButtonLink to="/shop" variant="light" style={{ alignSelf: 'flex-start' }}>
            <Trans>Zurück zum Shop</Trans>
          </ButtonLink>
        </Stack>
      </Container>
    </PageShell>
  );
}

/**
 * What the page says for the server's answer. `stillAsking`: an unconfirmed payment is asked about again
 * in a moment; once the page has stopped asking, it says what happens instead (the mail, the account).
 */
export function ThanksMessage({ status, stillAsking = false }: { status: OrderCheckoutStatus; stillAsking?: boolean }) {
  const orderNumber = status.orderNumber ?? '';
  const total = status.totalCents === null ? '' : formatCents(status.totalCents);
  switch (status.state) {
    case 'paid':
      return (
        <>
          <Title order={1}>
            <Trans>Vielen Dank! Ihre Zahlung ist eingegangen.</Trans>
          </Title>
          <Alert color="green" role="status" data-testid="order-state" data-state="paid">
            <Text size="sm">
              <Trans>
                Bestellung {orderNumber} über {total}: Wir geben sie jetzt in Produktion. Die Bestätigung mit allen Angaben ist per E-Mail
                zu Ihnen unterwegs.
              </Trans>
            </Text>
          </Alert>
        </>
      );
    case 'pending':
      return (
        <>
          <Title order={1}>
            <Trans>Vielen Dank für Ihre Bestellung!</Trans>
          </Title>
          <Alert color="blue" role="status" data-testid="order-state" data-state="pending">
            <Text size="sm">
              <Trans>
                Bestellung {orderNumber}: Ihre Lastschrift ist unterwegs. Sobald die Zahlung eingegangen ist, bestätigen wir die Bestellung
                per E-Mail und geben sie in Produktion.
              </Trans>
            </Text>
          </Alert>
        </>
      );
    case 'open':
      return (
        <Alert color="blue" role="status" data-testid="order-state" data-state="open">
          <Text size="sm">
            {stillAsking ? (
              <Trans>Ihre Zahlung ist noch nicht bestätigt. Diese Seite aktualisiert sich gleich von selbst.</Trans>
            ) : (
              <Trans>
                Ihre Zahlung für die Bestellung {orderNumber} ist noch nicht bestätigt. Sobald sie bestätigt ist, erhalten Sie die
                Bestellbestätigung per E-Mail. Den Stand sehen Sie jederzeit unter{' '}
                <AnchorLink to="/account" hash="orders">
                  Meine Bestellungen
                </AnchorLink>{' '}
                in Ihrem Konto.
              </Trans>
            )}
          </Text>
        </Alert>
      );
    case 'cancelled':
      return (
        <Alert color="orange" role="status" data-testid="order-state" data-state="cancelled">
          <Text size="sm">
            <Trans>Die Zahlung wurde nicht abgeschlossen; die Bestellung {orderNumber} ist storniert. Es wurde nichts abgebucht.</Trans>
          </Text>
        </Alert>
      );
    case 'refunding':
      return (
        <Alert color="orange" role="status" data-testid="order-state" data-state="refunding">
          <Text size="sm">
            <Trans>
              Die Bestellung {orderNumber} ist storniert. Ihre Zahlung ist bei uns eingegangen; wir erstatten Ihnen den Betrag, und Sie
              erhalten dazu eine E-Mail.
            </Trans>
          </Text>
        </Alert>
      );
    default:
      return (
        <Alert color="gray" role="status" data-testid="order-state" data-state="unknown">
          <Text size="sm">
            <Trans>Zu diesem Link finden wir keine Bestellung. Ihre Bestellungen sehen Sie in Ihrem Konto.</Trans>
          </Text>
        </Alert>
      );
  }
}
