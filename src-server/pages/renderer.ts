import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest } from '@tanstack/react-router';
import { LOCALES, type Locale } from '@shared/locales';
import { ROUTE_ASSETS_FILE, type RouteAssets } from './route-assets';
import { afterPaintLoader, routePreloads } from './scripts-after-paint';
import type { RenderedPage, RenderPageInput } from '../../src-client/entry-server';

export type { RenderedPage, RenderPageInput };

/**
 * How the server renders pages: the client's server entry (compiled into the server bundle in
 * production, loaded through Vite in development) and the manifest of the client files a page needs.
 */
export type PageRenderer = {
  render(input: RenderPageInput): Promise<RenderedPage>;
  manifest(locale: Locale): Manifest;
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
 * TanStack Router's manifest for one language: the entry's stylesheets belong to every page (root
 * route), and its script, what it imports and the language's catalog are started by the after-paint
 * loader (scripts-after-paint.ts); each route adds its stylesheets (HeadContent links them) and its
 * lazy chunks, which the loader preloads with the entry's.
 */
function manifestFor(assets: RouteAssets, locale: Locale): Manifest {
  const catalog = assets.catalogs[locale];
  const routes: Manifest['routes'] = {
    __root__: {
      css: assets.entry.css,
      scripts: [{ children: afterPaintLoader([...assets.entry.preloads, ...(catalog ? [catalog] : [])], assets.entry.script) }],
    },
  };
  for (const [routeId, route] of Object.entries(assets.routes)) {
    routes[routeId] = { css: route.css, scripts: route.preloads.length > 0 ? [{ children: routePreloads(route.preloads) }] : [] };
  }
  return { routes };
}

/** The production renderer: the compiled server entry and the manifest of the client build in `clientDir`. */
export function createBuiltRenderer(clientDir: string, render: PageRenderer['render']): PageRenderer {
  const assets = readRouteAssets(clientDir);
  const manifests = new Map(LOCALES.map((locale) => [locale, manifestFor(assets, locale)]));
  return { render, manifest: (locale) => manifests.get(locale) as Manifest };
}
