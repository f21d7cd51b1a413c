import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Center, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ButtonLink } from '@client/components/links';
import { PageShell } from '@client/components/page/PageShell';
import { useAuth } from '@client/features/auth/AuthProvider';
import { useCart } from '@client/features/cart/CartProvider';
import { EmptyCart } from '@client/features/cart/EmptyCart';
import { useCartRecheck } from '@client/features/cart/use-cart-recheck';
import { useSiteConfig } from '@client/features/site/use-site-config';
import { ERROR_MESSAGES } from '@client/i18n/error-messages';
import classes from './checkout.module.css';
import { CheckoutForm } from './CheckoutForm';
import { OrderSummary } from './OrderSummary';

/**
 * /checkout (spec §4): a spinner until the stored cart is known (the cart lives in the browser, so the
 * server always renders the spinner); an empty cart → 'Dein Warenkorb ist leer'; else the form and the
 * summary. While the shop takes no orders, the page says so instead. A visitor without a session never
 * gets here: the route sends them to /auth first (routes/checkout.tsx).
 */
export function CheckoutPage() {
  const { t, i18n } = useLingui();
  const auth = useAuth();
  const cart = useCart();
  const canOrder = useSiteConfig().data?.shopOrdersEnabled ?? false;
  const isChecking = auth.loading || !cart.isRestored;
  useCartRecheck(canOrder && !isChecking && auth.user !== null);

  let content: ReactNode;
  if (!canOrder) {
    content = (
      <Alert
        color="blue"
        variant="light"
        icon={<IconBuildingStore aria-hidden />}
        title={t`Bestellungen noch nicht möglich`}
        data-testid="checkout-disabled"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{i18n._(ERROR_MESSAGES.ORDERS_DISABLED)}</Text>
          <ButtonLink to="/shop" size="sm">
            <Trans>Zum Shop</Trans>
          </ButtonLink>
        </Stack>
      </Alert>
    );
  } else if (isChecking || !auth.user) {
    content = (
      <Center py={80}>
        <Loader aria-label={t`Anmeldung wird geprüft`} />
      </Center>
    );
  } else if (cart.lines.length === 0) {
    content = (
      <Paper withBorder radius="md" p="xl" data-testid="checkout-empty">
        <EmptyCart />
      </Paper>
    );
  } else {
    content = (
      <div className={classes.layout}>
        <CheckoutForm user={auth.user} />
        <div className={classes.summary}>
          <OrderSummary lines={cart.lines} />
        </div>
      </div>
    );
  }

  return (
    <PageShell>
      <Container size="lg" pt={48}>
        <Title order={1} mb="xl">
          <Trans>Kasse</Trans>
        </Title>
        {content}
      </Container>
    </PageShell>
  );
}
