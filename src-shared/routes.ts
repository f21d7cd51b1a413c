/**
 * The paths the client renders. The server answers these with the app shell and HTTP 200 and every
 * other path with the same shell and HTTP 404, so crawlers see a real "not found".
 * A test (tests/unit/routes.test.ts) keeps this list equal to the client's generated route tree.
 * `$name` marks a parameter; the server checks a blog post's existence itself (blog/pages.ts).
 */
export const CLIENT_ROUTES = [
  '/',
  '/auth',
  '/auth/forgot',
  '/auth/reset',
  '/auth/verify',
  '/blog',
  '/blog/$slug',
  '/blog-admin',
  '/color-theme',
  '/newsletter/confirm',
] as const;

/** Public pages for the sitemap (blog posts are added from the database). */
export const SITEMAP_ROUTES = ['/', '/blog', '/color-theme'] as const;

const routePatterns = CLIENT_ROUTES.map(
  (route) => new RegExp(`^${route.replace(/\$[A-Za-z]+/g, '[^/]+')}$`),
);

export function isClientRoute(pathname: string): boolean {
  // "/color-theme/" is the same page as "/color-theme".
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routePatterns.some((pattern) => pattern.test(path));
}
