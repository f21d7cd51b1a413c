import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Center, Container, Group, Loader, Paper, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { useQuery } from '@tanstack/react-query';
import { TEAM_TIME_ZONE } from '@shared/constants';
import { INTL_LOCALES } from '@shared/locales';
import { formatCents } from '@shared/money';
import { AnchorLink } from '@client/components/links';
import { useLocale } from '@client/i18n/LocaleProvider';
import { errorMessageFor } from '@client/i18n/error-messages';
import { useTRPC } from '@client/trpc';
import { CancelOrderButton, canCancelOrder } from './CancelOrderButton';
import { ORDER_STATUS_LABELS } from './order-status';

/**
 * The admins' list of shop orders (`orders.list`), newest first: number, date, buyer, total, status,
 * Printful's order id and the last error. Drafts (no Stripe) are confirmed in Printful's dashboard after
 * payment; orders paid through Stripe are confirmed there already and can be cancelled with a refund here.
 */
export function OrdersAdminPage() {
  const { t, i18n } = useLingui();
  const { locale } = useLocale();
  const orders = useQuery(useTRPC().orders.list.queryOptions());
  const dateFormat = new Intl.DateTimeFormat(INTL_LOCALES[locale], { dateStyle: 'medium', timeStyle: 'short', timeZone: TEAM_TIME_ZONE });

  return (
    <Container size="lg" py={48}>
      <Group justify="space-between" mb="xl" align="baseline">
        <Title order={1}>
          <Trans>Bestellungen</Trans>
        </Title>
        <Group gap="lg" align="baseline">
          <AnchorLink to="/shop-admin">
            <Trans>Produktnamen</Trans>
          </AnchorLink>
          <AnchorLink to="/donations-admin">
            <Trans>Spenden</Trans>
          </AnchorLink>
          <AnchorLink to="/blog-admin">
            <Trans>Blog-Verwaltung</Trans>
          </AnchorLink>
        </Group>
      </Group>

      {orders.isPending ? (
        <Center py={80}>
          <Loader aria-label={t`Bestellungen werden geladen`} />
        </Center>
      ) : orders.isError ? (
        <Alert color="red" role="alert" title={t`Fehler beim Laden`}>
          {i18n._(errorMessageFor(orders.error))}
        </Alert>
      ) : orders.data.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text ta="center">
            <Trans>Noch keine Bestellungen.</Trans>
          </Text>
        </Paper>
      ) : (
        <Table.ScrollContainer minWidth={960}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-label={t`Bestellungen`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t`Bestellnummer`}</Table.Th>
                <Table.Th scope="col">{t`Datum`}</Table.Th>
                <Table.Th scope="col">{t`Käufer`}</Table.Th>
                <Table.Th scope="col">{t`Summe`}</Table.Th>
                <Table.Th scope="col">{t`Status`}</Table.Th>
                <Table.Th scope="col">{t`Printful-ID`}</Table.Th>
                <Table.Th scope="col">{t`Letzter Fehler`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orders.data.map((order) => {
                const status = ORDER_STATUS_LABELS[order.status];
                const items = order.itemCount;
                const withdrawnOn = order.withdrawnAt ? dateFormat.format(new Date(order.withdrawnAt)) : null;
                return (
                  <Table.Tr key={order.orderNumber} data-testid="order-row">
                    <Table.Td ff="monospace">{order.orderNumber}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateFormat.format(new Date(order.createdAt))}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{order.name}</Text>
                      <Text size="xs" c="gray.7">
                        {order.email} · {order.country}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm">{formatCents(order.totalCents)}</Text>
                      <Text size="xs" c="gray.7">
                        {t({ message: plural(items, { one: '# Artikel', other: '# Artikel' }) })}
                      </Text>
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
                      {canCancelOrder(order) && <CancelOrderButton orderNumber={order.orderNumber} />}
                    </Table.Td>
                    <Table.Td ff="monospace">{order.printfulOrderId ?? '–'}</Table.Td>
                    <Table.Td>
                      <Text size="xs" c={order.lastError ? 'red.9' : 'gray.7'} style={{ wordBreak: 'break-word' }}>
                        {order.lastError ?? '–'}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Container>
  );
}
