import { Trans } from '@lingui/react/macro';
import type { MantineSpacing, StyleProp } from '@mantine/core';
import { IconShoppingCartOff } from '@tabler/icons-react';
import { EmptyState } from '@client/components/feedback/EmptyState';
import { ButtonLink } from '@client/components/links';

/** 'Dein Warenkorb ist leer' and the way to the shop, in the cart sheet and on the checkout page. */
export function EmptyCart({ onShop, py }: { onShop?: () => void; py?: StyleProp<MantineSpacing> }) {
  return (
    <EmptyState
      icon={<IconShoppingCartOff size={48} stroke={1.5} aria-hidden />}
      title={<Trans>Dein Warenkorb ist leer</Trans>}
      action={
        <ButtonLink to="/shop" onClick={onShop}>
          <Trans>Zum Shop</Trans>
        </ButtonLink>
      }
      py={py}
    />
  );
}
