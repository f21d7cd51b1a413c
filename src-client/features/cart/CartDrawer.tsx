import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Button, Drawer, Group, Image, Stack, Text } from '@mantine/core';
import { IconMinus, IconPlus, IconShoppingCartOff, IconTrash } from '@tabler/icons-react';
import { formatCents } from '@shared/money';
import { AppLink } from '@client/components/layout/AppLink';
import { useCart } from './CartProvider';

/** The cart side sheet: opens from the cart button; closes on "continue shopping" or checkout. */
export function CartDrawer() {
  const { t } = useLingui();
  const cart = useCart();
  return (
    <Drawer opened={cart.isOpen} onClose={cart.close} position="right" title={t`Warenkorb`} padding="lg" closeButtonProps={{ 'aria-label': t`Schließen` }}>
      {cart.lines.length === 0 ? (
        <Stack align="center" gap="md" py="xl">
          <IconShoppingCartOff size={48} stroke={1.5} aria-hidden />
          <Text fw={600}>
            <Trans>Dein Warenkorb ist leer</Trans>
          </Text>
          <Button component={AppLink} to="/shop" onClick={cart.close}>
            <Trans>Zum Shop</Trans>
          </Button>
        </Stack>
      ) : (
        <Stack gap="md">
          {cart.lines.map((line) => (
            <Group key={`${line.id}|${line.color ?? ''}|${line.size ?? ''}`} wrap="nowrap" align="flex-start">
              <Image src={line.image} alt="" w={64} h={64} radius="sm" />
              <Stack gap={4} style={{ flex: 1 }}>
                <Text fw={600}>{line.name}</Text>
                <Text size="sm" c="dimmed">
                  {[line.color, line.size].filter(Boolean).join(' · ')}
                </Text>
                <Group gap="xs">
                  <ActionIcon variant="default" aria-label={t`Menge verringern`} onClick={() => cart.setQuantity(line, line.quantity - 1)}>
                    <IconMinus size={16} />
                  </ActionIcon>
                  <Text aria-live="polite">{line.quantity}</Text>
                  <ActionIcon variant="default" aria-label={t`Menge erhöhen`} onClick={() => cart.setQuantity(line, line.quantity + 1)}>
                    <IconPlus size={16} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="red" aria-label={t`Entfernen`} onClick={() => cart.remove(line)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Stack>
              <Text fw={600}>{formatCents(line.priceCents * line.quantity)}</Text>
            </Group>
          ))}
          <Group justify="space-between">
            <Text fw={700}>
              <Trans>Zwischensumme</Trans>
            </Text>
            <Text fw={700}>{formatCents(cart.subtotalCents)}</Text>
          </Group>
          <Button component="a" href="/checkout" onClick={cart.close}>
            <Trans>Zur Kasse</Trans>
          </Button>
          <Button variant="default" onClick={cart.close}>
            <Trans>Weiter einkaufen</Trans>
          </Button>
        </Stack>
      )}
    </Drawer>
  );
}
