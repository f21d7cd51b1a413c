import type { CatalogPart } from '../../src-client/i18n/catalog-parts';

/**
 * What the server needs to know about the client build to write a page's <head>: written at build time
 * by scripts/vite-route-assets.ts into dist/client/.vite/route-assets.json, read at start-up.
 */
export type RouteAssets = {
  /** The client entry: its script, the chunks it imports statically and its stylesheets. */
  entry: { script: string; preloads: string[]; css: string[] };
  /**
   * Each language's catalog chunks: the public part (the entry imports the rendered language's before
   * hydrating), the private one (admin, account and checkout pages) and each content page's own
   * (src-client/i18n/catalog-parts.ts).
   */
  catalogs: Record<string, { public: string } & Partial<Record<CatalogPart, string>>>;
  /** Per route id (as in createFileRoute('…')): the lazily loaded chunks of that route and their styles. */
  routes: Record<string, { preloads: string[]; css: string[] }>;
};

export const ROUTE_ASSETS_FILE = '.vite/route-assets.json';
