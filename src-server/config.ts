import { z } from 'zod';
import { DEFAULT_AUDIT_RETENTION_DAYS } from '@shared/audit';
import { DEFAULT_NEWSLETTER_RATE_PER_MINUTE } from '@shared/constants';
import { TERMS_DATE, WITHDRAWAL_DATE } from '@shared/legal/shop-terms';
import { parseOfficeHours, type OfficeHours } from '@shared/office-hours';

/**
 * Every setting of the process, read once from the environment at start-up. A bad value stops the
 * start with a message that names the variable; no other file reads process.env.
 * Keep this schema, .env.example and README's configuration table in step.
 */
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const text = (fallback: string) => z.preprocess(emptyAsUndefined, z.string().default(fallback));
const flag = (fallback: boolean) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
      .default(fallback ? 'true' : 'false')
      .transform((value) => value === 'true' || value === '1'),
  );

const days = (fallback: number) => z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(36_500).default(fallback));
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-11-25');

/**
 * The Impressum settings a site must set before it goes live (§ 5 DDG): without them `npm start` warns
 * and admins see a banner; in production over https the start is refused (src-server/legal/startup-check.ts).
 */
export const LEGAL_REQUIRED_SETTINGS = [
  'ORG_NAME',
  'ORG_LEGAL_FORM',
  'ORG_STREET',
  'ORG_POSTCODE',
  'ORG_CITY',
  'ORG_BOARD',
  'ORG_REGISTER_COURT',
  'ORG_REGISTER_NUMBER',
  'SITE_EMAIL',
  'SITE_PHONE',
  'EDITOR_NAME',
  'EDITOR_ADDRESS',
] as const;

/** "Erika Muster (Vorsitzende); Max Muster (Kassenwart)" → [{ name, role }, …]; null when malformed. */
function parseBoard(value: string): BoardMember[] | null {
  const members = value
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => /^([^()]+?)\s*\(([^()]+)\)$/.exec(part));
  if (members.length === 0 || members.some((match) => !match)) return null;
  return members.map((match) => ({ name: match?.[1]?.trim() ?? '', role: match?.[2]?.trim() ?? '' }));
}

export type BoardMember = { name: string; role: string };

