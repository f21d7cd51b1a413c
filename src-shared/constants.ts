/** Business constants and UI limits. Each value lives here once; both sides import it. */

/** The time zone the team works in: office hours and "online" status are read in it. */
export const TEAM_TIME_ZONE = 'Europe/Berlin';

/** How long the home page shows its feature-card skeletons (spec §9). */
export const FEATURE_SKELETON_DELAY_MS = 1000;

/** Notifications (spec §9): at most three at once, each for four seconds, bottom-right. */
export const NOTIFICATION_LIMIT = 3;
export const NOTIFICATION_AUTO_CLOSE_MS = 4000;

/** Tooltips open after 700 ms (spec §9). */
export const TOOLTIP_OPEN_DELAY_MS = 700;

/** Data cache (spec §9): three retries, backoff capped at 30 s, garbage collection after five minutes. */
export const QUERY_RETRY_COUNT = 3;
export const QUERY_RETRY_MAX_DELAY_MS = 30_000;
export const QUERY_GC_TIME_MS = 5 * 60_000;

/** The founding year of the association (spec §9 marketing figures). */
export const FOUNDATION_YEAR = 2025;

/** Longest path a browser may report as "not found" to the server log. */
export const NOT_FOUND_PATH_MAX_LENGTH = 512;

/** Passwords: the spec's minimum of 6; the maximum keeps hashing cheap for a flood of long inputs. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
/** Longest e-mail address (RFC 5321 path limit) and longest first or last name. */
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;

/** Sessions (Lucia design): 30 days, renewed when fewer than 15 days remain. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60_000;
export const SESSION_RENEW_BELOW_MS = 15 * 24 * 60 * 60_000;

/** How long an e-mail link stays valid. */
export const VERIFY_EMAIL_TOKEN_LIFETIME_MS = 24 * 60 * 60_000;
export const RESET_PASSWORD_TOKEN_LIFETIME_MS = 60 * 60_000;
/** An e-mail link's token: 32 base32 characters. Here rather than in a schema, so that a landing page can
 * tell a mangled link at render without loading zod (ADR 048). */
export const EMAIL_TOKEN_PATTERN = /^[a-z2-7]{32}$/;
/** How long the second step of a sign-in (the authenticator code) may take after the password (ADR 041). */
export const TWO_FACTOR_CHALLENGE_LIFETIME_MS = 5 * 60_000;

/**
 * Blog categories, stored in German (the source language) and translated for display.
 * The admin form offers spec §5's six plus the three the public filter row names (spec §2), so that
 * every filter button can match posts (docs/decisions/011-blog-categories.md).
 */
export const BLOG_CATEGORIES = [
  'Entwicklung',
  'Partnerschaften',
  'Technologie',
  'Bildung',
  'Fundraising',
  'Team',
  'Vereinsgeschichte',
  'Installation',
  'Projektplanung',
] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];
export function isBlogCategory(value: unknown): value is BlogCategory {
  return typeof value === 'string' && (BLOG_CATEGORIES as readonly string[]).includes(value);
}
/**
 * The order of /blog's filter row (after "Alle"), which shows the categories that have published posts:
 * the spec's six first, in its order, then the admin's other three.
 */
export const BLOG_FILTER_ORDER = [
  'Vereinsgeschichte',
  'Entwicklung',
  'Partnerschaften',
  'Bildung',
  'Installation',
  'Projektplanung',
  'Technologie',
  'Fundraising',
  'Team',
] as const satisfies readonly BlogCategory[];
export const DEFAULT_BLOG_CATEGORY: BlogCategory = 'Entwicklung';
export const DEFAULT_BLOG_AUTHOR = 'Admin';
/** The author of posts written by the team as a whole (the demo posts): the association, not a person. */
export const TEAM_BLOG_AUTHOR = 'SchoolBox-Team';

/** Limits of a blog post's fields. */
export const BLOG_LIMITS = {
  title: 200,
  excerpt: 500,
  content: 50_000,
  author: 100,
  imageUrl: 2048,
  imageAlt: 300,
  tags: 10,
  tagLength: 40,
} as const;
/**
 * Uploaded pictures (ADR 036): the largest file accepted, the most pixels decoded (a small file can
 * unpack to gigabytes: a decompression bomb), the widths of the responsive variants and their formats,
 * best first.
 */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
