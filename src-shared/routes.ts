/**
 * The site's pages as the sitemap, the routes' `staticData.private` and the tests see them. The router
 * (src-client/routes) is the truth about which addresses exist; tests/unit/routes.test.ts keeps these
 * lists equal to its route tree.
 */

/** Public pages without parameters: each is in the sitemap in every language. Blog posts are added from the database. */
export const PUBLIC_PAGES = [
  '/',
  '/project',
  '/how-it-works',
  '/why-schoolbox-works',
  '/facts-and-figures',
  '/blog',
  '/support',
  '/shop',
  '/about',
  '/contact',
  '/partnership',
  '/partnership/brochure',
  '/logo-showcase',
  '/color-theme',
  // The legal pages (issue 17): linked from every page's footer, indexed like any other page.
  '/impressum',
  '/datenschutz',
  '/agb',
  '/widerruf',
  // The withdrawal button (§ 356a BGB): public and without sign-in, so guests can withdraw.
  '/widerruf/erklaeren',
  // The donation form (issue 18, ADR 031).
  '/spenden',
] as const;

/** The admin pages: all behind the _admin layout, which makes them (and /newsletter-admin/<id>) private. */
export const ADMIN_PAGES = [
  '/blog-admin',
  '/orders-admin',
  '/shop-admin',
  '/donations-admin',
  '/messages-admin',
  '/newsletter-admin',
  '/newsletter-admin/new',
  '/newsletter-admin/subscribers',
  '/audit-admin',
] as const;

/**
 * The private pages behind the sign-in: their route's guard sends a visitor without a session (every
 * crawler) to /auth, so a crawler never gets the page itself. robots.txt keeps crawlers out of these
 * (src-server/site/seo.ts); tests/server/robots.test.ts checks that each one does redirect.
 */
export const SIGNED_IN_PAGES = [
  '/account',
  // Stripe's return after paying an order: about one person's payment.
  '/checkout/danke',
  ...ADMIN_PAGES,
] as const;

/** Pages for one person (sign-in, admin, e-mailed links, checkout): noindex, never cached, not in the sitemap. */
export const PRIVATE_PAGES = [
  ...SIGNED_IN_PAGES,
  '/account/email',
  '/auth',
  '/auth/forgot',
  '/auth/reset',
  '/auth/verify',
  '/checkout',
  '/newsletter/confirm',
  '/newsletter/unsubscribe',
  // Stripe's return after a donation: about one person's payment.
  '/spenden/danke',
] as const;

/**
 * Whether a page is for one person: what a route's `staticData.private` says (src-client/routes), so the
 * list above decides it and a route cannot disagree with the sitemap or the tests.
 */
export function isPrivatePage(path: (typeof PUBLIC_PAGES)[number] | (typeof PRIVATE_PAGES)[number]): boolean {
  return (PRIVATE_PAGES as readonly string[]).includes(path);
}
