import { Trans, useLingui } from '@lingui/react/macro';
import { Button, CopyButton } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { SiteConfig } from '@shared/schemas/site';
import classes from './BankAccount.module.css';

/**
 * The reference text for bank transfers; kept in German in every language so the treasurer can match it.
 * /spenden adds the chosen amount and mode to it.
 */
export const DONATION_REFERENCE = 'Spende SchoolBox';

/** "DE89370400440532013000" → "DE89 3704 0044 0532 0130 00", the way banks print it. */
function groupIban(iban: string): string {
  return iban
    .replace(/\s+/g, '')
    .replace(/(.{4})/g, '$1 ')
    .trim();
}

type BankRowProps = { label: string; value: string; display?: string; copyLabel: string };

/** One line of bank details with its copy button. Copying happens on click only. */
function BankRow({ label, value, display, copyLabel }: BankRowProps) {
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
              mih={44}
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

type BankAccountProps = { bank: NonNullable<SiteConfig['donation']>; reference: string };

/**
 * The operator's bank account for direct donations with a transfer reference, each line copyable: the
 * one list both /support (its "Direkt überweisen" section) and /spenden without Stripe show. It lives
 * here, not in routes/-components/support/, because a page folder's components may only be rendered by
 * the routes listed for it (src-client/i18n/catalog-parts.ts).
 */
export function BankAccount({ bank, reference }: BankAccountProps) {
  const { t } = useLingui();
  return (
    <dl className={classes.bankRows}>
      <BankRow label={t`Kontoinhaber`} value={bank.accountHolder} copyLabel={t`Kontoinhaber kopieren`} />
      <BankRow label="IBAN" value={bank.iban.replace(/\s+/g, '')} display={groupIban(bank.iban)} copyLabel={t`IBAN kopieren`} />
      {bank.bic && <BankRow label="BIC" value={bank.bic} copyLabel={t`BIC kopieren`} />}
      <BankRow label={t`Verwendungszweck`} value={reference} copyLabel={t`Verwendungszweck kopieren`} />
    </dl>
  );
}
