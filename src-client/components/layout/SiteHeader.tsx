import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Box, Container, Group, Indicator } from '@mantine/core';
import { IconHeart, IconShoppingCart } from '@tabler/icons-react';
import { useCart } from '@client/features/cart/CartProvider';
import { AccountLinks } from './AccountLinks';
import { ButtonLink, PlainLink } from '@client/components/links';
import { Logo } from './Logo';
import { MoreMenu } from './MoreMenu';
import { DONATE_LINK, MAIN_LINKS, MORE_LINKS } from './nav-links';
import { PhoneMenu } from './PhoneMenu';
import classes from './SiteHeader.module.css';

/**
 * The top navigation: main links, the "Mehr" menu, the cart button and the donate button; on phones
 * the menu (PhoneMenu) holds the links, and the donate button stays in the bar beside cart and menu.
 */
export function SiteHeader() {
  const { t, i18n } = useLingui();
  const cart = useCart();

  const cartButton = (
    <Indicator label={cart.count} size={18} disabled={cart.count === 0} offset={4} color="red">
      <ActionIcon
        variant="subtle"
        size="lg"
        onClick={cart.open}
        aria-label={
          cart.count > 0
            ? t({ message: plural(cart.count, { one: 'Warenkorb öffnen (# Artikel)', other: 'Warenkorb öffnen (# Artikel)' }) })
            : t`Warenkorb öffnen`
        }
        data-testid="cart-button"
      >
        <IconShoppingCart size={22} />
      </ActionIcon>
    </Indicator>
  );

  return (
    <Box component="nav" aria-label={t`Hauptnavigation`} className={classes.nav}>
      <Container size="lg" className={classes.inner}>
        <PlainLink to="/" className={classes.brand} aria-label={t`SchoolBox – zur Startseite`}>
          <Logo />
        </PlainLink>

        <Group gap={4} visibleFrom="md" className={classes.links}>
          {MAIN_LINKS.map((link) => (
            <PlainLink key={link.to} to={link.to} className={classes.link}>
              {i18n._(link.label)}
            </PlainLink>
          ))}
          <MoreMenu links={MORE_LINKS} />
        </Group>

        <Group gap="xs" wrap="nowrap" className={classes.actions}>
          <Group gap={4} visibleFrom="md" wrap="nowrap">
            <AccountLinks />
          </Group>
          {cartButton}
          <ButtonLink
            to={DONATE_LINK.to}
            leftSection={<IconHeart size={16} aria-hidden />}
            className={classes.donate}
            classNames={{ section: classes.donateIcon }}
          >
            {i18n._(DONATE_LINK.label)}
          </ButtonLink>
          <PhoneMenu />
        </Group>
      </Container>
    </Box>
  );
}
