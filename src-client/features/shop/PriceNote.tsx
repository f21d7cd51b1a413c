import { Trans } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { SHIPPING_FEE_CENTS } from '@shared/constants';
import { formatCents } from '@shared/money';
import { AnchorLink } from '@client/components/links';
import classes from '@client/features/legal/inline-links.module.css';

/**
 * What § 6 PAngV asks for beside a price in a shop (legal-de.md 4.1, 4.5): that it includes VAT, and the
 * shipping on top with its amount, linked to the terms' section on prices. The basket shows it too
 * (`onNavigate` closes the sheet when the link is followed).
 */
export function PriceNote({ size = 'xs', onNavigate }: { size?: 'xs' | 'sm'; onNavigate?(): void }) {
  const shipping = formatCents(SHIPPING_FEE_CENTS);
  return (
    <Text size={size} c="gray.7" data-testid="price-note" className={classes.text}>
      <Trans>
        inkl. MwSt., zzgl.{' '}
        <AnchorLink to="/agb" hash="prices" size={size} onClick={onNavigate}>
          {shipping} Versand
        </AnchorLink>
      </Trans>
    </Text>
  );
}
