import { useLingui } from '@lingui/react/macro';
import { Alert, Center, Loader, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessageFor } from '@client/i18n/error-messages';

type AdminQueryStateProps<T> = {
  /** The query's state; `data` may be an earlier answer kept while the next one loads (keepPreviousData). */
  query: { data: T | undefined; error: unknown; isError: boolean };
  /** What the spinner says to a screen reader ("Bestellungen werden geladen"). */
  loadingLabel: string;
  /** Shown instead of the content when the answer holds nothing. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
};

/**
 * An admin list's three states before its content: a spinner while nothing has arrived, the translated
 * error when loading failed, a framed line when there is nothing; otherwise the content.
 */
export function AdminQueryState<T>({ query, loadingLabel, isEmpty, empty, children }: AdminQueryStateProps<T>) {
  const { t, i18n } = useLingui();
  if (query.isError && query.data === undefined) {
    return (
      <Alert color="red" role="alert" title={t`Fehler beim Laden`}>
        {i18n._(errorMessageFor(query.error))}
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
