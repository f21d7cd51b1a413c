/**
 * How the browser's catalog is cut into parts (docs/decisions/034-script-loading.md): a public part,
 * loaded by every page; a private one (admin, account, checkout), loaded only for the routes below; and
 * one per content page (the texts of its own components), loaded only for that page's routes. Shared by
 * the build (scripts/vite-catalog-parts.ts sorts each message by the files the .po names as its
 * origins), the server (it preloads the parts a route needs) and the browser (it loads them before
 * showing one of those routes).
 */

/** A part of the browser's catalog: `public`, `private` or a page's (`page-about`). */
export type CatalogPart = 'public' | 'private' | `page-${PageFolder}`;

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
    // The order statuses' words: /orders-admin and the team's mail (src-server) only.
    '^src-shared/order-status-labels\\.',
    // The picture upload field is part of the post form and the newsletter composer only.
    '^src-client/features/media/ImageUploadField\\.',
    '^src-client/features/newsletter/(ConfirmDialog|FailedDeliveries|LanguageFields|LiveProgress|NewNewsletterPage|NewsletterAdminHeader|NewsletterEditor|NewsletterList|NewsletterPage|NewsletterPictureFields|NewsletterProgress|NewsletterStatusBadge|PreviewDialog|SendConfirmation|StatList|SubscriberList|content-fields)\\.',
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

/**
 * The content pages whose own texts (messages whose every origin is under
 * `src-client/routes/-components/<folder>/`) come in a part of their own, and the routes (ids as in
 * routeTree.gen.ts) that render those components. Each page's texts are 1–2 KiB gzip; together they
 * were half of the public part that every page downloaded. tests/unit/catalog-parts.test.ts checks
 * that no other route renders a folder's components (it would show message ids).
 */
export const PAGE_FOLDERS = {
  home: ['/'],
  about: ['/about'],
  'color-theme': ['/color-theme'],
  contact: ['/contact'],
  'facts-and-figures': ['/facts-and-figures'],
  'how-it-works': ['/how-it-works'],
  'logo-showcase': ['/logo-showcase'],
  partnership: ['/partnership/', '/partnership/brochure'],
  project: ['/project'],
  // /spenden rendered the support page's bank rows; they are in features/donations/BankAccount.tsx now,
  // but the .po names support/BankDetails.tsx as the origin of their copy-button texts until the next
  // extraction: until then /spenden needs this part too.
  support: ['/support', '/spenden/'],
  'why-schoolbox-works': ['/why-schoolbox-works'],
} as const satisfies Record<string, readonly string[]>;

export type PageFolder = keyof typeof PAGE_FOLDERS;

const PAGE_SOURCE = /^src-client\/routes\/-components\/([^/]+)\//;

/** The page folder whose part takes the messages of this source file, if any. */
export function pageFolderOf(origin: string): PageFolder | null {
  const folder = PAGE_SOURCE.exec(origin)?.[1];
  return folder !== undefined && Object.hasOwn(PAGE_FOLDERS, folder) ? (folder as PageFolder) : null;
}

/** The parts of the catalog besides the public one that a page of these routes shows messages of. */
export function partsNeededBy(routeIds: readonly string[]): CatalogPart[] {
  const parts: CatalogPart[] = [];
  if (routeIds.some(needsPrivateMessages)) parts.push('private');
  for (const [folder, routes] of Object.entries(PAGE_FOLDERS) as [PageFolder, readonly string[]][])
    if (routeIds.some((routeId) => routes.includes(routeId))) parts.push(`page-${folder}`);
  return parts;
}
