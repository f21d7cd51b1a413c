import { donationCsvSchema, donationListSchema, type DonationAdminList, type DonationTotals } from '@shared/schemas/donations-admin';
import { adminProcedure, router } from '../trpc';
import { requestActor } from '../audit/record';
import { donationTotals, exportPaymentsCsvAudited, listDonationsForAdmin } from './admin';

/** /donations-admin (admins only): the donations, the money per month and year, the treasurer's CSV. */
export const donationsAdminRouter = router({
  /** A page of donations, newest first, narrowed by month, mode and status. */
  list: adminProcedure
    .input(donationListSchema)
    .query(
      ({ ctx, input: { page, ...filter } }): Promise<DonationAdminList> => listDonationsForAdmin(ctx.db, ctx.config.stripe, filter, page),
    ),

  /** Net payments per year and month, one-time and monthly apart, and the pledges running now. */
  totals: adminProcedure.query(({ ctx }): Promise<DonationTotals> => donationTotals(ctx.db)),

  /** The payments as CSV text with a BOM (the page offers it as a download, like the subscriber list); audited. */
  exportCsv: adminProcedure
    .input(donationCsvSchema)
    .query(({ ctx, input }) => exportPaymentsCsvAudited(ctx.db, input, requestActor(ctx), ctx.clock.now())),
});
