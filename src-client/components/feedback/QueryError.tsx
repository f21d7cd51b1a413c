import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Loader, Stack } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessageFor } from '@client/i18n/error-messages';

/** The part of a failed query this block reads (a useQuery result is one). */
export type FailedQuery = {
  error: unknown;
  isFetching?: boolean;
  /** How often the query has failed (a useQuery result has it): a new failure is said again. */
  errorUpdateCount?: number;
  /** With it, the block offers to ask again. */
  refetch?: () => unknown;
};

/**
 * Whether a query without data is to show QueryError: it failed, or it failed before and is asked again.
 * TanStack Query puts a query without data back to "pending" while it asks again ("Erneut versuchen", a
 * new mount), which would swap the block for a spinner: the focus would drop from its button, and a new
 * failure would come in an alert inserted afresh. It is the same on the server and while hydrating (both
 * read the same state), so the page hydrates without a mismatch.
 */
export function loadFailed(query: FailedQuery & { data: unknown; isError: boolean }): boolean {
  if (query.data !== undefined) return false;
  return query.isError || (query.isFetching === true && (query.errorUpdateCount ?? 0) > 0);
}

/**
 * A query that could not load, said where its content would be: 'Fehler beim Laden', what failed
 * (`what`, when the page holds more than this one thing), the translated reason (the server's code, or no connection) and "Erneut versuchen", which asks again. Without it a
 * failed query looks like one still loading: a spinner that never ends. Shown while `loadFailed`: the
 * alert stays while the query is asked again (its button busy but focusable), and the reason of a new
 * failure is new text in it, which a screen reader reads out.
 */
export function QueryError({ query, what }: { query: FailedQuery; what?: string }) {
  const { t, i18n } = useLingui();
  // Asked again, the query has no error until that fails too: the last reason stays meanwhile.
  const [lastError, setLastError] = useState(query.error);
  if (query.error != null && query.error !== lastError) setLastError(query.error);
  const error = query.error ?? lastError;
  const busy = query.isFetching === true;
  return (
    <Alert color="red" role="alert" title={t`Fehler beim Laden`}>
      <Stack gap="sm" align="flex-start">
        {/* What could not be loaded ("Blog-Posts konnten nicht geladen werden."), then why. */}
        {error != null && (
          <span key={query.errorUpdateCount}>{what ? `${what} ${i18n._(errorMessageFor(error))}` : i18n._(errorMessageFor(error))}</span>
        )}
        {query.refetch && (
          <Button
            variant="default"
            size="xs"
            leftSection={busy ? <Loader size={14} /> : <IconRefresh size={14} aria-hidden />}
            // Not `loading`, which disables the button: a disabled button loses the keyboard's focus.
            data-disabled={busy || undefined}
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) void query.refetch?.();
            }}
          >
            <Trans>Erneut versuchen</Trans>
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
