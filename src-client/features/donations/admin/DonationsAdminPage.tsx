import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Container, Paper, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { formatCents } from '@shared/money';
import type { DonationFilter } from '@shared/schemas/donations-admin';
import { useTRPC } from '@client/trpc';
import { useCsvExport } from '@client/features/admin/use-csv-export';
import { AdminPageHeader } from '@client/features/admin/AdminPageHeader';
import { AdminPagination } from '@client/features/admin/AdminPagination';
import { AdminQueryState } from '@client/features/admin/AdminQueryState';
import { StatList } from '@client/features/newsletter/StatList';
import { DonationFilters } from './DonationFilters';
import { DonationList } from './DonationList';
import { DonationTotalsTable } from './DonationTotalsTable';

export type DonationsAdminSearch = DonationFilter & { page?: number | undefined };

/**
 * /donations-admin: what came in. The pledges running now and this year's money on top, the
 * donations (filtered by month, mode and status, a page at a time, each with its Stripe dashboard
 * link), the money per month and year, and the payments as a CSV file for the treasurer.
 */
export function DonationsAdminPage({ search }: { search: DonationsAdminSearch }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { page = 1, ...filter } = search;
  const list = useQuery({ ...trpc.donationsAdmin.list.queryOptions({ ...filter, page }), placeholderData: keepPreviousData });
  const totals = useQuery(trpc.donationsAdmin.totals.queryOptions());

  const go = (next: DonationsAdminSearch) => void navigate({ to: '/donations-admin', search: next });

  const { isExporting, exportCsv } = useCsvExport(
    // Always the current payments, and not kept in the cache afterwards.
    () =>
      queryClient.fetchQuery({
        ...trpc.donationsAdmin.exportCsv.queryOptions({ month: filter.month, mode: filter.mode }),
        staleTime: 0,
        gcTime: 0,
      }),
  );

  const thisYear = totals.data?.years[0];
  const year = thisYear?.period;

  return (
    <Container size="lg" py={48}>
      <AdminPageHeader
        title={<Trans context="admin navigation">Spenden</Trans>}
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={18} aria-hidden />}
            onClick={() => void exportCsv()}
            loading={isExporting}
          >
            <Trans>CSV für die Buchhaltung</Trans>
          </Button>
        }
      />

      {totals.data && (
        <Paper withBorder radius="md" p="lg" mb="xl">
          <StatList
            cols={3}
            stats={[
              { label: t`Aktive Monatsspenden`, value: totals.data.activeMonthlyDonors, testId: 'donations-active-monthly' },
              { label: t`Monatlich zugesagt`, value: formatCents(totals.data.activeMonthlyCents), testId: 'donations-active-cents' },
              {
                label: year ? t`Eingegangen ${year}` : t`Eingegangen`,
                value: formatCents(thisYear ? thisYear.oneTimeCents + thisYear.monthlyCents : 0),
                testId: 'donations-year-net',
              },
            ]}
          />
        </Paper>
      )}

      <DonationFilters
        filter={filter}
        months={totals.data?.years.flatMap((year) => year.months.map((month) => month.period)) ?? []}
        onChange={(next) => go(next)}
      />

      <AdminQueryState query={list} loadingLabel={t`Spenden werden geladen`}>
        {(data) => (
          <>
            <DonationList donations={data.donations} filtered={Object.values(filter).some((value) => value !== undefined)} />
            <AdminPagination
              label={t`Seiten der Spendenliste`}
              page={page}
              total={data.total}
              pageSize={data.pageSize}
              onChange={(next) => go({ ...filter, page: next === 1 ? undefined : next })}
            />
          </>
        )}
      </AdminQueryState>

      <Title order={2} size="h3" mt={48} mb="md">
        <Trans>Einnahmen nach Monat und Jahr</Trans>
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        <Trans>
          Gezählt werden eingegangene Zahlungen (Monat nach deutscher Zeit). Erstattete Zahlungen stehen in der eigenen Spalte und sind in
          den Summen nicht enthalten.
        </Trans>
      </Text>
      <AdminQueryState query={totals} loadingLabel={t`Summen werden geladen`}>
        {(data) => <DonationTotalsTable totals={data} />}
      </AdminQueryState>
    </Container>
  );
}
