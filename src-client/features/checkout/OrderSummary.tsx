import { Trans, useLingui } from '@lingui/react/macro';
import { Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Divider.css';
import { cartSubtotalCents, checkoutTotalCents, lineKey, type CartLine } from '@shared/cart';
import { SHIPPING_FEE_CENTS } from '@shared/constants';
import { formatCents } from '@shared/money';
import { lineOptions } from '@client/features/cart/line-options';
import { CartLineItem } from '@client/features/cart/CartLineItem';

/** The order summary beside the checkout form: the lines, the goods, shipping 4,99 € and the total (spec §9). */
export function OrderSummary({ lines }: { lines: readonly CartLine[] }) {
  const { t } = useLingui();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="order-summary-title">
      <Title order={2} size="h3" id="order-summary-title" mb="md">
        <Trans>Bestellübersicht</Trans>
      </Title>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Artikel`}>
        {lines.map((line) => {
          const quantity = line.quantity;
          const unitPrice = formatCents(line.priceCents);
          return (
            <CartLineItem key={lineKey(line)} line={line} compact testId="summary-line">
              <Text size="sm" c="gray.7">
                {[lineOptions(line), t`${quantity} × ${unitPrice}`].filter(Boolean).join(' · ')}
              </Text>
            </CartLineItem>
          );
        })}
      </Stack>
      <Divider my="md" />
      <Stack gap={6}>
        <Group justify="space-between">
          <Text>
            <Trans>Zwischensumme</Trans>
          </Text>
          <Text data-testid="summary-subtotal">{formatCents(cartSubtotalCents(lines))}</Text>
        </Group>
        <Group justify="space-between">
          <Text>
            <Trans>Versand</Trans>
          </Text>
          <Text data-testid="summary-shipping">{formatCents(SHIPPING_FEE_CENTS)}</Text>
        </Group>
        <Group justify="space-between">
          <Text fw={700}>
            <Trans>Gesamtsumme</Trans>
          </Text>
          <Text fw={700} data-testid="summary-total">
            {formatCents(checkoutTotalCents(lines))}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
