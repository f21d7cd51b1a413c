/**
 * A server-rendered page is readable before any script runs; its scripts only make it interactive. So
 * the page's text, styles, font and pictures get the connection first, and the app's scripts start once
 * the page has loaded and painted: instead of `<link rel="modulepreload">` tags and
 * `<script type="module" src>`, the root route's manifest carries this small inline script (and each
 * route one line that adds its own chunks to the list), which adds the same preloads and imports the
 * same entry then (or after LOAD_WAIT_CAP_MS, whichever comes first,
 * so a slow picture cannot hold the page back; at once in a background tab, which paints nothing). The
 * router renders it like any manifest script, on the server and again when hydrating, so the document
 * matches; the page's CSP lists its hash (handler.ts). Links work as plain links and forms wait for
 * hydration (useHydrated) in the meantime.
 */

/** The longest a slow picture may delay the scripts. */
export const LOAD_WAIT_CAP_MS = 2500;

/** Where the routes of the page put their chunks for the loader (a global: the scripts are inline). */
const ROUTE_PRELOADS = 'self.__routePreloads';

/** A route's line: its chunks join the list the loader preloads. */
export function routePreloads(preloads: readonly string[]): string {
  return `(${ROUTE_PRELOADS}||=[]).push(...${JSON.stringify(preloads)})`;
}

/** The root route's loader: preloads the entry's files and the routes' chunks, then imports the entry. */
export function afterPaintLoader(preloads: readonly string[], entry: string): string {
  return [
    '(()=>{let started=false;',
    'const start=()=>{if(started)return;started=true;',
    `for(const href of [...${JSON.stringify(preloads)},...(${ROUTE_PRELOADS}||[])]){const link=document.createElement('link');link.rel='modulepreload';link.href=href;document.head.append(link)}`,
    `import(${JSON.stringify(entry)})};`,
    'const afterPaint=()=>document.hidden?start():requestAnimationFrame(()=>setTimeout(start));',
    "if(document.readyState==='complete')afterPaint();else addEventListener('load',afterPaint,{once:true});",
    `setTimeout(start,${LOAD_WAIT_CAP_MS})})()`,
  ].join('');
}
