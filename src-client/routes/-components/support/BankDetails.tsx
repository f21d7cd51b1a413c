import { Trans } from '@lingui/react/macro';
import { Paper } from '@mantine/core';
import { PageSection } from '@client/components/page/PageSection';
import { BankAccount, DONATION_REFERENCE } from '@client/features/donations/BankAccount';
import { useSiteConfig } from '@client/features/site/use-site-config';

/**
 * The section with bank details for direct donations, shown only when the operator configured them (`site.config`'s
 * donation is null otherwise).
 */
export function BankDetails() {
  const { data: site } = useSiteConfig();
  const donation = site?.donation;
  if (!donation) return null;
  return (
    <PageSection
      id="donate"
      size="sm"
      title={<Trans>Direkt überweisen</Trans>}
      intro={
        <Trans>
          Geben Sie bitte den Verwendungszweck an, damit wir Ihre Spende zuordnen können. Für eine Spendenbescheinigung nennen Sie uns
          zusätzlich Ihre Anschrift.
        </Trans>
      }
    >
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} data-testid="support-bank-details">
        <BankAccount bank={donation} reference={DONATION_REFERENCE} />
      </Paper>
    </PageSection>
  );
}
