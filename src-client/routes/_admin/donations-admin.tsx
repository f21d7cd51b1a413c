import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { parseAdminPage } from '@shared/admin-page';
import { DONATION_MODES, DONATION_STATUSES, MONTH_PATTERN } from '@shared/donation-filters';
import { DonationsAdminPage, type DonationsAdminSearch } from '@client/features/donations/admin/DonationsAdminPage';
import { pageHead } from '@client/lib/head';
import { waitOnServer } from '@client/lib/wait-on-server';

// `?month=2026-03&mode=monthly&status=active&page=2`; a value the list does not know is left out.
const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  (values as readonly unknown[]).includes(value) ? (value as T) : undefined;
const donationsSearch = (search: Record<string, unknown>): DonationsAdminSearch => {
  return {
    month: typeof search.month === 'string' && MONTH_PATTERN.test(search.month) ? search.month : undefined,
    mode: oneOf(DONATION_MODES, search.mode),
    status: oneOf(DONATION_STATUSES, search.status),
    page: parseAdminPage(search.page),
  };
};

export const Route = createFileRoute('/_admin/donations-admin')({
  validateSearch: donationsSearch,
  // Only the list's own keys: the raw search (lang=…) stays beside them.
  loaderDeps: ({ search: { month, mode, status, page } }) => ({ month, mode, status, page }),
  head: ({ match }) =>
    pageHead(
      match.context.i18n,
      msg({ message: 'Spenden', context: 'admin navigation' }),
      msg`Die Spenden an SchoolBox: Liste, Summen je Monat und Jahr, Export.`,
    ),
  loader: ({ context, deps: { page = 1, ...filter } }) =>
    waitOnServer(
      context,
      context.queryClient.prefetchQuery(context.trpc.donationsAdmin.list.queryOptions({ ...filter, page })),
      context.queryClient.prefetchQuery(context.trpc.donationsAdmin.totals.queryOptions()),
    ),
  component: DonationsAdminRoute,
});

function DonationsAdminRoute() {
  const { month, mode, status, page } = Route.useSearch();
  return <DonationsAdminPage search={{ month, mode, status, page }} />;
}
