import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Card, Skeleton, Stack } from '@mantine/core';
import { IconAlertCircle, IconPackageOff, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { AppErrorCode } from '@shared/errors';
import { CardGrid } from '@client/components/page/CardGrid';
import { appErrorCode, ERROR_MESSAGES } from '@client/i18n/error-messages';
import { useLocale } from '@client/i18n/LocaleProvider';
import { useTRPC } from '@client/trpc';
import { ProductCard } from './ProductCard';
import { shopProductsQuery } from './shop-queries';

type ProductGridProps = {
  canOrder: boolean;
  /** Why the catalog failed while the server rendered the page (the error object itself does not survive the trip). */
  serverErrorCode: AppErrorCode | null;
};

const SKELETON_CARDS = 6;

/** The catalog in its four states (spec §4): loading, error, empty, list. */
export function ProductGrid({ canOrder, serverErrorCode }: ProductGridProps) {
  const { t, i18n } = useLingui();
  // Without retryOnMount: false, a catalog that failed on the server would render as "loading" there
  // and on hydration; this way the server's HTML shows the error (spec §8) ...
  const products = useQuery({ ...shopProductsQuery(useTRPC(), useLocale().locale), retryOnMount: false });
  // ... and the browser asks once more when it runs, since that HTML may be served from the page cache.
  const { isError, refetch } = products;
  const askedAgain = useRef(false);
  useEffect(() => {
    if (serverErrorCode === null || !isError || askedAgain.current) return;
    askedAgain.current = true;
    void refetch();
  }, [serverErrorCode, isError, refetch]);

  if (products.isPending) {
    return (
      <div role="status" aria-label={t`Produkte werden geladen`} aria-busy data-testid="shop-loading">
        <CardGrid cols={3}>
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders of a fixed count, never reordered
            <Card key={index} withBorder radius="md" padding="md">
              <Card.Section>
                <Skeleton style={{ aspectRatio: '1' }} radius={0} />
              </Card.Section>
              <Stack gap="sm" mt="md">
                <Skeleton height={22} width="70%" />
                <Skeleton height={30} width="50%" />
                <Skeleton height={36} />
              </Stack>
            </Card>
          ))}
        </CardGrid>
      </div>
    );
  }

  if (products.isError) {
    const message = i18n._(ERROR_MESSAGES[appErrorCode(products.error) ?? serverErrorCode ?? 'INTERNAL']);
    return (
      <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />} data-testid="shop-error">
        <Stack gap="sm" align="flex-start">
          <span>{t`Fehler beim Laden der Produkte: ${message}`}</span>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={products.isFetching}
            onClick={() => void products.refetch()}
          >
            <Trans>Erneut versuchen</Trans>
          </Button>
        </Stack>
      </Alert>
    );
  }

  if (products.data.length === 0) {
    return (
      <Alert color="gray" variant="light" icon={<IconPackageOff aria-hidden />} data-testid="shop-empty">
        <Trans>Keine Produkte verfügbar. Bitte füge Produkte in deinem Printful Store hinzu.</Trans>
      </Alert>
    );
  }

  return (
    <CardGrid cols={3} aria-label={t`Produkte`}>
      {products.data.map((product) => (
        <ProductCard key={product.id} product={product} canOrder={canOrder} />
      ))}
    </CardGrid>
  );
}
