import type { LegalDetails } from '@shared/schemas/legal';
import { notFoundReportSchema, type SiteConfig } from '@shared/schemas/site';
import { lastBackupFailure } from '../backup/status';
import { adminProcedure, publicProcedure, rateLimitedByIp, router } from '../trpc';
import { legalDetails } from './legal-details';

/** A browser may report at most this many unknown paths a minute; the rest are dropped with 429. */
const NOT_FOUND_REPORTS = { name: 'not-found-report', limit: 20, windowMs: 60_000 };

export const siteRouter = router({
  /** The public settings every page needs: contact details, WhatsApp, whether the shop takes orders. */
  config: publicProcedure.query(async ({ ctx }): Promise<SiteConfig> => {
    const { site, shopOrdersEnabled, donation } = ctx.config;
    const { shopHistory } = await ctx.legalHistory.current();
    return {
      publicUrl: ctx.config.publicUrl,
      orgName: ctx.config.legal.orgName,
      orgAddress: {
        street: ctx.config.legal.street,
        postcode: ctx.config.legal.postcode,
        city: ctx.config.legal.city,
        country: ctx.config.legal.country,
      },
      contact: { email: site.email, phone: site.phone, address: site.address },
      whatsapp: { number: site.whatsappNumber, officeHours: site.officeHours },
      shopOrdersEnabled,
      shopHistory,
      kleinunternehmer: ctx.config.shopTerms.kleinunternehmer,
      // Shown only when the operator set the account: an IBAN alone is not enough to donate safely.
      donation: donation.iban && donation.accountHolder ? donation : null,
      donationsOnline: ctx.config.stripe !== null,
      serverTime: ctx.clock.now().toISOString(),
    };
  }),

  /** What the legal pages are built from: the Impressum settings and the numbers the code uses. */
  legal: publicProcedure.query(async ({ ctx }): Promise<LegalDetails> => legalDetails(ctx.config, await ctx.legalHistory.current())),

  /** For the admin banner "Impressum unvollständig": the required settings still at their examples. */
  legalStatus: adminProcedure.query(({ ctx }) => ({ missing: [...ctx.config.legal.missing] })),

  /** For the admin banner "Sicherung fehlgeschlagen": the last daily backup's failure, until one succeeds (ADR 040). */
  backupStatus: adminProcedure.query(async ({ ctx }) => ({ failure: await lastBackupFailure(ctx.db) })),

  /** The 404 page tells the server which path a visitor could not find, so broken links show in the log. */
  reportNotFound: publicProcedure
    .use(rateLimitedByIp(NOT_FOUND_REPORTS))
    .input(notFoundReportSchema)
    .mutation(({ ctx, input }) => {
      ctx.logger.warn('page not found', { path: input.path });
      return { logged: true };
    }),
});
