import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { IconExternalLink } from '@tabler/icons-react';
import { isLocale, LOCALE_NAMES } from '@shared/locales';
import { formatCents } from '@shared/money';
import type { AdminDonation } from '@shared/schemas/donations-admin';
import { useLocale } from '@client/i18n/LocaleProvider';
import { DONATION_MODE_LABELS, DONATION_STATUS_LABELS } from './donation-labels';
import { formatDateTime } from '@client/lib/format-date';

/** The donations of one page: date, donor, amount and mode, status, what arrived, Stripe's page. */
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
