import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Button, Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Divider.css';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { lineKey } from '@shared/cart';
import { ORDER_LINE_MAX_QUANTITY } from '@shared/constants';
import { formatCents } from '@shared/money';
import { ButtonLink } from '@client/components/links';
import { PriceNote } from '@client/features/shop/PriceNote';
import { useReturnFocus } from '@client/lib/use-return-focus';
import { CartLineItem } from './CartLineItem';
import { useCart } from './CartProvider';
import { EmptyCart } from './EmptyCart';
import { lineOptions } from './line-options';
import { useCartRecheck } from './use-cart-recheck';

/**
 * The cart side sheet (spec §2): opens from the cart button and on every add; closes on "continue
 * shopping" (focus back on the control that opened it); checkout is a full page load to /checkout.
 */
export function CartDrawer() {
  const { t } = useLingui();
  const cart = useCart();
  useCartRecheck(cart.isOpen);
  // The sheet is first rendered open (it loads with its first opening): Mantine would not know the opener.
  useReturnFocus(cart.isOpen);
  return (
    <Drawer
      opened={cart.isOpen}
      onClose={cart.close}
      position="right"
      title={t`Warenkorb`}
      padding="lg"
      withinPortal={false}
      returnFocus={false}
      closeButtonProps={{ 'aria-label': t`Schließen` }}
    >
      {cart.lines.length === 0 ? (
        <EmptyCart onShop={cart.close} py="xl" />
      ) : (
        <Stack gap="md">
          <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Artikel im Warenkorb`}>
            {cart.lines.map((line) => {
              const name = line.name;
              return (
                <CartLineItem key={lineKey(line)} line={line} testId="cart-line">
                  {lineOptions(line) && (
                    <Text size="sm" c="gray.7">
                      {lineOptions(line)}
                    </Text>
                  )}
                  <Group gap="xs" wrap="nowrap">
                    <ActionIcon
                      variant="default"
                      size="lg"
                      aria-label={t`Menge von ${name} verringern`}
                      onClick={() => cart.setQuantity(line, line.quantity - 1)}
                    >
                      <IconMinus size={16} aria-hidden />
                    </ActionIcon>
                    <Text miw={24} ta="center" data-testid="cart-line-quantity">
                      {line.quantity}
                    </Text>
                    <ActionIcon
                      variant="default"
                      size="lg"
                      aria-label={t`Menge von ${name} erhöhen`}
                      disabled={line.quantity >= ORDER_LINE_MAX_QUANTITY}
                      onClick={() => cart.setQuantity(line, line.quantity + 1)}
                    >
                      <IconPlus size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="red" size="lg" aria-label={t`${name} entfernen`} onClick={() => cart.remove(line)}>
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                </CartLineItem>
              );
            })}
          </Stack>
          <Divider />
          <Group justify="space-between">
            <Text fw={700}>
              <Trans>Zwischensumme</Trans>
            </Text>
            <Text fw={700} data-testid="cart-subtotal">
              {formatCents(cart.subtotalCents)}
            </Text>
          </Group>
          <PriceNote size="sm" onNavigate={cart.close} />
          {/* A full page load (spec §2): the checkout page starts fresh and reads the stored cart. */}
          <ButtonLink to="/checkout" reloadDocument onClick={cart.close}>
            <Trans>Zur Kasse</Trans>
          </ButtonLink>
          <Button variant="default" onClick={cart.close}>
            <Trans>Weiter einkaufen</Trans>
          </Button>
          <Button variant="subtle" color="red" c="red.9" leftSection={<IconTrash size={16} aria-hidden />} onClick={cart.clear}>
            <Trans>Warenkorb leeren</Trans>
          </Button>
        </Stack>
      )}
    </Drawer>
  );
}
