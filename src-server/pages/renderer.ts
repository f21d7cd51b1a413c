import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest } from '@tanstack/react-router';
import { LOCALES, type Locale } from '@shared/locales';
import { PAGE_FOLDERS, type PageFolder, PRIVATE_ROUTE_ROOTS } from '../../src-client/i18n/catalog-parts';
import { ROUTE_ASSETS_FILE, type RouteAssets } from './route-assets';
import type { RenderedPage, RenderPageInput } from '../../src-client/entry-server';

export type { RenderedPage, RenderPageInput };

/**
 * How the server renders pages: the client's server entry (compiled into the server bundle in
 * production, loaded through Vite in development) and the manifest of the client files a page needs.
 */
export type PageRenderer = {
  render(input: RenderPageInput): Promise<RenderedPage>;
  manifest(locale: Locale): Manifest;
  /** Whether the page at this path (percent-encoded, as in the URL) is the 404 page of an address no route has. */
  isNotFoundPath(pathname: string): boolean;
  /**
   * The id of the route the page at this path renders (`/blog/$slug`), by the same matching as
   * isNotFoundPath; null for the 404 page of an address no route has, or when not known without rendering.
   */
  routeIdOf(pathname: string): string | null;
  /**
   * Whether the page at this path is the same for everyone with the same role (no private or per-request
   * route on the way), by the same matching: signed-in visitors get it from a cache per role (ADR 045).
   */
  isSharedPage(pathname: string): boolean;
};

/** The client build's route assets (written by scripts/vite-route-assets.ts). */
function readRouteAssets(clientDir: string): RouteAssets {
  const file = join(clientDir, ROUTE_ASSETS_FILE);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as RouteAssets;
  } catch (error) {
    throw new Error(`The client is not built: ${file} is missing or unreadable. Run "npm run build". (${String(error)})`);
  }
}

/**
 * TanStack Router's manifest for one language (docs/decisions/034-script-loading.md). The page's modules
 * start at once: `<script type="module" src>` for the entry (a module script never blocks rendering; it
 * runs once the document is parsed) and `<link rel="modulepreload">` in the <head> for what the entry
 * imports, the language's catalog and each matched route's lazy chunks, so the browser fetches them side
 * by side instead of discovering them one import after another. The router writes these tags on the
 * server and again when hydrating, so the document matches; external scripts are 'self' in the CSP.
 */
export function manifestFor(assets: RouteAssets, locale: Locale): Manifest {
  const catalog = assets.catalogs[locale];
  const routes: Manifest['routes'] = {
    __root__: {
      css: assets.entry.css,
      preloads: [...assets.entry.preloads, ...(catalog ? [catalog.public] : [])],
      scripts: [{ attrs: { type: 'module', src: assets.entry.script } }],
    },
  };
  for (const [routeId, route] of Object.entries(assets.routes)) routes[routeId] = { css: route.css, preloads: route.preloads };
  // The other parts of the catalog (src-client/i18n/catalog-parts.ts), which the entry loads before
  // hydrating such a page: the private messages, preloaded by each private route below the root (every
  // private page matches one), and a content page's own texts, by that page's routes.
  const preload = (routeIds: readonly string[], file: string | undefined) => {
    if (file)
      for (const routeId of routeIds) {
        const route = routes[routeId] ?? {};
        routes[routeId] = { ...route, preloads: [...(route.preloads ?? []), file] };
      }
  };
  preload(PRIVATE_ROUTE_ROOTS, catalog?.private);
  for (const [folder, routeIds] of Object.entries(PAGE_FOLDERS) as [PageFolder, readonly string[]][])
    preload(routeIds, catalog?.[`page-${folder}`]);
  return { routes };
}

/** The production renderer: the compiled server entry and the manifest of the client build in `clientDir`. */
export function createBuiltRenderer(clientDir: string, entry: Omit<PageRenderer, 'manifest'>): PageRenderer {
  const assets = readRouteAssets(clientDir);
  const manifests = new Map(LOCALES.map((locale) => [locale, manifestFor(assets, locale)]));
  return { ...entry, manifest: (locale) => manifests.get(locale) as Manifest };
}
