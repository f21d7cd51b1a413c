import { z } from './zod';
import { NOT_FOUND_PATH_MAX_LENGTH } from '../constants';
import { plainString } from './text';

const officeHoursSchema = z.object({
  days: z.array(z.number().int().min(0).max(6)),
  startMinute: z.number().int().min(0).max(1440),
  endMinute: z.number().int().min(0).max(1440),
});

/** The public site settings the server hands to every visitor (`site.config`). */
export const siteConfigSchema = z.object({
  /** The site's public origin (PUBLIC_URL): canonical and language links are built from it. */
  publicUrl: z.string(),
  /** The association's registered name (ORG_NAME), for the structured data search engines read. */
  orgName: z.string(),
  /** Its address as the Impressum states it (ORG_STREET, ORG_POSTCODE, ORG_CITY, ORG_COUNTRY), for the home page's structured data. */
  orgAddress: z.object({ street: z.string(), postcode: z.string(), city: z.string(), country: z.string() }),
  contact: z.object({ email: z.string(), phone: z.string(), address: z.string() }),
  whatsapp: z.object({ number: z.string(), officeHours: officeHoursSchema }),
  shopOrdersEnabled: z.boolean(),
  /**
   * The database holds orders whose buyer is not yet anonymized (ADR 055): the footer keeps linking the
   * shop's terms, withdrawal information and "Vertrag widerrufen" after the shop stopped taking orders.
   */
  shopHistory: z.boolean(),
  /**
   * KLEINUNTERNEHMER (§ 19 UStG): every price note says that no VAT is charged instead of "inkl. MwSt.".
   * Here because the price note is on the shop's pages and in the basket of every page.
   */
  kleinunternehmer: z.boolean(),
  /** Bank details for direct donations; null when the operator configured none. */
  donation: z.object({ iban: z.string(), bic: z.string(), accountHolder: z.string() }).nullable(),
  /** Whether /spenden can send donors to Stripe Checkout (STRIPE_SECRET_KEY set); otherwise it shows bank details. */
  donationsOnline: z.boolean(),
  /**
   * When the server made this answer (ISO; a public read, so up to the cache's lifetime ago). What a page
   * first shows from a clock (the footer's © year, whether the team is online for WhatsApp) is worked
   * out from it, on the server and again while hydrating, so both render the same even when the page
   * comes from the cache minutes later, across New Year or the end of office hours, or in another time
   * zone. The browser's clock takes over after.
   */
  serverTime: z.string(),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

/** What the 404 page reports to the server log. */
export const notFoundReportSchema = z.object({
  path: plainString(NOT_FOUND_PATH_MAX_LENGTH).min(1),
});
