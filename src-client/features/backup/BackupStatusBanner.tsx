import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Container, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useLocale } from '@client/i18n/LocaleProvider';
import { useTRPC } from '@client/trpc';
import { backupStatusQuery } from './backup-status-query';
import { formatDateTime } from '@client/lib/format-date';

/**
 * Above every admin page while the last daily backup failed (the server keeps the failure until the
 * next success, ADR 040): when and why, so the operator looks at the server before data is at risk.
 */
export function BackupStatusBanner() {
  const { t } = useLingui();
  const { locale } = useLocale();
  const { data } = useQuery(backupStatusQuery(useTRPC()));
  const failure = data?.failure;
  if (!failure) return null;
  // In the team's time zone: the same text on the server's render and in the browser.
  const at = failure.at ? formatDateTime(failure.at, locale) : '';
  const message = failure.message;
  return (
    <Container size="lg" pt="lg">
      <Alert
        color="red"
        variant="light"
        title={t`Sicherung fehlgeschlagen`}
        icon={<IconAlertTriangle aria-hidden />}
        data-testid="backup-status-banner"
      >
        <Text size="sm">
          <Trans>
            Die letzte Sicherung ist fehlgeschlagen ({at}): {message}. Prüfen Sie BACKUP_DIR und das Server-Log; der Server versucht es
            stündlich erneut.
          </Trans>
        </Text>
      </Alert>
    </Container>
  );
}
