import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S } from '@shared/locales';
import {
  NEWSLETTER_CONFIRM_TOKEN_LIFETIME_MS,
  RATE_LIMIT_RETENTION_DAYS,
  SENT_MAIL_RETENTION_DAYS,
  SESSION_LIFETIME_MS,
  SHIPPING_FEE_CENTS,
  UNPAID_RETENTION_DAYS,
  UNVERIFIED_ACCOUNT_GRACE_DAYS,
  UNVERIFIED_ACCOUNT_RETENTION_DAYS,
} from '@shared/constants';
import { NOTICE_COOKIE, NOTICE_COOKIE_MAX_AGE_S } from '@shared/forms';
import type { LegalDetails } from '@shared/schemas/legal';
import { sessionCookieName } from '../auth/cookies';
import type { Config } from '../config';
import { NO_LEGAL_HISTORY, type LegalHistoryFacts } from './legal-history';

const DAY_MS = 24 * 60 * 60_000;

/**
 * The legal pages' facts, from the settings and the same constants the code runs on, and what the
 * database still holds (`history`, ADR 055: the pages pass legalHistory.current()). An order's mails may
 * leave it out: their terms and withdrawal information do not depend on it.
 */
export function legalDetails(config: Config, history: LegalHistoryFacts = NO_LEGAL_HISTORY): LegalDetails {
  const { legal, retention, shopTerms } = config;
  return {
    orgName: legal.orgName,
    legalForm: legal.legalForm,
    address: { street: legal.street, postcode: legal.postcode, city: legal.city, country: legal.country },
    board: legal.board,
    email: config.site.email,
    phone: config.site.phone,
    registerCourt: legal.registerCourt,
    registerNumber: legal.registerNumber,
    vatId: legal.vatId,
    economicId: legal.economicId,
    editor: legal.editor,
    privacyContact: legal.privacyContact,
    privacyPolicyVersion: legal.privacyPolicyVersion,
    supervisoryAuthority: legal.supervisoryAuthority,
    hostingProvider: legal.hostingProvider,
    mailProvider: legal.mailProvider,
    features: {
      shopOrders: config.shopOrdersEnabled,
      printful: config.printful.apiToken !== '',
      stripe: config.stripe !== null,
      smtp: config.smtpUrl !== undefined,
      ...history,
    },
    retention: {
      logDays: retention.logDays,
      contactDays: retention.contactDays,
      unconfirmedNewsletterDays: Math.round(NEWSLETTER_CONFIRM_TOKEN_LIFETIME_MS / DAY_MS),
      newsletterConsentDays: retention.newsletterConsentDays,
      orderYears: retention.orderYears,
      sessionDays: Math.round(SESSION_LIFETIME_MS / DAY_MS),
      languageCookieDays: Math.round((LOCALE_COOKIE_MAX_AGE_S * 1000) / DAY_MS),
      sentMailDays: SENT_MAIL_RETENTION_DAYS,
      unpaidDays: UNPAID_RETENTION_DAYS,
      unverifiedAccountDays: UNVERIFIED_ACCOUNT_RETENTION_DAYS,
      unverifiedAccountGraceDays: UNVERIFIED_ACCOUNT_GRACE_DAYS,
      rateLimitDays: RATE_LIMIT_RETENTION_DAYS,
      auditDays: retention.auditDays,
      noticeCookieSeconds: NOTICE_COOKIE_MAX_AGE_S,
      // One archive a day, the newest BACKUP_KEEP kept (src-server/backup/job.ts): named whether or not
      // backups are on, the page says "where we keep backups".
      backupDays: config.backup.keep,
    },
    storage: {
      sessionCookie: sessionCookieName(config.isHttps),
      languageCookie: LOCALE_COOKIE,
      noticeCookie: NOTICE_COOKIE,
      // The client's keys (i18n/locale-storage.ts, features/cart/cart-storage.ts); a test keeps them equal.
      languageStorageKey: 'schoolbox.locale',
      cartStorageKey: 'schoolbox.cart',
    },
    shop: {
      deliveryDays: shopTerms.deliveryDays,
      returnAddress: shopTerms.returnAddress || `${legal.orgName}, ${legal.street}, ${legal.postcode} ${legal.city}`,
      returnCostsBorneBy: shopTerms.returnCostsBorneBy,
      shippingCents: SHIPPING_FEE_CENTS,
      kleinunternehmer: shopTerms.kleinunternehmer,
    },
    textDates: shopTerms.textDates,
  };
}
