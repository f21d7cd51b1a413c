import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Center, Container, Group, Loader, Pagination, Paper, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Pagination.css';
import { IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { formatCents } from '@shared/money';
import type { DonationFilter } from '@shared/schemas/donations-admin';
import { showToast } from '@client/components/feedback/toast';
import { AnchorLink } from '@client/components/links';
import { errorMessageFor, failureToast } from '@client/i18n/error-messages';
import { downloadTextFile } from '@client/lib/download-file';
import { useTRPC } from '@client/trpc';
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
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { page = 1, ...filter } = search;
  const list = useQuery({ ...trpc.donationsAdmin.list.queryOptions({ ...filter, page }), placeholderData: keepPreviousData });
  const totals = useQuery(trpc.donationsAdmin.totals.queryOptions());
  const [isExporting, setExporting] = useState(false);

  const go = (next: DonationsAdminSearch) => void navigate({ to: '/donations-admin', search: next });

  async function exportCsv() {
    setExporting(true);
    try {
      // Always the current payments, and not kept in the cache afterwards.
      const { filename, csv } = await queryClient.fetchQuery({
        ...trpc.donationsAdmin.exportCsv.queryOptions({ month: filter.month, mode: filter.mode }),
        staleTime: 0,
        gcTime: 0,
      });
      downloadTextFile(filename, csv, 'text/csv;charset=utf-8');
    } catch (error) {
      showToast(failureToast(i18n, t`Der Export ist fehlgeschlagen.`, error));
    } finally {
      setExporting(false);
    }
  }

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const thisYear = totals.data?.years[0];
  const year = thisYear?.period;

  return (
    <Container size="lg" py={48}>
      <Group justify="space-between" mb="xl" align="baseline">
        <Title order={1}>
          <Trans>Spenden</Trans>
        </Title>
        <Group gap="lg" align="baseline">
          <AnchorLink to="/orders-admin">
            <Trans>Bestellungen</Trans>
          </AnchorLink>
          <AnchorLink to="/blog-admin">
            <Trans>Blog-Verwaltung</Trans>
          </AnchorLink>
          <Button
            variant="default"
            leftSection={<IconDownload size={18} aria-hidden />}
            onClick={() => void exportCsv()}
            loading={isExporting}
          >
            <Trans>CSV für die Buchhaltung</Trans>
          </Button>
        </Group>
      </Group>

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

      {list.isError && !data ? (
        <Alert color="red" role="alert" title={t`Fehler beim Laden`}>
          {i18n._(errorMessageFor(list.error))}
        </Alert>
      ) : !data ? (
        <Center py={80}>
          <Loader aria-label={t`Spenden werden geladen`} />
        </Center>
      ) : (
        <>
          <DonationList donations={data.donations} filtered={Object.values(filter).some((value) => value !== undefined)} />
          {pages > 1 && (
            <nav aria-label={t`Seiten der Spendenliste`}>
              <Pagination
                mt="lg"
                total={pages}
                value={page}
                onChange={(next) => go({ ...filter, page: next === 1 ? undefined : next })}
                getControlProps={(control) => ({
                  'aria-label': control === 'previous' ? t`Vorherige Seite` : control === 'next' ? t`Nächste Seite` : undefined,
                })}
                getItemProps={(item) => ({ 'aria-label': t`Seite ${item}` })}
              />
            </nav>
          )}
        </>
      )}

      <Title order={2} size="h3" mt={48} mb="md">
        <Trans>Einnahmen nach Monat und Jahr</Trans>
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        <Trans>
          Gezählt werden eingegangene Zahlungen (Monat nach deutscher Zeit). Erstattete Zahlungen stehen in der eigenen Spalte und sind in
          den Summen nicht enthalten.
        </Trans>
      </Text>
      {totals.isError ? (
        <Alert color="red" role="alert" title={t`Fehler beim Laden`}>
          {i18n._(errorMessageFor(totals.error))}
        </Alert>
      ) : totals.data ? (
        <DonationTotalsTable totals={totals.data} />
      ) : (
        <Center py={40}>
          <Loader aria-label={t`Summen werden geladen`} />
        </Center>
      )}
    </Container>
  );
}
