import { z } from 'zod';
import { DEFAULT_NEWSLETTER_RATE_PER_MINUTE } from '@shared/constants';
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

const envSchema = z.object({
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: text('127.0.0.1'),
  TRUST_PROXY: flag(false),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(sqlite:|postgres(ql)?:\/\/)/, 'must start with sqlite: or postgres://')
      .default('sqlite:./data/app.db'),
  ),
  SMTP_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^smtps?$/ }).optional()),
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
  DONATION_IBAN: text(''),
  DONATION_BIC: text(''),
  DONATION_ACCOUNT_HOLDER: text(''),
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
  SEED_DEMO_CONTENT: flag(true),
  LOG_LEVEL: z.preprocess(emptyAsUndefined, z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info')),
  NODE_ENV: z.preprocess(emptyAsUndefined, z.enum(['development', 'production', 'test']).default('production')),
});

export type Config = Readonly<{
  port: number;
  host: string;
  trustProxy: boolean;
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
  site: { email: string; phone: string; address: string; whatsappNumber: string; officeHours: OfficeHours };
  /** Fill an empty blog with demo posts on the first start. */
  seedDemoContent: boolean;
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
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    trustProxy: e.TRUST_PROXY,
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
    site: {
      email: e.SITE_EMAIL,
      phone: e.SITE_PHONE,
      address: e.SITE_ADDRESS,
      whatsappNumber: e.WHATSAPP_NUMBER,
      officeHours: e.WHATSAPP_OFFICE_HOURS,
    },
    seedDemoContent: e.SEED_DEMO_CONTENT,
    logLevel: e.LOG_LEVEL,
    isProduction: e.NODE_ENV === 'production',
  });
}