const envSchema = z.object({
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: text('127.0.0.1'),
  TRUST_PROXY: flag(false),
  // Lets a Prometheus server elsewhere read /metrics (ADR 044); requests from this machine need none.
  METRICS_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional()),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(sqlite:|postgres(ql)?:\/\/)/, 'must start with sqlite: or postgres://')
      .default('sqlite:./data/app.db'),
  ),
  SMTP_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// address' }).optional()),
  // The daily backup (ADR 040): off unless a folder is named; the newest BACKUP_KEEP archives stay.
  BACKUP_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
  BACKUP_KEEP: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(10_000).default(14)),
  MAIL_FROM: text('SchoolBox <hallo@schoolbox.example>'),
  CONTACT_INBOX: text('team@schoolbox.example'),
  PRINTFUL_API_TOKEN: text(''),
  PRINTFUL_STORE_ID: text(''),
  PRINTFUL_API_URL: z.preprocess(emptyAsUndefined, z.url().default('https://api.printful.com')),
  SHOP_ORDERS_ENABLED: flag(false),
  SHOP_CACHE_TTL_S: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(86_400).default(600)),
  NEWSLETTER_RATE_PER_MIN: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(10_000).default(DEFAULT_NEWSLETTER_RATE_PER_MINUTE),
  ),
  // Stripe (ADR 030): no secret key = online payments off. The key's prefix says test or live mode.
  STRIPE_SECRET_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_\S+$/, 'must be a Stripe secret key (sk_live_…, sk_test_… or a restricted rk_…)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    emptyAsUndefined,
    // No trailing whitespace: the signature check would fail on every event (stripe-api.md §10.2).
    z
      .string()
      .regex(/^whsec_\S+$/, "must be the webhook endpoint's signing secret (whsec_…)")
      .optional(),
  ),
  STRIPE_API_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  DONATION_IBAN: text(''),
  DONATION_BIC: text(''),
  DONATION_ACCOUNT_HOLDER: text(''),
  // What the simplified donation receipt states (§ 50 Abs. 4 EStDV, legal-de.md §5): the tax-privileged
  // purpose, and the tax office and date of the exemption notice. Example values until the operator sets them.
  DONATION_PURPOSE: text('Förderung der Bildung (§ 52 Abs. 2 Satz 1 Nr. 7 AO)'),
  DONATION_TAX_OFFICE: text('Finanzamt Köln-Altstadt'),
  DONATION_EXEMPTION_NOTICE_DATE: z.preprocess(emptyAsUndefined, isoDate.default('2025-03-01')),
  WHATSAPP_NUMBER: text('+49 221 0000000'),
  WHATSAPP_OFFICE_HOURS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default('mon-fri 09:00-17:00')
      .transform((value, ctx) => {
        const hours = parseOfficeHours(value);
        if (!hours) {
          ctx.addIssue({ code: 'custom', message: 'must look like "mon-fri 09:00-17:00"' });
          return z.NEVER;
        }
        return hours;
      }),
  ),
  SITE_EMAIL: text('hallo@schoolbox.example'),
  SITE_PHONE: text('+49 221 0000000'),
  SITE_ADDRESS: text('Musterstraße 1, 50667 Köln'),
  // Impressum (§ 5 DDG, § 18 MStV): the association that runs the site. The defaults are examples, so a
  // first try-out renders; LEGAL_REQUIRED_SETTINGS lists those that must be set before going live.
  ORG_NAME: text('SchoolBox e.V.'),
  ORG_LEGAL_FORM: text('eingetragener Verein'),
  ORG_STREET: text('Musterstraße 1'),
  ORG_POSTCODE: text('50667'),
  ORG_CITY: text('Köln'),
  ORG_COUNTRY: text('Deutschland'),
  ORG_BOARD: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default('Erika Mustermann (Vorsitzende); Max Mustermann (Stellvertretender Vorsitzender)')
      .transform((value, ctx) => {
        const board = parseBoard(value);
        if (!board) {
          ctx.addIssue({ code: 'custom', message: 'must look like "Erika Muster (Vorsitzende); Max Muster (Kassenwart)"' });
          return z.NEVER;
        }
        return board;
      }),
  ),
  ORG_REGISTER_COURT: text('Amtsgericht Köln'),
  ORG_REGISTER_NUMBER: text('VR 00000'),
  ORG_VAT_ID: text(''),
  ORG_ECONOMIC_ID: text(''),
  EDITOR_NAME: text('Erika Mustermann'),
  EDITOR_ADDRESS: text('Musterstraße 1, 50667 Köln'),
  // Datenschutzerklärung: who else handles data, and for how long it is kept.
  PRIVACY_CONTACT: text(''),
  PRIVACY_POLICY_VERSION: z.preprocess(emptyAsUndefined, isoDate.default('2026-11-30')),
  SUPERVISORY_AUTHORITY: text(
    'Landesbeauftragte für Datenschutz und Informationsfreiheit Nordrhein-Westfalen (LDI NRW), Kavalleriestraße 2–4, 40213 Düsseldorf, poststelle@ldi.nrw.de',
  ),
  HOSTING_PROVIDER: text(''),
  MAIL_PROVIDER: text(''),
  LOG_RETENTION_DAYS: days(14),
  CONTACT_RETENTION_DAYS: days(180),
  NEWSLETTER_CONSENT_RETENTION_DAYS: days(1095),
  AUDIT_RETENTION_DAYS: days(DEFAULT_AUDIT_RETENTION_DAYS),
  ORDER_RETENTION_YEARS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(30).default(8)),
  // Shop terms (AGB, Widerrufsbelehrung, the order page).
  SHOP_DELIVERY_DAYS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default('5-10')
      .transform((value, ctx) => {
        const match = /^(\d{1,2})-(\d{1,2})$/.exec(value);
        if (!match || Number(match[1]) > Number(match[2]) || Number(match[1]) < 1) {
          ctx.addIssue({ code: 'custom', message: 'must look like "5-10" (working days, min-max)' });
          return z.NEVER;
        }
        return { min: Number(match[1]), max: Number(match[2]) };
      }),
  ),
  SHOP_RETURN_ADDRESS: text(''),
  SHOP_RETURN_COSTS: z.preprocess(emptyAsUndefined, z.enum(['customer', 'association']).default('customer')),
  // The small-business rule (§ 19 UStG): the association charges no VAT, so no price may say it includes
  // VAT (§ 5 UWG); the § 19 sentence stands in its place (legal-de.md §4.5).
  KLEINUNTERNEHMER: flag(false),
  SEED_DEMO_CONTENT: flag(true),
  ADMIN_2FA_REQUIRED: flag(false),
  LOG_LEVEL: z.preprocess(emptyAsUndefined, z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info')),
  NODE_ENV: z.preprocess(emptyAsUndefined, z.enum(['development', 'production', 'test']).default('production')),
});

