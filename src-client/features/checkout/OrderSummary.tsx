import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Divider.css';
import { cartSubtotalCents, checkoutTotalCents, lineKey, type CartLine } from '@shared/cart';
import { SHIPPING_FEE_CENTS } from '@shared/constants';
import { formatCents } from '@shared/money';
import { lineOptions } from '@client/features/cart/line-options';
import { ProductImage } from '@client/features/shop/ProductImage';

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
            <Group component="li" key={lineKey(line)} wrap="nowrap" align="flex-start" data-testid="summary-line">
              <Box w={48} style={{ flexShrink: 0 }}>
                <ProductImage src={line.image} alt="" radius="var(--mantine-radius-sm)" />
              </Box>
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600}>{line.name}</Text>
                <Text size="sm" c="gray.7">
                  {[lineOptions(line), t`${quantity} × ${unitPrice}`].filter(Boolean).join(' · ')}
                </Text>
              </Stack>
              <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatCents(line.priceCents * line.quantity)}
              </Text>
            </Group>
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
