import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Container, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@client/trpc';
import { legalStatusQuery } from './legal-details-query';

/**
 * Above every admin page while required Impressum settings are missing (the site then shows example
 * values): names the variables, so the operator knows what to set before going live.
 */
export function LegalStatusBanner() {
  const { t } = useLingui();
  const { data } = useQuery(legalStatusQuery(useTRPC()));
  if (!data || data.missing.length === 0) return null;
  const names = data.missing.join(', ');
  return (
    <Container size="lg" pt="lg">
      <Alert
        color="yellow"
        variant="light"
        title={t`Impressum unvollständig`}
        icon={<IconAlertTriangle aria-hidden />}
        data-testid="legal-status-banner"
      >
        <Text size="sm">
          <Trans>
            Diese Einstellungen fehlen noch, das Impressum zeigt an ihrer Stelle Beispielwerte: {names}. Setzen Sie sie vor dem Livegang
            (siehe README, „Before going live“).
          </Trans>
        </Text>
      </Alert>
    </Container>
  );
}
