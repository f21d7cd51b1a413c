import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Stack } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { errorMessageFor } from '@client/i18n/error-messages';

/** The part of a failed query this block reads (a useQuery result is one). */
export type FailedQuery = {
  error: unknown;
  isFetching?: boolean;
  /** With it, the block offers to ask again. */
  refetch?: () => unknown;
};

/**
 * A query that could not load, said where its content would be: 'Fehler beim Laden', the translated
 * reason (the server's code, or no connection) and "Erneut versuchen", which asks again. Without it a
 * failed query looks like one still loading: a spinner that never ends.
 */
export function QueryError({ query }: { query: FailedQuery }) {
  const { t, i18n } = useLingui();
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