export type Config = Readonly<{
  port: number;
  host: string;
  trustProxy: boolean;
  /** The bearer token that opens /metrics to another machine; null: only this machine may read it. */
  metricsToken: string | null;
  publicUrl: string;
  /** The site is served over HTTPS (PUBLIC_URL says so): cookies get Secure, the browser gets HSTS. */
  isHttps: boolean;
  databaseUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  contactInbox: string;
  printful: { apiToken: string; storeId: string; apiUrl: string };
  shopOrdersEnabled: boolean;
  /** Seconds the shop catalog is kept before Printful is asked again. */
  shopCacheTtlSeconds: number;
  /** Newsletter mails the worker sends per minute at most. */
  newsletterRatePerMinute: number;
  /** Bank details for direct donations on /support; all empty: the block is not shown. */
  donation: { iban: string; bic: string; accountHolder: string };
  /** What the thank-you mail's simplified donation receipt states (legal-de.md §5, ADR 031). */
  donationReceipt: { purpose: string; taxOffice: string; exemptionNoticeDate: string };
  /**
   * Stripe Checkout and its webhook (ADR 030); null when STRIPE_SECRET_KEY is unset (payments off).
   * apiUrl: another API host than api.stripe.com (the fake Stripe in tests).
   */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | null;
  site: { email: string; phone: string; address: string; whatsappNumber: string; officeHours: OfficeHours };
  /** Who runs the site (Impressum) and what the privacy page names; see LEGAL_REQUIRED_SETTINGS. */
  legal: {
    orgName: string;
    legalForm: string;
    street: string;
    postcode: string;
    city: string;
    country: string;
    /** The board under § 26 BGB, who represent the association. */
    board: BoardMember[];
    registerCourt: string;
    registerNumber: string;
    /** USt-IdNr. and Wirtschafts-Identifikationsnummer; empty when the association has none. */
    vatId: string;
    economicId: string;
    /** Responsible for editorial content under § 18 Abs. 2 MStV (the blog). */
    editor: { name: string; address: string };
    /** Optional data protection contact (a DPO); empty: the privacy page names the association. */
    privacyContact: string;
    /** The date of the privacy policy's current version ("Stand"); newsletter consents record it. */
    privacyPolicyVersion: string;
    supervisoryAuthority: string;
    /** Named on the privacy page as processors; empty: described without a name. */
    hostingProvider: string;
    mailProvider: string;
    /** Required settings not set in the environment (their example defaults are in use). */
    missing: readonly string[];
  };
  /** How long data is kept: the retention job (src-server/retention) and the privacy page read the same numbers. */
  retention: {
    logDays: number;
    contactDays: number;
    /** Consent records of addresses that left the newsletter. */
    newsletterConsentDays: number;
    /** Orders are kept this long (tax law), then detached from a deleted account's name and e-mail. */
    orderYears: number;
    /** Entries of the admins' audit trail (src-server/audit), with their IP addresses. */
    auditDays: number;
  };
  shopTerms: {
    deliveryDays: { min: number; max: number };
    /** Where withdrawn goods go back; empty: the association's address. */
    returnAddress: string;
    returnCostsBorneBy: 'customer' | 'association';
    /** KLEINUNTERNEHMER: no VAT is charged (§ 19 UStG); prices, checkout, mails and terms say so instead of "inkl. MwSt.". */
    kleinunternehmer: boolean;
    /**
     * The "Stand" of the terms and the withdrawal information: TERMS_DATE and WITHDRAWAL_DATE as parsed;
     * the start (runtime.ts) sets the later day a setting changed a text, as the database recorded it
     * (legal/text-dates.ts). Here, so that every page and mail that states the texts states this date.
     */
    textDates: { terms: string; withdrawal: string };
  };
  /** The daily backup in the server process (src-server/backup): dir null = off. */
  backup: { dir: string | null; keep: number };
  /** Fill an empty blog with demo posts on the first start. */
  seedDemoContent: boolean;
  /** Every admin must set up two-factor sign-in before an admin screen opens (ADR 041). */
  admin2faRequired: boolean;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  isProduction: boolean;
}>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses an environment (process.env in main.ts, a literal object in tests) into the typed Config. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = result.data;
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set (the signing secret of the webhook endpoint, whsec_…)',
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN ?? null,
    publicUrl,
    isHttps: publicUrl.startsWith('https:'),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    contactInbox: e.CONTACT_INBOX,
    printful: { apiToken: e.PRINTFUL_API_TOKEN, storeId: e.PRINTFUL_STORE_ID, apiUrl: e.PRINTFUL_API_URL },
    shopOrdersEnabled: e.SHOP_ORDERS_ENABLED,
    shopCacheTtlSeconds: e.SHOP_CACHE_TTL_S,
    newsletterRatePerMinute: e.NEWSLETTER_RATE_PER_MIN,
    donation: { iban: e.DONATION_IBAN, bic: e.DONATION_BIC, accountHolder: e.DONATION_ACCOUNT_HOLDER },
    donationReceipt: {
      purpose: e.DONATION_PURPOSE,
      taxOffice: e.DONATION_TAX_OFFICE,
      exemptionNoticeDate: e.DONATION_EXEMPTION_NOTICE_DATE,
    },
    stripe: e.STRIPE_SECRET_KEY
      ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? '', apiUrl: e.STRIPE_API_URL }
      : null,
    site: {
      email: e.SITE_EMAIL,
      phone: e.SITE_PHONE,
      address: e.SITE_ADDRESS,
      whatsappNumber: e.WHATSAPP_NUMBER,
      officeHours: e.WHATSAPP_OFFICE_HOURS,
    },
    legal: {
      orgName: e.ORG_NAME,
      legalForm: e.ORG_LEGAL_FORM,
      street: e.ORG_STREET,
      postcode: e.ORG_POSTCODE,
      city: e.ORG_CITY,
      country: e.ORG_COUNTRY,
      board: e.ORG_BOARD,
      registerCourt: e.ORG_REGISTER_COURT,
      registerNumber: e.ORG_REGISTER_NUMBER,
      vatId: e.ORG_VAT_ID,
      economicId: e.ORG_ECONOMIC_ID,
      editor: { name: e.EDITOR_NAME, address: e.EDITOR_ADDRESS },
      privacyContact: e.PRIVACY_CONTACT,
      privacyPolicyVersion: e.PRIVACY_POLICY_VERSION,
      supervisoryAuthority: e.SUPERVISORY_AUTHORITY,
      hostingProvider: e.HOSTING_PROVIDER,
      mailProvider: e.MAIL_PROVIDER,
      missing: Object.freeze(LEGAL_REQUIRED_SETTINGS.filter((name) => !env[name]?.trim())),
    },
    retention: {
      logDays: e.LOG_RETENTION_DAYS,
      contactDays: e.CONTACT_RETENTION_DAYS,
      newsletterConsentDays: e.NEWSLETTER_CONSENT_RETENTION_DAYS,
      orderYears: e.ORDER_RETENTION_YEARS,
      auditDays: e.AUDIT_RETENTION_DAYS,
    },
    shopTerms: {
      deliveryDays: e.SHOP_DELIVERY_DAYS,
      returnAddress: e.SHOP_RETURN_ADDRESS,
      returnCostsBorneBy: e.SHOP_RETURN_COSTS,
      kleinunternehmer: e.KLEINUNTERNEHMER,
      textDates: { terms: TERMS_DATE, withdrawal: WITHDRAWAL_DATE },
    },
    backup: { dir: e.BACKUP_DIR ?? null, keep: e.BACKUP_KEEP },
    seedDemoContent: e.SEED_DEMO_CONTENT,
    admin2faRequired: e.ADMIN_2FA_REQUIRED,
    logLevel: e.LOG_LEVEL,
    isProduction: e.NODE_ENV === 'production',
  });
}
