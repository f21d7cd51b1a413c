import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Container, Paper, Table, Text } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { formatCents } from '@shared/money';
import type { AdminOrder } from '@shared/schemas/orders-admin';
import { useLocale } from '@client/i18n/LocaleProvider';
import { useTRPC } from '@client/trpc';
import { AdminPageHeader } from '@client/features/admin/AdminPageHeader';
import { AdminPagination } from '@client/features/admin/AdminPagination';
import { AdminQueryState } from '@client/features/admin/AdminQueryState';
import { CancelOrderButton } from './CancelOrderButton';
import { OrderDetails } from './OrderDetails';
import { OrderFilters, type OrderFilterValues } from './OrderFilters';
import { ORDER_PAYMENT_LABELS, ORDER_STATUS_LABELS } from './order-status';
import { formatDateTime } from '@client/lib/format-date';

export type OrdersAdminSearch = OrderFilterValues & { page?: number | undefined };

const COLUMNS = 7;

/**
 * /orders-admin (`orders.adminList`): the shop's orders, newest first, a page at a time, narrowed by
 * status and a search on e-mail or order number (both in the address). Each row opens to what the
 * order needs for fulfilment: lines, address, totals, payment, Printful's order and its dashboard page.
 * Drafts (no Stripe) are confirmed in Printful's dashboard after payment; orders paid through Stripe are
 * confirmed there already and can be cancelled with a refund here.
 */
export function OrdersAdminPage({ search }: { search: OrdersAdminSearch }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { page = 1, status, q } = search;
  const orders = useQuery({
    ...useTRPC().orders.adminList.queryOptions({ status, search: q, page }),
    placeholderData: keepPreviousData,
  });
  const go = (next: OrdersAdminSearch) => void navigate({ to: '/orders-admin', search: next });
  const filtered = status !== undefined || q !== undefined;

  return (
    <Container size="lg" py={48}>
      <AdminPageHeader title={<Trans>Bestellungen</Trans>} />
      {/* A new search starts from its first page; the key gives the field the address's text after back/forward. */}
      <OrderFilters key={q ?? ''} filter={{ status, q }} onChange={(next) => go(next)} />

      <AdminQueryState
        query={orders}
        loadingLabel={t`Bestellungen werden geladen`}
        isEmpty={(data) => data.orders.length === 0}
        empty={filtered ? <Trans>Keine Bestellungen für diese Auswahl.</Trans> : <Trans>Noch keine Bestellungen.</Trans>}
      >
        {(data) => (
          <>
            <Text size="sm" c="gray.7" mb="xs" role="status">
              {t({ message: plural(data.total, { one: '# Bestellung', other: '# Bestellungen' }) })}
            </Text>
            <OrderTable orders={data.orders} />
            <AdminPagination
              label={t`Seiten der Bestellliste`}
              page={page}
              total={data.total}
              pageSize={data.pageSize}
              onChange={(next) => go({ status, q, page: next === 1 ? undefined : next })}
            />
          </>
        )}
      </AdminQueryState>
    </Container>
  );
}

function OrderTable({ orders }: { orders: AdminOrder[] }) {
  const { t } = useLingui();
  const { locale } = useLocale();
  const formatDate = (iso: string) => formatDateTime(iso, locale);

  return (
    <Table.ScrollContainer minWidth={900} type="native" pos="relative">
      <Table verticalSpacing="sm" aria-label={t`Bestellungen`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t`Bestellnummer`}</Table.Th>
            <Table.Th scope="col">{t`Datum`}</Table.Th>
            <Table.Th scope="col">{t`Käufer`}</Table.Th>
            <Table.Th scope="col">{t`Summe`}</Table.Th>
            <Table.Th scope="col">{t`Zahlung`}</Table.Th>
            <Table.Th scope="col">{t`Status`}</Table.Th>
            <Table.Th scope="col">{t`Printful-ID`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => (
            <OrderRow key={order.orderNumber} order={order} formatDate={formatDate} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One order: its summary row, and under it the details, opened with the button on the order number. */
function OrderRow({ order, formatDate }: { order: AdminOrder; formatDate: (iso: string) => string }) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const status = ORDER_STATUS_LABELS[order.status];
  const payment = ORDER_PAYMENT_LABELS[order.payment];
  const withdrawnOn = order.withdrawnAt ? formatDate(order.withdrawnAt) : null;
  const detailsId = `order-details-${order.orderNumber}`;
  const Chevron = open ? IconChevronDown : IconChevronRight;

  return (
    <>
      <Table.Tr data-testid="order-row" style={{ borderBottom: open ? 'none' : undefined }}>
        <Table.Td>
          <Button
            variant="subtle"
            size="compact-sm"
            ff="monospace"
            px={4}
            leftSection={<Chevron size={16} aria-hidden />}
            aria-expanded={open}
            aria-controls={detailsId}
            aria-label={open ? t`Details zu ${order.orderNumber} schließen` : t`Details zu ${order.orderNumber} zeigen`}
            onClick={() => setOpen(!open)}
            data-testid="order-toggle"
          >
            {order.orderNumber}
          </Button>
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(order.createdAt)}</Table.Td>
        <Table.Td>
          <Text size="sm">{order.name}</Text>
          <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
            {order.email} · {order.country}
          </Text>
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          <Text size="sm">{formatCents(order.totalCents)}</Text>
          <Text size="xs" c="gray.7">
            {t({ message: plural(order.itemCount, { one: '# Artikel', other: '# Artikel' }) })}
          </Text>
        </Table.Td>
        <Table.Td>
          <Badge color={payment.color} variant="outline" styles={{ label: { whiteSpace: 'normal' } }} h="auto" py={2}>
            {i18n._(payment.label)}
          </Badge>
        </Table.Td>
        <Table.Td>
          <Badge color={status.color} variant="light" styles={{ label: { whiteSpace: 'normal' } }} h="auto" py={2}>
            {i18n._(status.label)}
          </Badge>
          {withdrawnOn && (
            // The withdrawal button's declaration (§ 356a BGB): stop production, expect the goods back.
            <Text size="xs" c="red.9" fw={600} mt={4} data-testid="order-withdrawn">
              {t`Widerrufen am ${withdrawnOn}`}
            </Text>
          )}
          {order.refundFailedAt && (
            // Stripe made the refund, then it failed (refund.failed): the money is not back; the button below retries.
            <Text size="xs" c="red.9" fw={600} mt={4} data-testid="order-refund-failed">
              {t`Erstattung fehlgeschlagen am ${formatDate(order.refundFailedAt)}`}
            </Text>
          )}
          {order.lastError && (
            <Text size="xs" c="red.9" mt={4} lineClamp={2} style={{ wordBreak: 'break-word' }}>
              {order.lastError}
            </Text>
          )}
          {order.cancellable && <CancelOrderButton orderNumber={order.orderNumber} />}
        </Table.Td>
        <Table.Td ff="monospace">{order.printfulOrderId ?? '–'}</Table.Td>
      </Table.Tr>
      <Table.Tr id={detailsId} hidden={!open}>
        <Table.Td colSpan={COLUMNS} pt={0}>
          {open && (
            <Paper withBorder radius="md" p="md" bg="gray.0">
              <OrderDetails order={order} formatDate={formatDate} />
            </Paper>
          )}
        </Table.Td>
      </Table.Tr>
    </>
  );
}
