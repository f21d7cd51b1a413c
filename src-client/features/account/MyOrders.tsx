import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatCents } from '@shared/money';
import type { MyOrder } from '@shared/schemas/checkout';
import { loadFailed, QueryError } from '@client/components/feedback/QueryError';
import { AnchorLink } from '@client/components/links';
import { useLocale } from '@client/i18n/LocaleProvider';
import { formatDate } from '@client/lib/format-date';
import { useTRPC } from '@client/trpc';
import { OrderLineLabel } from '@client/features/orders/OrderLineLabel';

type BuyerStatus = MyOrder['status'] | 'withdrawn';

/**
 * How an order's status reads for its buyer, with its badge colour. Coarser than /orders-admin: where
 * the order stands at Printful is the team's business ("In Bearbeitung" until it is paid and confirmed).
 */
const BUYER_STATUS_LABELS: Record<BuyerStatus, { label: MessageDescriptor; color: string }> = {
  demo: { label: msg`Demo-Bestellung (wird nicht versendet)`, color: 'gray' },
  pending_provider: { label: msg`In Bearbeitung`, color: 'blue' },
  submitted: { label: msg`In Bearbeitung`, color: 'blue' },
  provider_failed: { label: msg`In Bearbeitung`, color: 'blue' },
  pending_payment: { label: msg`Zahlung ausstehend`, color: 'yellow' },
  confirmed: { label: msg`Bezahlt – in Produktion`, color: 'teal' },
  cancelled: { label: msg`Storniert`, color: 'gray' },
  // "Erstattet" elsewhere names a donation too (fr masculine "Remboursé"); an order is feminine in French.
  refunded: { label: msg({ message: 'Erstattet', context: 'order status' }), color: 'orange' },
  withdrawn: { label: msg`Widerrufen`, color: 'orange' },
};

/** A cancelled or refunded order says so even after a withdrawal; otherwise a declared withdrawal is the news. */
function buyerStatus(order: MyOrder): BuyerStatus {
  if (order.status === 'cancelled' || order.status === 'refunded') return order.status;
  return order.withdrawnAt ? 'withdrawn' : order.status;
}

/**
 * "Meine Bestellungen" on /account: the signed-in user's orders (`orders.mine`, the route prefetches it),
 * newest first, with number, date, status, lines and total, and the way to withdraw from one.
 */
export function MyOrders() {
  const { t } = useLingui();
  const orders = useQuery(useTRPC().orders.mine.queryOptions());

  // An answer already shown stays when asking again fails; without one, the failure is said, with a way to ask again.
  if (!orders.data) return loadFailed(orders) ? <QueryError query={orders} /> : <Loader size="sm" aria-label={t`Wird geladen`} />;
  if (orders.data.length === 0) {
    return (
      <Text data-testid="my-orders-empty">
        <Trans>Sie haben noch nichts bestellt.</Trans>{' '}
        <AnchorLink to="/shop">
          <Trans>Zum Shop</Trans>
        </AnchorLink>
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
      {orders.data.map((order, index) => (
        <OrderItem key={order.orderNumber} order={order} first={index === 0} />
      ))}
    </Stack>
  );
}

function OrderItem({ order, first }: { order: MyOrder; first: boolean }) {
  const { i18n } = useLingui();
  const { locale } = useLocale();
  const status = BUYER_STATUS_LABELS[buyerStatus(order)];
  const orderNumber = order.orderNumber;
  const date = formatDate(order.createdAt, locale);
  const total = formatCents(order.totalCents);
  const shipping = formatCents(order.shippingCents);

  return (
    <Stack
      component="li"
      gap={6}
      pt={first ? 0 : 'md'}
      style={first ? undefined : { borderTop: '1px solid var(--mantine-color-default-border)' }}
      data-testid="my-order"
    >
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={0}>
          <Title order={3} size="h5">
            <Trans>Bestellung {orderNumber}</Trans>
          </Title>
          <Text size="sm" c="gray.7">
            <Trans>Bestellt am {date}</Trans>
          </Text>
        </Stack>
        <Badge
          color={status.color}
          variant="light"
          styles={{ label: { whiteSpace: 'normal' } }}
          h="auto"
          py={2}
          data-testid="my-order-status"
        >
          {i18n._(status.label)}
        </Badge>
      </Group>
      <Stack component="ul" gap={2} p={0} m={0} style={{ listStyle: 'none' }}>
        {order.lines.map((line, lineIndex) => (
          // Lines have no id of their own; their position in the order is stable.
          // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines never change order
          <Text component="li" size="sm" key={lineIndex} data-testid="my-order-line">
            <OrderLineLabel line={line} detailSize="sm" />
          </Text>
        ))}
      </Stack>
      <Text size="sm" data-testid="my-order-total">
        <strong>
          <Trans>Gesamt: {total}</Trans>
        </strong>{' '}
        <Text span size="sm" c="gray.7">
          <Trans>(inkl. {shipping} Versand)</Trans>
        </Text>
      </Text>
      {/* The server decides (isWithdrawable): a real order that stands, not withdrawn yet. The form opens with its number filled in. */}
      {order.withdrawable && (
        <Text size="sm">
          <AnchorLink to="/widerruf/erklaeren" search={{ order: orderNumber }} data-testid="my-order-withdraw">
            <Trans>Bestellung {orderNumber} widerrufen</Trans>
          </AnchorLink>
        </Text>
      )}
    </Stack>
  );
}
