import { notFoundReportSchema, type SiteConfig } from '@shared/schemas/site';
import { publicProcedure, rateLimitedByIp, router } from '../trpc';

/** A browser may report at most this many unknown paths a minute; the rest are dropped with 429. */
const NOT_FOUND_REPORTS = { name: 'not-found-report', limit: 20, windowMs: 60_000 };

export const siteRouter = router({
  /** The public settings every page needs: contact details, WhatsApp, whether the shop takes orders. */
  config: publicProcedure.query(({ ctx }): SiteConfig => {
    const { site, shopOrdersEnabled, donation } = ctx.config;
    return {
      publicUrl: ctx.config.publicUrl,
      contact: { email: site.email, phone: site.phone, address: site.address },
      whatsapp: { number: site.whatsappNumber, officeHours: site.officeHours },
      shopOrdersEnabled,
      // Shown only when the operator set the account: an IBAN alone is not enough to donate safely.
      donation: donation.iban && donation.accountHolder ? donation : null,
    };
  }),

  /** The 404 page tells the server which path a visitor could not find, so broken links show in the log. */
  reportNotFound: publicProcedure
    .use(rateLimitedByIp(NOT_FOUND_REPORTS))
    .input(notFoundReportSchema)
    .mutation(({ ctx, input }) => {
      ctx.logger.warn('page not found', { path: input.path });
      return { logged: true };
    }),
});
