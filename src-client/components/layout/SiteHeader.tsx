import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Box, Burger, Collapse, Container, Group, Indicator, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHeart, IconShoppingCart } from '@tabler/icons-react';
import { useCart } from '@client/features/cart/CartProvider';
import { AccountLinks } from './AccountLinks';
import { ButtonLink, PlainLink } from '@client/components/links';
import { Logo } from './Logo';
import { MoreMenu } from './MoreMenu';
import { DONATE_LINK, MAIN_LINKS, MORE_LINKS } from './nav-links';
import classes from './SiteHeader.module.css';

/** The top navigation: main links, the "Mehr" menu, the cart button and the donate button; a menu on phones. */
export function SiteHeader() {
  const { t, i18n } = useLingui();
  const cart = useCart();
  const [mobileOpen, mobileMenu] = useDisclosure(false);

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

        <Group gap="xs" wrap="nowrap">
          <Group gap={4} visibleFrom="md" wrap="nowrap">
            <AccountLinks />
          </Group>
          {cartButton}
          <ButtonLink to={DONATE_LINK.to} leftSection={<IconHeart size={16} aria-hidden />} visibleFrom="sm">
            {i18n._(DONATE_LINK.label)}
          </ButtonLink>
          <Burger
            opened={mobileOpen}
            onClick={mobileMenu.toggle}
            hiddenFrom="md"
            aria-label={mobileOpen ? t`Menü schließen` : t`Menü öffnen`}
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
          />
        </Group>
      </Container>

      <Collapse expanded={mobileOpen} hiddenFrom="md">
        <Stack id="mobile-menu" gap={0} className={classes.mobileMenu} data-testid="mobile-menu">
          {[...MAIN_LINKS, ...MORE_LINKS, DONATE_LINK].map((link) => (
            <PlainLink key={`${link.to}-${link.label.id}`} to={link.to} className={classes.mobileLink} onClick={mobileMenu.close}>
              {i18n._(link.label)}
            </PlainLink>
          ))}
          <AccountLinks onNavigate={mobileMenu.close} fullWidth />
        </Stack>
      </Collapse>
    </Box>
  );
}
