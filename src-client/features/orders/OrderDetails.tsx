import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/VisuallyHidden.css';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { INTL_LOCALES } from '@shared/locales';
import { formatCents } from '@shared/money';
import type { AdminOrder } from '@shared/schemas/orders-admin';
import { useLocale } from '@client/i18n/LocaleProvider';
import { ORDER_PAYMENT_LABELS } from './order-status';
import { OrderLineLabel } from './OrderLineLabel';

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * What an admin needs to fulfil one order, shown under its row on /orders-admin: the lines as ordered,
 * where it goes, the money, whether it is paid, and where it stands at Printful (with its dashboard page).
 */
export function OrderDetails({ order, formatDate }: { order: AdminOrder; formatDate: (iso: string) => string }) {
  const { t, i18n } = useLingui();
  const { locale } = useLocale();
  const country = new Intl.DisplayNames([INTL_LOCALES[locale]], { type: 'region' }).of(order.address.country) ?? order.address.country;
  const payment = ORDER_PAYMENT_LABELS[order.payment];

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg" py="xs" data-testid="order-details">
      <Section title={<Trans>Artikel</Trans>}>
        <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
          {order.lines.map((line, index) => (
            // Lines have no id of their own; their position in the order is stable.
            // biome-ignore lint/suspicious/noArrayIndexKey: the order's lines never change order
            <Text component="li" size="sm" key={index} data-testid="order-line">
              <OrderLineLabel line={line} detailSize="xs" /> · {formatCents(line.unitPriceCents)}
            </Text>
          ))}
        </Stack>
      </Section>

      <Section title={<Trans>Lieferadresse</Trans>}>
        <Text size="sm" component="address" style={{ fontStyle: 'normal' }} data-testid="order-address">
          {order.name}
          <br />
          {order.address.street}
          <br />
          {order.address.postalCode} {order.address.city}
          <br />
          {country}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Anchor href={`mailto:${order.email}`} size="sm">
            {order.email}
          </Anchor>
          {order.phone && (
            <>
              <br />
              {order.phone}
            </>
          )}
        </Text>
      </Section>

      <Section title={<Trans>Summen</Trans>}>
        <Text size="sm" data-testid="order-totals">
          <Trans>Artikel</Trans>: {formatCents(order.subtotalCents)}
          <br />
          <Trans>Versand</Trans>: {formatCents(order.shippingCents)}
          <br />
          <strong>
            <Trans>Gesamt</Trans>: {formatCents(order.totalCents)}
          </strong>
        </Text>
        <div>
          <Badge color={payment.color} variant="outline" styles={{ label: { whiteSpace: 'normal' } }} h="auto" py={2}>
            {i18n._(payment.label)}
          </Badge>
        </div>
        {order.paidAt && <Text size="xs" c="gray.7">{t`Bezahlt am ${formatDate(order.paidAt)}`}</Text>}
        {order.refundedAt && <Text size="xs" c="gray.7">{t`Erstattet am ${formatDate(order.refundedAt)}`}</Text>}
        {order.refundFailedAt && (
          <Text size="xs" c="red.9" fw={600}>
            {t`Erstattung fehlgeschlagen am ${formatDate(order.refundFailedAt)}`}
          </Text>
        )}
      </Section>

      <Section title={<Trans>Printful</Trans>}>
        {order.printfulOrderId ? (
          <Text size="sm">
            <Trans>Auftrag</Trans> <span style={{ fontFamily: 'monospace' }}>{order.printfulOrderId}</span>
            {order.printfulStatus && <> · {order.printfulStatus}</>}
          </Text>
        ) : (
          <Text size="sm" c="gray.7">
            <Trans>Noch kein Auftrag bei Printful.</Trans>
          </Text>
        )}
        {order.printfulUrl && (
          <Anchor href={order.printfulUrl} target="_blank" rel="noopener noreferrer" size="sm" data-testid="order-printful-link">
            <Trans>In Printful öffnen</Trans>
            <IconExternalLink size={14} aria-hidden style={{ marginLeft: 4, verticalAlign: 'middle' }} />
            <VisuallyHidden>{t`(Printful-Dashboard, neues Fenster)`}</VisuallyHidden>
          </Anchor>
        )}
        {order.lastError && (
          <Text size="xs" c="red.9" style={{ wordBreak: 'break-word' }}>
            {order.lastError}
          </Text>
        )}
      </Section>
    </SimpleGrid>
  );
}