export const MEDIA_MAX_INPUT_PIXELS = 50_000_000;
export const MEDIA_VARIANT_WIDTHS = [480, 960, 1600] as const;
export const MEDIA_VARIANT_FORMATS = ['avif', 'webp', 'jpeg'] as const;
/** The picture types an upload may be, told by the file's content. */
export const MEDIA_ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
/** Posts per page of the public list (three rows of the three-column grid). */
export const BLOG_PAGE_SIZE = 9;
/** A blog card shows at most this many tags, then "+N". */
export const BLOG_CARD_TAGS = 2;

/** Most tRPC calls one HTTP request may batch: the client link sends no more, the server refuses more. */
export const MAX_BATCH_SIZE = 10;

/** Shop: a flat shipping fee per order (spec §9: 4,99 €), added to the goods at checkout. */
export const SHIPPING_FEE_CENTS = 499;
/**
 * The site's one currency: shop prices and donations are integer cents of it, and money.ts formats it.
 * Upper-case as ISO 4217 and Printful write it; Stripe's API takes it lower-case.
 */
export const SITE_CURRENCY = 'EUR';
/** Quantities one order line may carry, and how many lines one order may have. */
export const ORDER_LINE_MIN_QUANTITY = 1;
export const ORDER_LINE_MAX_QUANTITY = 99;
export const ORDER_MAX_LINES = 50;
/**
 * Countries the shop ships to (ISO 3166-1 alpha-2): the EU, the EEA, Switzerland and the United
 * Kingdom, all served by Printful. Countries where Printful needs a state code (US, CA, AU, JP) are
 * left out, because the checkout form (spec §3) has no state field. The client shows each name in
 * the visitor's language with Intl.DisplayNames.
 */
