import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Center, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink } from '@client/components/links';
import { errorMessageFor } from '@client/i18n/error-messages';
import { useTRPC } from '@client/trpc';
import { ProductTranslationForm } from './ProductTranslationForm';

/**
 * The shop's product names in English and French (`shop.translations`). Printful keeps one name per
 * product, the team's German one; the names entered here are what English and French visitors see in
 * the shop, the cart, at checkout and in their order mail. An empty field falls back to the store's name
 * (the demo catalog brings translations of its own, shown as placeholders).
 */
export function ShopAdminPage() {
  const { t, i18n } = useLingui();
  const rows = useQuery(useTRPC().shop.translations.queryOptions());

  return (
    <Container size="lg" py={48}>
      <Group justify="space-between" mb="md" align="baseline">
        <Title order={1}>
          <Trans>Produktnamen übersetzen</Trans>
        </Title>
        <Group gap="lg" align="baseline">
          <AnchorLink to="/orders-admin">
            <Trans>Bestellungen</Trans>
          </AnchorLink>
          <AnchorLink to="/blog-admin">
            <Trans>Blog-Verwaltung</Trans>
          </AnchorLink>
        </Group>
      </Group>
      <Text mb="xl" maw={720}>
        <Trans>
          Printful kennt nur einen Namen je Produkt. Tragen Sie hier die englischen und französischen Namen ein; ein leeres Feld zeigt den
          Namen aus dem Shop.
        </Trans>
      </Text>

      {rows.isPending ? (
        <Center py={80}>
          <Loader aria-label={t`Produkte werden geladen`} />
        </Center>
      ) : rows.isError ? (
        <Alert color="red" role="alert" title={t`Fehler beim Laden`}>
          {i18n._(errorMessageFor(rows.error))}
        </Alert>
      ) : rows.data.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text ta="center">
            <Trans>Der Shop hat keine Produkte.</Trans>
          </Text>
        </Paper>
      ) : (
        <Stack gap="md">
          {rows.data.map((row) => (
            <ProductTranslationForm key={row.productId} row={row} />
          ))}
        </Stack>
      )}
    </Container>
  );
}
