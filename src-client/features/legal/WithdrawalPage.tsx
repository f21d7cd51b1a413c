import { Trans } from '@lingui/react/macro';
import { Paper, Stack, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { withdrawalTemplates } from '@shared/legal/withdrawal';
import { ButtonLink } from '@client/components/links';
import { useLocale } from '@client/i18n/LocaleProvider';
import { useTRPC } from '@client/trpc';
import { legalDetailsQuery } from './legal-details-query';
import { LegalTextPage } from './LegalTextPage';

/**
 * /widerruf: the withdrawal information after the statutory model, with the model form, and above it
 * the withdrawal button (§ 356a BGB) that leads to /widerruf/erklaeren: prominent, no sign-in needed.
 * Dated as the server settled it (details.textDates), like /agb.
 */
export function WithdrawalPage() {
  const { data: details } = useSuspenseQuery(legalDetailsQuery(useTRPC()));
  const { locale } = useLocale();
  return (
    <LegalTextPage
      title={<Trans>Widerrufsbelehrung</Trans>}
      version={details.textDates.withdrawal}
      document={withdrawalTemplates[locale](details)}
    >
      <Paper withBorder radius="md" p="lg" bg="orange.0">
        <Stack gap="sm" align="flex-start">
          <Text>
            <Trans>Sie möchten eine Bestellung widerrufen? Das geht hier online, ohne Anmeldung.</Trans>
          </Text>
          <ButtonLink to="/widerruf/erklaeren" size="md" data-testid="withdrawal-button">
            <Trans>Vertrag widerrufen</Trans>
          </ButtonLink>
        </Stack>
      </Paper>
    </LegalTextPage>
  );
}
