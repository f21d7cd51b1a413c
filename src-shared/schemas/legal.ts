import { z } from './zod';

/**
 * What the legal pages (/impressum, /datenschutz, /agb, /widerruf) are built from: the association's
 * details and the numbers the code itself uses, sent by `site.legal`. One source for every template.
 */
export const legalDetailsSchema = z.object({
  orgName: z.string(),
  legalForm: z.string(),
  address: z.object({ street: z.string(), postcode: z.string(), city: z.string(), country: z.string() }),
  board: z.array(z.object({ name: z.string(), role: z.string() })),
  email: z.string(),
  phone: z.string(),
  registerCourt: z.string(),
  registerNumber: z.string(),
  /** Empty when the association has none: the line is left out. */
  vatId: z.string(),
  economicId: z.string(),
  editor: z.object({ name: z.string(), address: z.string() }),
  privacyContact: z.string(),
  privacyPolicyVersion: z.string(),
  supervisoryAuthority: z.string(),
  hostingProvider: z.string(),
  mailProvider: z.string(),
  /** What this installation does: a privacy section appears only for a feature that is on. */
  features: z.object({
    /** The shop takes orders (SHOP_ORDERS_ENABLED). */
    shopOrders: z.boolean(),
    /** Orders go to Printful (a Printful token is set); else a demo catalog. */
    printful: z.boolean(),
    /** Payments through Stripe (issue "Money in"); false until it is configured. */
    stripe: z.boolean(),
    /** Mail leaves through an SMTP server (else it is written to files on this machine). */
    smtp: z.boolean(),
    /**
     * What the database still holds (ADR 055), whatever the settings say now: the shop's orders, and
     * the donations and other Stripe payments, whose buyer or donor is not yet anonymized. Their data is
     * kept for years and a recent order's withdrawal period runs on after the shop closes or Stripe is
     * unset: the privacy policy describes them, and the footer links the shop's terms, meanwhile.
     */
    shopHistory: z.boolean(),
    donationHistory: z.boolean(),
    stripeHistory: z.boolean(),
    /** Such an order went to Printful: the policy goes on naming Printful after its token is removed. */
    printfulHistory: z.boolean(),
  }),
  retention: z.object({
    logDays: z.number(),
    contactDays: z.number(),
    unconfirmedNewsletterDays: z.number(),
    newsletterConsentDays: z.number(),
    orderYears: z.number(),
    sessionDays: z.number(),
    languageCookieDays: z.number(),
    /** Sent mails (the outbox copy) are deleted this many days after sending; undeliverable ones after being queued. */
    sentMailDays: z.number(),
    /** Orders and donations that never brought money lose the person's details this many days after they were started. */
    unpaidDays: z.number(),
    /** Accounts whose e-mail address was never confirmed are deleted this many days after sign-up. */
    unverifiedAccountDays: z.number(),
    /** Days more while a link asked for shortly before is good. */
    unverifiedAccountGraceDays: z.number(),
    /** Rate-limit counters (keyed by IP address or e-mail address) are deleted after this many days. */
    rateLimitDays: z.number(),
    /** The admins' audit trail (who did what, when, from which IP address) is deleted after this many days. */
    auditDays: z.number(),
    /** The `notice` cookie a form sent without scripts sets for the next page lives this many seconds. */
    noticeCookieSeconds: z.number(),
    /** Daily backups (where BACKUP_DIR is set) are kept this many days (BACKUP_KEEP archives, one a day). */
    backupDays: z.number(),
  }),
  /** What the site keeps on the visitor's device (privacy page, "Speicherung auf Ihrem Endgerät"). */
  storage: z.object({
    /** `__Host-schoolbox_session` on https, `schoolbox_session` on plain http (a local try-out). */
    sessionCookie: z.string(),
    languageCookie: z.string(),
    /** Carries the outcome of a form sent without scripts to the page after the redirect. */
    noticeCookie: z.string(),
    languageStorageKey: z.string(),
    cartStorageKey: z.string(),
  }),
  shop: z.object({
    deliveryDays: z.object({ min: z.number(), max: z.number() }),
    returnAddress: z.string(),
    returnCostsBorneBy: z.enum(['customer', 'association']),
    shippingCents: z.number(),
    /** The association uses the small-business rule (KLEINUNTERNEHMER, § 19 UStG): no VAT is charged. */
    kleinunternehmer: z.boolean(),
  }),
  /**
   * The "Stand" (YYYY-MM-DD) of the terms and of the withdrawal information as this installation shows
   * them: TERMS_DATE and WITHDRAWAL_DATE, or the later day a setting changed the text (src-server/legal/text-dates.ts).
   */
  textDates: z.object({ terms: z.string(), withdrawal: z.string() }),
});
export type LegalDetails = z.infer<typeof legalDetailsSchema>;
