import { Center, Loader, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { type FailedQuery, loadFailed, QueryError } from '@client/components/feedback/QueryError';

type AdminQueryStateProps<T> = {
  /**
   * The query's state; `data` may be an earlier answer kept while the next one loads (keepPreviousData).
   * With `refetch` (a useQuery result has it), the error offers to ask again.
   */
  query: FailedQuery & { data: T | undefined; isError: boolean };
  /** What the spinner says to a screen reader ("Bestellungen werden geladen"). */
  loadingLabel: string;
  /** What the error says could not be loaded ("Blog-Posts konnten nicht geladen werden."), before the reason. */
  errorText?: string;
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
export function AdminQueryState<T>({ query, loadingLabel, errorText, isEmpty, empty, children }: AdminQueryStateProps<T>) {
  if (loadFailed(query)) return <QueryError query={query} what={errorText} />;
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