export const SHIPPING_COUNTRIES = [
  'DE',
  'AT',
  'CH',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GR',
  'HR',
  'HU',
  'IE',
  'IS',
  'IT',
  'LI',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;
export type ShippingCountry = (typeof SHIPPING_COUNTRIES)[number];
/** Spec §3: the country field defaults to Deutschland. */
export const DEFAULT_SHIPPING_COUNTRY: ShippingCountry = 'DE';
/** Limits of the withdrawal button's form (/widerruf/erklaeren). */
export const WITHDRAWAL_LIMITS = { name: 200, orderNumber: 40, message: 2000 } as const;
/** Limits of the checkout's shipping fields (first/last name and e-mail use the account limits). */
export const CHECKOUT_LIMITS = { phone: 40, address: 200, city: 100, postalCode: 20 } as const;

/** Contact form (spec §5): the inquiry types in the form's order; 'general' when none is chosen. */
export const CONTACT_INQUIRY_TYPES = ['community', 'corporate', 'donation', 'media', 'general', 'technical'] as const;
export type ContactInquiryType = (typeof CONTACT_INQUIRY_TYPES)[number];
export const DEFAULT_CONTACT_INQUIRY_TYPE: ContactInquiryType = 'general';
/** Limits of the contact form's fields (the e-mail address uses EMAIL_MAX_LENGTH). */
export const CONTACT_LIMITS = { name: 200, organization: 200, subject: 200, message: 10_000 } as const;
/** A person needs longer than this to fill in the contact form; a faster submission is taken for a bot's. */
export const CONTACT_MIN_FILL_MS = 3000;
/** How long the contact form's signed timestamp stays valid: a tab left open longer must fetch a new one. */
export const CONTACT_FORM_TOKEN_LIFETIME_MS = 24 * 60 * 60_000;

/** How long the link in a newsletter confirmation mail stays valid. */
export const NEWSLETTER_CONFIRM_TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60_000;
/**
 * How long the retention job keeps a mail's outbox copy (a sent one counted from sending, one that could
 * not be delivered from when it was queued), and an idle rate-limit counter (keyed by IP or e-mail
 * address). The privacy page states both (site.legal), and src-server/retention/delete.ts uses them.
 */
export const SENT_MAIL_RETENTION_DAYS = 30;
export const RATE_LIMIT_RETENTION_DAYS = 1;
/**
 * Orders and donations that never brought money (a Checkout never paid, an order cancelled before any
 * payment, a demo-shop order) lose their buyer's or donor's details this many days after they were
 * started: no booking exists, so no tax period applies (Art. 5(1)(e) GDPR). Longer than any payment can
 * still arrive (a SEPA debit takes up to two weeks; the order worker asks Stripe for 30 days). ADR 029.
 */
export const UNPAID_RETENTION_DAYS = 90;
/** An account whose e-mail address was never confirmed is deleted this many days after sign-up (ADR 029). */
/**
 * How long the "manage your monthly donation" link of a thank-you mail works after the mail was written:
 * a month's mail plus a month of slack (src-server/donations/manage-link.ts; the privacy page names it).
 */
export const DONATION_MANAGE_LINK_LIFETIME_DAYS = 62;

export const UNVERIFIED_ACCOUNT_RETENTION_DAYS = 30;
/**
 * Days past that limit an unconfirmed account still waits while a confirmation (or password reset) link
 * asked for shortly before is good; never longer, or asking every day would keep it for good.
 */
export const UNVERIFIED_ACCOUNT_GRACE_DAYS = 7;
/** Limits of a newsletter's subject and body (per language). */
export const NEWSLETTER_LIMITS = { subject: 200, body: 50_000, imageUrl: 2048, imageAlt: 300 } as const;
/** A newsletter is a draft until it is sent; "sending" while its mails are being queued. */
export const NEWSLETTER_STATUSES = ['draft', 'sending', 'sent'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];
/** Subscribers per page of the admin list. */
export const NEWSLETTER_SUBSCRIBERS_PAGE_SIZE = 50;
/**
 * The highest page number an admin list (orders, donations, messages, audit, subscribers) accepts: far
 * beyond any real list, it only keeps a typed address from asking the database for an absurd offset.
 */
export const ADMIN_MAX_PAGE = 1_000_000;

/** How many newsletter mails go out per minute unless NEWSLETTER_RATE_PER_MIN says otherwise. */
export const DEFAULT_NEWSLETTER_RATE_PER_MINUTE = 60;
/**
 * Connections the mail transport keeps open to the SMTP server, and so how many mails the outbox
 * worker sends at once: enough to keep account mail moving, few enough for a small mail host.
 */
export const SMTP_MAX_CONNECTIONS = 3;

/**
 * Donations (ADR 031): the smallest and largest amount one Checkout takes (the server checks them; SEPA
 * caps a single debit at 10,000 €), the four presets of /spenden (the impact levels of /support read
 * them from here), and the amount up to which the thank-you mail carries the simplified receipt
 * (§ 50 Abs. 4 EStDV, legal-de.md §5); above it a formal receipt follows, for which Checkout asks the address.
 */
export const DONATION_MIN_CENTS = 500;
export const DONATION_MAX_CENTS = 1_000_000;
export const DONATION_PRESETS_CENTS = [2_500, 10_000, 50_000, 250_000] as const;
export const SIMPLIFIED_RECEIPT_LIMIT_CENTS = 30_000;
/**
 * Whether a payment of this amount needs the formal receipt (Zuwendungsbestätigung, § 50 Abs. 1 EStDV),
 * which names the donor's name and address: then, and only then, Stripe Checkout asks for the postal
 * address (a monthly pledge by its monthly amount: each debit is a payment of its own).
 */
export function needsFormalReceipt(amountCents: number): boolean {
  return amountCents > SIMPLIFIED_RECEIPT_LIMIT_CENTS;
}
export const DONATION_MODES = ['one_time', 'monthly'] as const;
export type DonationMode = (typeof DONATION_MODES)[number];
/**
 * Why a monthly donor's manage link (/spenden/verwalten) did not open the portal: it sends them to
 * `/spenden?verwalten=<reason>`, which says so above the form. Part of addresses: keep the values.
 */
export const DONATION_MANAGE_SEARCH_PARAM = 'verwalten';
export const DONATION_MANAGE_FAILURES = ['expired', 'invalid', 'unknown', 'unavailable'] as const;
export type DonationManageFailure = (typeof DONATION_MANAGE_FAILURES)[number];

/** The longest product name an admin may enter as a translation (issue 20; Printful's own are shorter). */
export const PRODUCT_NAME_MAX_LENGTH = 200;
