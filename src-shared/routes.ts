/**
 * The site's pages as the sitemap and the tests see them. The router (src-client/routes) is the truth
 * about which addresses exist; tests/unit/routes.test.ts keeps these lists equal to its route tree.
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
] as const;

/** Pages for one person (sign-in, admin, e-mailed links, checkout): noindex, never cached, not in the sitemap. */
export const PRIVATE_PAGES = [
  '/auth',
  '/auth/forgot',
  '/auth/reset',
  '/auth/verify',
  '/checkout',
  '/newsletter/confirm',
  '/newsletter/unsubscribe',
  '/blog-admin',
  '/orders-admin',
  '/newsletter-admin',
  '/newsletter-admin/new',
  '/newsletter-admin/subscribers',
] as const;
