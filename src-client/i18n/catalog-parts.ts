/**
 * Which messages only private pages need (docs/decisions/034-script-loading.md): the browser's catalog
 * comes in a public part, loaded by every page, and a private one (admin, account, checkout), loaded
 * only for the routes below. Shared by the build (scripts/vite-catalog-parts.ts sorts each message by
 * the files the .po names as its origins), the server (it preloads the private part for these routes)
 * and the browser (it loads that part before showing one of them).
 */

/**
 * Source files whose messages only private routes show. A file left out costs a few bytes on every
 * page; a public file listed here would show message ids, so the newsletter's admin files are named
 * one by one (its confirm and unsubscribe pages are public).
 */
const PRIVATE_SOURCES = new RegExp(
  [
    '^src-client/routes/(_admin|account|checkout)',
    // audit, backup and messages are admin screens (and the admin layout's backup banner).
    '^src-client/features/(account|audit|backup|checkout|messages|orders|[a-z-]+/admin)/',
    // The picture upload field is part of the post form and the newsletter composer only.
    '^src-client/features/media/ImageUploadField\\.',
    '^src-client/features/newsletter/(ConfirmDialog|LanguageFields|LiveProgress|NewNewsletterPage|NewsletterAdminHeader|NewsletterEditor|NewsletterList|NewsletterPage|NewsletterPictureFields|NewsletterProgress|NewsletterStatusBadge|PreviewDialog|SendConfirmation|StatList|SubscriberList|content-fields)\\.',
  ].join('|'),
);

/**
 * The routes (ids as in routeTree.gen.ts) below the root whose pages use the private messages; the
 * routes nested in them use them too.
 */
export const PRIVATE_ROUTE_ROOTS = ['/_admin', '/account', '/account_/email', '/checkout', '/checkout_/danke'];

export const isPrivateSource = (origin: string): boolean => PRIVATE_SOURCES.test(origin);

export const needsPrivateMessages = (routeId: string): boolean =>
  PRIVATE_ROUTE_ROOTS.some((root) => routeId === root || routeId.startsWith(`${root}/`));
