import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, NativeSelect, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useRef } from 'react';
import { toOrderLines } from '@shared/cart';
import { CHECKOUT_LIMITS, DEFAULT_SHIPPING_COUNTRY, NAME_MAX_LENGTH } from '@shared/constants';
import type { SessionUser } from '@shared/schemas/auth';
import { useCart } from '@client/features/cart/CartProvider';
import { showToast } from '@client/components/feedback/toast';
import { useLocale } from '@client/i18n/LocaleProvider';
import { appErrorCode, ERROR_MESSAGES } from '@client/i18n/error-messages';
import { refusalToast } from '@client/lib/forms/refusal-toast';
import { SubmitButton } from '@client/lib/forms/SubmitButton';
import { useSchemaForm } from '@client/lib/forms/use-schema-form';
import { useTRPC } from '@client/trpc';
import { countryOptions } from './countries';
import { newIdempotencyKey } from './idempotency-key';
import { OrderTerms } from './OrderTerms';

/**
 * The shipping and contact form of /checkout (spec §3, §5): name and e-mail prefilled from the
 * account (the e-mail read-only: the order's mails go to the account's address), phone optional,
 * Deutschland preselected. The same schema checks it here and on the server;
 * the server prices the order from the catalog and places it.
 */
export function CheckoutForm({ user }: { user: SessionUser }) {
  const { t, i18n } = useLingui();
  const { locale } = useLocale();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const cart = useCart();
  const createOrder = useMutation(trpc.orders.create.mutationOptions());
  // One key per checkout attempt, made when it is first sent: a retry of the same attempt (a double
  // click, an answer lost on the way) then gets the order already made. Another address or cart after
  // a failed try is a new attempt with a new key (the server refuses an old key for another order).
  const attempt = useRef<{ idempotencyKey: string; request: string } | null>(null);
  const countries = useMemo(() => countryOptions(locale), [locale]);

  const checkout = useSchemaForm({
    schema: () => import('@shared/schemas/checkout').then((schemas) => schemas.checkoutShippingSchema),
    initialValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: '',
      address: '',
      city: '',
      postalCode: '',
      country: DEFAULT_SHIPPING_COUNTRY as string,
    },
    // The spec's toast when a required field is empty; every field filled and one only filled wrong (a
    // postal code "50667!", a phone number with letters): "please check", the field says what is wrong.
    onInvalid: (refusal) => showToast(refusalToast(i18n, refusal, msg`Bitte fülle alle Pflichtfelder aus`)),
    onSubmit: async (shipping) => {
      const lines = toOrderLines(cart.lines);
      const request = JSON.stringify({ shipping, lines });
      if (attempt.current?.request !== request) attempt.current = { idempotencyKey: newIdempotencyKey(), request };
      const order = await createOrder.mutateAsync({ shipping, lines, idempotencyKey: attempt.current.idempotencyKey, locale });
      // /account lists it at once, also when it was shown a moment ago.
      void queryClient.invalidateQueries(trpc.orders.mine.queryFilter());
      if (order.checkoutUrl) {
        // With Stripe the order waits for payment on Stripe's page (whose button only says "Pay": the legal
        // order button was ours). The cart stays until the thank-you page knows the payment went through.
        window.location.assign(order.checkoutUrl);
        return;
      }
      if (order.status === 'cancelled') {
        // This attempt's Checkout expired or failed: the next click is a new attempt with a new key.
        attempt.current = null;
        showToast({ color: 'red', message: t`Die Zahlung für diese Bestellung ist abgelaufen. Bitte bestellen Sie erneut.` });
        return;
      }
      showToast({ color: 'green', message: t`Bestellung erfolgreich! Du erhältst gleich eine Bestätigungs-E-Mail.` });
      // Leave first, then empty the cart: this page would otherwise flash its empty-cart state.
      await navigate({ to: '/' });
      cart.reset();
    },
    onError: (error) => {
      const code = appErrorCode(error);
      const message = code ? i18n._(ERROR_MESSAGES[code]) : t`Bestellung fehlgeschlagen`;
      showToast({ color: 'red', message: t`Fehler bei der Bestellung: ${message}` });
      // A product gone or repriced: the cart catches up with the catalog (and says what changed).
      if (code === 'PRODUCT_UNAVAILABLE') void queryClient.invalidateQueries(trpc.shop.products.queryFilter());
    },
  });
  const field = checkout.form.getInputProps;

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="shipping-title">
      <Title order={2} size="h3" id="shipping-title" mb="md">
        <Trans>Lieferung und Kontakt</Trans>
      </Title>
      <form onSubmit={checkout.submit} onFocus={checkout.prepare} noValidate aria-label={t`Lieferadresse`}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput label={t`Vorname`} autoComplete="given-name" required maxLength={NAME_MAX_LENGTH} {...field('firstName')} />
            <TextInput label={t`Nachname`} autoComplete="family-name" required maxLength={NAME_MAX_LENGTH} {...field('lastName')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            {/* The order's mails go to the account's (proven) address only, whatever is typed (ADR 054). */}
            <TextInput
              label={t`E-Mail`}
              description={t`Die Bestellbestätigung geht an die E-Mail-Adresse Ihres Kontos.`}
              type="email"
              autoComplete="email"
              readOnly
              {...field('email')}
            />
            <TextInput label={t`Telefon`} type="tel" autoComplete="tel" maxLength={CHECKOUT_LIMITS.phone} {...field('phone')} />
          </SimpleGrid>
          <TextInput
            label={t`Adresse`}
            description={t`Straße und Hausnummer`}
            autoComplete="street-address"
            required
            maxLength={CHECKOUT_LIMITS.address}
            {...field('address')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label={t`Postleitzahl`}
              autoComplete="postal-code"
              required
              maxLength={CHECKOUT_LIMITS.postalCode}
              {...field('postalCode')}
            />
            <TextInput label={t`Stadt`} autoComplete="address-level2" required maxLength={CHECKOUT_LIMITS.city} {...field('city')} />
          </SimpleGrid>
          <NativeSelect label={t`Land`} autoComplete="country" required data={countries} {...field('country')} />
          {/* § 312j BGB: the order's essentials directly above the button, which says the order costs money. */}
          <OrderTerms lines={cart.lines} />
          <Group justify="flex-end">
            {/* Spec §4: while the order is sent, the button says so (instead of a spinner). */}
            <SubmitButton form={checkout} loading={false} size="md">
              {checkout.isSubmitting ? t`Wird verarbeitet...` : t`Zahlungspflichtig bestellen`}
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
