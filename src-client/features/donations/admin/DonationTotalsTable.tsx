import { useLingui } from '@lingui/react/macro';
import { Paper, Table, Text } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { Fragment } from 'react';
import { formatCents } from '@shared/money';
import type { DonationTotal, DonationTotals } from '@shared/schemas/donations-admin';
import { monthLabel } from './month-label';

/** The money per year (a bold row) and its months below: one-time, monthly, both, refunded. */
export function DonationTotalsTable({ totals }: { totals: DonationTotals }) {
  const { t, i18n } = useLingui();
  if (totals.years.length === 0)
    return (
      <Paper withBorder radius="md" p="xl">
        <Text ta="center">{t`Noch kein Geld eingegangen.`}</Text>
      </Paper>
    );
  const row = (total: DonationTotal, isYear: boolean) => (
    <Table.Tr key={total.period} data-testid={isYear ? 'donation-total-year' : 'donation-total-month'} fw={isYear ? 700 : undefined}>
      <Table.Th scope="row" fw={isYear ? 700 : 400} pl={isYear ? undefined : 'xl'}>
        {monthLabel(total.period, i18n.locale)}
      </Table.Th>
      <Table.Td ta="right">{formatCents(total.oneTimeCents)}</Table.Td>
      <Table.Td ta="right">{formatCents(total.monthlyCents)}</Table.Td>
      <Table.Td ta="right">{formatCents(total.oneTimeCents + total.monthlyCents)}</Table.Td>
      <Table.Td ta="right">{total.refundedCents > 0 ? formatCents(total.refundedCents) : '–'}</Table.Td>
      <Table.Td ta="right">{total.payments}</Table.Td>
    </Table.Tr>
  );
  return (
    <Table.ScrollContainer minWidth={640} type="native" pos="relative">
      <Table verticalSpacing="xs" aria-label={t`Einnahmen nach Monat und Jahr`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t`Zeitraum`}</Table.Th>
            <Table.Th scope="col" ta="right">{t`Einmalig`}</Table.Th>
            <Table.Th scope="col" ta="right">{t`Monatlich`}</Table.Th>
            <Table.Th scope="col" ta="right">{t`Summe`}</Table.Th>
            <Table.Th scope="col" ta="right">{t`Erstattet`}</Table.Th>
            <Table.Th scope="col" ta="right">{t`Zahlungen`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {totals.years.map((year) => (
            <Fragment key={year.period}>
              {row(year, true)}
              {year.months.map((month) => row(month, false))}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
