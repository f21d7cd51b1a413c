import { Trans, useLingui } from '@lingui/react/macro';
import { Container, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTRPC } from '@client/trpc';
import { useUnsavedChangesGuard } from '@client/lib/use-unsaved-changes-guard';
import { AdminPageHeader } from '@client/features/admin/AdminPageHeader';
import { AdminQueryState } from '@client/features/admin/AdminQueryState';
import { type DirtyChecks, ProductTranslationForm } from './ProductTranslationForm';

/**
 * The shop's product names in English and French (`shop.translations`). Printful keeps one name per
 * product, the team's German one; the names entered here are what English and French visitors see in
 * the shop, the cart, at checkout and in their order mail. An empty field falls back to the store's name
 * (the demo catalog brings translations of its own, shown as placeholders).
 */
export function ShopAdminPage() {
  const { t } = useLingui();
  const rows = useQuery(useTRPC().shop.translations.queryOptions());
  // Each product is a form of its own; leaving the page with a name typed but not saved asks once, for all.
  const dirtyChecks = useRef<DirtyChecks>(new Set()).current;
  useUnsavedChangesGuard(() => [...dirtyChecks].some((isDirty) => isDirty()));

  return (
    <Container size="lg" py={48}>
      <AdminPageHeader title={<Trans>Produktnamen übersetzen</Trans>}>
        <Text maw={720}>
          <Trans>
            Printful kennt nur einen Namen je Produkt. Tragen Sie hier die englischen und französischen Namen ein; ein leeres Feld zeigt den
            Namen aus dem Shop.
          </Trans>
        </Text>
      </AdminPageHeader>

      <AdminQueryState
        query={rows}
        loadingLabel={t`Produkte werden geladen`}
        isEmpty={(data) => data.length === 0}
        empty={<Trans>Der Shop hat keine Produkte.</Trans>}
      >
        {(data) => (
          <Stack gap="md">
            {data.map((row) => (
              <ProductTranslationForm key={row.productId} row={row} dirtyChecks={dirtyChecks} />
            ))}
          </Stack>
        )}
      </AdminQueryState>
    </Container>
  );
}
