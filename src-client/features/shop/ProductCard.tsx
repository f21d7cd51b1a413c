import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Input.css';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { cartItemFor } from '@shared/cart';
import { formatCents } from '@shared/money';
import type { ShopProduct } from '@shared/schemas/shop';
import { useCart } from '@client/features/cart/CartProvider';
import { PriceNote } from './PriceNote';
import { ProductImage } from './ProductImage';
import classes from './shop.module.css';
import { findVariant, initialSelection, selectColor, sizeChoices } from './variant-selection';

type ProductCardProps = {
  product: ShopProduct;
  /** SHOP_ORDERS_ENABLED: false shows the disabled 'Bald verfügbar' button (spec §2). */
  canOrder: boolean;
};

/**
 * One product of the grid: picture, name, price, colour buttons and size select (the first variant
 * preselected), and the add button. The price follows the chosen variant.
 */
export function ProductCard({ product, canOrder }: ProductCardProps) {
  const { t } = useLingui();
  const cart = useCart();
  const titleId = useId();
  const [selection, setSelection] = useState(() => initialSelection(product));
  const variant = findVariant(product, selection.color, selection.size);
  // A combination that is not offered keeps showing the first variant's price.
  const price = (variant ?? product.variants[0])?.priceCents;
  const name = product.name;

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-labelledby={titleId}
      className={classes.productCard}
      data-testid="product-card"
    >
      <Card.Section>
        <ProductImage src={variant?.image ?? product.thumbnail} alt={name} radius="0" />
      </Card.Section>
      <Stack gap="sm" mt="md" className={classes.productBody}>
        {/* The price goes under the name when both do not fit side by side (a long name, 200 % text). */}
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={3} size="h4" id={titleId}>
            {name}
          </Title>
          <Text fw={700} size="lg" style={{ whiteSpace: 'nowrap' }} data-testid="product-price">
            {price !== undefined && formatCents(price)}
          </Text>
        </Group>
        <PriceNote />

        {product.colors.length > 0 && (
          <fieldset className={classes.optionGroup} aria-label={t`Farbe von ${name}`}>
            <Text component="legend" size="sm" fw={500} mb={6} aria-hidden>
              <Trans>Farbe</Trans>
            </Text>
            <Group gap={6}>
              {product.colors.map((color) => (
                <Button
                  key={color}
                  size="compact-sm"
                  variant={selection.color === color ? 'filled' : 'default'}
                  aria-pressed={selection.color === color}
                  onClick={() => setSelection((current) => selectColor(product, current, color))}
                >
                  {color}
                </Button>
              ))}
            </Group>
          </fieldset>
        )}

        {product.sizes.length > 0 && (
          <NativeSelect
            label={t`Größe`}
            value={selection.size ?? ''}
            onChange={(event) => {
              // Read now: React may run the updater later, when the event's currentTarget is gone.
              const size = event.currentTarget.value;
              setSelection((current) => ({ ...current, size }));
            }}
            data={sizeChoices(product, selection.color).map(({ size, isAvailable }) => ({
              value: size,
              label: isAvailable ? size : t`${size} (nicht in dieser Farbe)`,
              disabled: !isAvailable,
            }))}
          />
        )}

        <Stack gap={4} mt="auto">
          {canOrder ? (
            <Button
              fullWidth
              leftSection={<IconShoppingCartPlus size={18} aria-hidden />}
              disabled={!variant}
              onClick={() => variant && cart.add(cartItemFor(product, variant))}
              aria-describedby={titleId}
            >
              <Trans>In den Warenkorb</Trans>
            </Button>
          ) : (
            <>
              <Button fullWidth disabled>
                <Trans>Bald verfügbar</Trans>
              </Button>
              <Text size="xs" c="gray.7" ta="center">
                <Trans>Der Shop öffnet bald – dann kannst du hier bestellen.</Trans>
              </Text>
            </>
          )}
        </Stack>
      </Stack>
    </Card>
  );
}
