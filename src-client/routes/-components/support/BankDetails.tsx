import { Trans, useLingui } from '@lingui/react/macro';
import { Button, CopyButton, Paper } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { PageSection } from '@client/components/page/PageSection';
import { useSiteConfig } from '@client/features/site/use-site-config';
import { DONATION_REFERENCE } from './support-content';
import classes from './support.module.css';

/** "DE89370400440532013000" → "DE89 3704 0044 0532 0130 00", the way banks print it. */
export function groupIban(iban: string): string {
  return iban
    .replace(/\s+/g, '')
    .replace(/(.{4})/g, '$1 ')
    .trim();
}

export type BankRowProps = { label: string; value: string; display?: string; copyLabel: string };

/** One line of bank details with its copy button (also used by /spenden without Stripe). */
export function BankRow({ label, value, display, copyLabel }: BankRowProps) {
  const { t } = useLingui();
  const copiedLabel = t`In die Zwischenablage kopiert`;
  return (
    <div className={classes.bankRow}>
      <dt className={classes.bankLabel}>{label}</dt>
      <dd className={classes.bankValueRow}>
        <span className={classes.bankValue}>{display ?? value}</span>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'filled' : 'light'}
              size="sm"
              h={44}
              onClick={copy}
              aria-label={copied ? copiedLabel : copyLabel}
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            >
              {copied ? <Trans>Kopiert</Trans> : <Trans>Kopieren</Trans>}
            </Button>
          )}
        </CopyButton>
      </dd>
    </div>
  );
}

/**
 * The section with bank details for direct donations, shown only when the operator configured them (`site.config`'s
 * donation is null otherwise). Copying happens on click only.
 */
export function BankDetails() {
  const { t } = useLingui();
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
        <dl className={classes.bankRows}>
          <BankRow label={t`Kontoinhaber`} value={donation.accountHolder} copyLabel={t`Kontoinhaber kopieren`} />
          <BankRow label="IBAN" value={donation.iban.replace(/\s+/g, '')} display={groupIban(donation.iban)} copyLabel={t`IBAN kopieren`} />
          {donation.bic && <BankRow label="BIC" value={donation.bic} copyLabel={t`BIC kopieren`} />}
          <BankRow label={t`Verwendungszweck`} value={DONATION_REFERENCE} copyLabel={t`Verwendungszweck kopieren`} />
        </dl>
      </Paper>
    </PageSection>
  );
}
