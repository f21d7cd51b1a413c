import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { checkoutTotalCents, lineKey, type CartLine } from '@shared/cart';
import { PAYMENT_METHOD_LABELS } from '@shared/legal/payment-labels';
import { deliveryDaysRange, shopPaymentMethod } from '@shared/legal/shop-terms';
import { SMALL_BUSINESS_VAT_NOTE } from '@shared/legal/vat-note';
import { formatCents } from '@shared/money';
import { AnchorLink } from '@client/components/links';
import { lineOptions } from '@client/features/cart/line-options';
import { legalDetailsQuery } from '@client/features/legal/legal-details-query';
import { PrivacyNotice } from '@client/features/legal/PrivacyNotice';
import { useTRPC } from '@client/trpc';
import classes from '@client/features/legal/inline-links.module.css';

/**
 * What § 312j Abs. 2 BGB wants directly above the order button, set apart (legal-de.md §4.1–4.2): the
 * items, the total including VAT, shipping, the delivery time and the payment method, and the links to
 * the terms (§ 305 Abs. 2 BGB), the withdrawal information and the privacy policy. Under the
 * small-business rule (KLEINUNTERNEHMER) the total says instead that no VAT is charged (§ 19 UStG).
 */
export function OrderTerms({ lines }: { lines: readonly CartLine[] }) {
  const { t, i18n } = useLingui();
  const { data: details } = useSuspenseQuery(legalDetailsQuery(useTRPC()));
  const total = formatCents(checkoutTotalCents(lines));
  const shipping = formatCents(details.shop.shippingCents);
  const days = deliveryDaysRange(details.shop.deliveryDays);
  const payment = i18n._(PAYMENT_METHOD_LABELS[shopPaymentMethod(details)]);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      bg="orange.0"
      className={classes.text}
      component="section"
      aria-labelledby="order-terms-title"
      data-testid="order-terms"
    >
      <Title order={3} size="h5" id="order-terms-title" mb="xs">
        <Trans>Ihre Bestellung</Trans>
      </Title>
      <Stack gap={4}>
        <Stack component="ul" gap={2} p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Artikel`}>
          {lines.map((line) => {
            const quantity = line.quantity;
            const product = [line.name, lineOptions(line)].filter(Boolean).join(' · ');
            const lineTotal = formatCents(line.priceCents * line.quantity);
            return (
              <Group key={lineKey(line)} component="li" justify="space-between" wrap="nowrap" gap="sm">
                <Text size="sm">{t`${quantity} × ${product}`}</Text>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {lineTotal}
                </Text>
              </Group>
            );
          })}
        </Stack>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">
            <Trans>Versand</Trans>
          </Text>
          <Text size="sm" data-testid="order-terms-shipping">
            {shipping}
          </Text>
        </Group>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>{details.shop.kleinunternehmer ? <Trans>Gesamtsumme</Trans> : <Trans>Gesamtsumme inkl. MwSt.</Trans>}</Text>
          <Text fw={700} data-testid="order-terms-total">
            {total}
          </Text>
        </Group>
        {details.shop.kleinunternehmer && (
          <Text size="sm" data-testid="order-terms-vat">
            {i18n._(SMALL_BUSINESS_VAT_NOTE)}
          </Text>
        )}
        <Text size="sm" mt="xs" data-testid="order-terms-delivery">
          {t`Lieferzeit: ${days} Werktage ab Zahlungseingang`}
        </Text>
        <Text size="sm" data-testid="order-terms-payment">
          {t`Zahlungsart: ${payment}`}
        </Text>
        <Text size="sm" mt="xs">
          <Trans>
            Es gelten unsere <AnchorLink to="/agb">AGB</AnchorLink>. Über Ihr Widerrufsrecht informiert die{' '}
            <AnchorLink to="/widerruf">Widerrufsbelehrung</AnchorLink>.
          </Trans>
        </Text>
        <PrivacyNotice kind="order" recipients={{ printful: details.features.printful, stripe: details.features.stripe }} />
      </Stack>
    </Paper>
  );
}
