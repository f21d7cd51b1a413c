import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorMessageFor } from '@client/i18n/error-messages';

type AdminQueryStateProps<T> = {
  /**
   * The query's state; `data` may be an earlier answer kept while the next one loads (keepPreviousData).
   * With `refetch` (a useQuery result has it), the error offers to ask again.
   */
  query: { data: T | undefined; error: unknown; isError: boolean; isFetching?: boolean; refetch?: () => unknown };
  /** What the spinner says to a screen reader ("Bestellungen werden geladen"). */
  loadingLabel: string;
  /** Shown instead of the content when the answer holds nothing. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
};

/**
 * An admin list's three states before its content: a spinner while nothing has arrived, the translated
 * error when loading failed (never the empty state: a list that failed is not known to be empty), a
 * framed line when there is nothing; otherwise the content.
 */
export function AdminQueryState<T>({ query, loadingLabel, isEmpty, empty, children }: AdminQueryStateProps<T>) {
  const { t, i18n } = useLingui();
  if (query.isError && query.data === undefined) {
    return (
      <Alert color="red" role="alert" title={t`Fehler beim Laden`}>
        <Stack gap="sm" align="flex-start">
          <span>{i18n._(errorMessageFor(query.error))}</span>
          {query.refetch && (
            <Button
              variant="default"
              size="xs"
              leftSection={<IconRefresh size={14} aria-hidden />}
              loading={query.isFetching}
              onClick={() => void query.refetch?.()}
            >
              <Trans>Erneut versuchen</Trans>
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  if (query.data === undefined) {
    return (
      <Center py={80}>
        <Loader aria-label={loadingLabel} />
      </Center>
    );
  }
  if (isEmpty?.(query.data)) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Text ta="center">{empty}</Text>
      </Paper>
    );
  }
  return <>{children(query.data)}</>;
}
