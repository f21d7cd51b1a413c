import { Trans } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { SHIPPING_FEE_CENTS } from '@shared/constants';
import { formatCents } from '@shared/money';
import { AnchorLink } from '@client/components/links';
import classes from '@client/features/legal/inline-links.module.css';
import { useSiteConfig } from '@client/features/site/use-site-config';

/**
 * What § 6 PAngV asks for beside a price in a shop (legal-de.md 4.1, 4.5): that it includes VAT, and the
 * shipping on top with its amount, linked to the terms' section on prices. An association under the
 * small-business rule (KLEINUNTERNEHMER) charges no VAT: the note says so instead (§ 19 UStG), since
 * "inkl. MwSt." would mislead (§ 5 UWG). The setting comes with the page (site.config, loaded by the root
 * route), so server and hydration render the same words. The basket shows it too (`onNavigate` closes
 * the sheet when the link is followed).
 */
export function PriceNote({ size = 'xs', onNavigate }: { size?: 'xs' | 'sm'; onNavigate?(): void }) {
  const shipping = formatCents(SHIPPING_FEE_CENTS);
  const kleinunternehmer = useSiteConfig().data?.kleinunternehmer ?? false;
  return (
    <Text size={size} c="gray.7" data-testid="price-note" className={classes.text}>
      {kleinunternehmer ? (
        <Trans>
          zzgl.{' '}
          <AnchorLink to="/agb" hash="prices" size={size} onClick={onNavigate}>
            {shipping} Versand
          </AnchorLink>
          . Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.
        </Trans>
      ) : (
        <Trans>
          inkl. MwSt., zzgl.{' '}
          <AnchorLink to="/agb" hash="prices" size={size} onClick={onNavigate}>
            {shipping} Versand
          </AnchorLink>
        </Trans>
      )}
    </Text>
  );
}
