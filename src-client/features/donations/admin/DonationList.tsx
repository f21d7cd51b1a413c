import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { IconExternalLink } from '@tabler/icons-react';
import { needsFormalReceipt } from '@shared/constants';
import { INTL_LOCALES, isLocale, LOCALE_NAMES } from '@shared/locales';
import { formatCents } from '@shared/money';
import { isCompleteReceiptAddress, receiptAddressLines } from '@shared/receipt-address';
import type { AdminDonation } from '@shared/schemas/donations-admin';
import { useLocale } from '@client/i18n/LocaleProvider';
import { DONATION_MODE_LABELS, DONATION_STATUS_LABELS } from './donation-labels';
import { formatDateTime } from '@client/lib/format-date';

/**
 * The donations of one page: date, donor (above the simplified-receipt limit with the formal receipt's
 * name and address from Stripe, or a warning that it is missing once money came), amount and mode,
 * status, what arrived, Stripe's page.
 */
export function DonationList({ donations, filtered }: { donations: AdminDonation[]; filtered: boolean }) {
  const { t, i18n } = useLingui();
  const { locale } = useLocale();

  if (donations.length === 0)
    return (
      <Paper withBorder radius="md" p="xl">
        <Text ta="center">{filtered ? <Trans>Keine Spenden für diese Auswahl.</Trans> : <Trans>Noch keine Spenden.</Trans>}</Text>
      </Paper>
    );

  return (
    <Table.ScrollContainer minWidth={900} type="native" pos="relative">
      <Table striped verticalSpacing="sm" aria-label={t`Spenden`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t`Datum`}</Table.Th>
            <Table.Th scope="col">{t`Spender`}</Table.Th>
            <Table.Th scope="col">{t`Betrag`}</Table.Th>
            <Table.Th scope="col">{t`Status`}</Table.Th>
            <Table.Th scope="col">{t`Eingegangen`}</Table.Th>
            <Table.Th scope="col">{t`Stripe`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {donations.map((donation) => {
            const status = DONATION_STATUS_LABELS[donation.status];
            const received = formatCents(donation.receivedCents);
            const count = donation.paymentsReceived;
            return (
              <Table.Tr key={donation.id} data-testid="donation-row">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(donation.createdAt, locale)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{donation.donorName ?? '–'}</Text>
                  <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                    {donation.donorEmail} · {isLocale(donation.locale) ? LOCALE_NAMES[donation.locale] : donation.locale}
                  </Text>
                  <ReceiptAddressNote donation={donation} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{formatCents(donation.amountCents)}</Text>
                  <Text size="xs" c="gray.7">
                    {i18n._(DONATION_MODE_LABELS[donation.mode])}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={status.color} variant="outline" styles={{ label: { whiteSpace: 'normal' } }} h="auto" py={2}>
                    {i18n._(status.label)}
                  </Badge>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{received}</Text>
                  <Text size="xs" c="gray.7">
                    {t({ message: plural(count, { one: '# Zahlung', other: '# Zahlungen' }) })}
                  </Text>
                  <PartlyRefundedNote cents={donation.partlyRefundedCents} />
                </Table.Td>
                <Table.Td>
                  {donation.stripeUrl ? (
                    <Anchor href={donation.stripeUrl} target="_blank" rel="noopener noreferrer" size="sm">
                      <Trans>Öffnen</Trans>
                      <IconExternalLink size={14} aria-hidden style={{ marginLeft: 4, verticalAlign: 'middle' }} />
                      <VisuallyHidden>{t`(Stripe-Dashboard, neues Fenster)`}</VisuallyHidden>
                    </Anchor>
                  ) : (
                    '–'
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * What went back of the payments kept, refunded in part in Stripe's dashboard: not in the sum above it,
 * which is what stayed. Nothing for a payment refunded whole (the status or the count says that).
 */
function PartlyRefundedNote({ cents }: { cents: number }) {
  const { t } = useLingui();
  if (cents === 0) return null;
  const refunded = formatCents(cents);
  return (
    <Text size="xs" c="gray.7" data-testid="donation-partly-refunded">
      {t`${refunded} erstattet`}
    </Text>
  );
}

/** Where the formal receipt goes (above the simplified-receipt limit), as the treasurer writes it on the envelope. */
function ReceiptAddressNote({ donation }: { donation: AdminDonation }) {
  const { t } = useLingui();
  const { locale } = useLocale();
  const address = donation.receiptAddress;
  if (address) {
    return (
      <Text size="xs" mt={4} data-testid="donation-receipt-address">
        <Text span size="xs" fw={600}>
          {t`Zuwendungsbestätigung an:`}
        </Text>{' '}
        {receiptAddressLines(address, INTL_LOCALES[locale]).join(', ')}
        {!isCompleteReceiptAddress(address, donation.donorName) && (
          <Text span size="xs" c="red.8">
            {' '}
            {t`(unvollständig)`}
          </Text>
        )}
      </Text>
    );
  }
  // Money above the limit came, and Stripe gave no address: the thank-you mail asked the donor for it.
  if (needsFormalReceipt(donation.amountCents) && donation.paymentsReceived > 0) {
    return (
      <Text size="xs" mt={4} c="red.8" data-testid="donation-receipt-address">
        {t`Keine Anschrift für die Zuwendungsbestätigung`}
      </Text>
    );
  }
  return null;
}
