/**
 * How the browser build groups modules into files (docs/decisions/034-script-loading.md). Left to
 * itself, Rolldown makes a chunk of every set of modules shared by a different set of routes: the start
 * page fetched 102 files, most of them under 1 KiB, each a request, and on a slow phone a round trip
 * whenever one module's imports are discovered. So:
 * - `app`: everything the entry imports statically (the router, React Query, Mantine's core, the
 *   layout, the route tree's loaders and heads) in one file beside the entry — it all runs before
 *   hydration anyway;
 * - `forms`: @mantine/form and the form helpers in one file, fetched only by pages with a form;
 * - `schemas`: zod and the shared schemas, never part of `app` (a route's search checker must not
 *   import zod, ADR 018), and loaded by a public form only when it is used (ADR 048).
 * - `page-kit`: the page components and the small Mantine parts they render, one 4.5 KiB file instead
 *   of a dozen.
 * The rest of the routes' lazy parts are split as Rolldown sees fit: one shared `ui` group for them was
 * tried and made every page download what any public page uses (72 KiB instead of a few).
 */
type ChunkGroup = { name: string; test?: RegExp; tags?: '$initial'[]; priority?: number; includeDependenciesRecursively?: boolean };

const FORMS = /[\\/]node_modules[\\/](@mantine[\\/]form|fast-deep-equal|klona)[\\/]|[\\/]src-client[\\/]lib[\\/]forms[\\/]/;

/**
 * zod and the shared schemas: a public form imports its schema when the visitor first focuses it or
 * sends it (useSchemaForm's schema loader, ADR 048), so this file is not among a page's preloads.
 */
const SCHEMAS = /[\\/]node_modules[\\/]zod[\\/]|[\\/]src-shared[\\/]schemas[\\/]/;

/**
 * The building blocks of the public pages' content (page sections, cards, pictures, and the Mantine
 * parts they render): each a few hundred bytes, together about 6 KiB, and almost every public page
 * uses several of them. With them the money formatting (`@shared/money`, 0.3 KiB): every page that
 * shows an amount (the shop, the donation form and its thank-you page, the checkout) loads this file
 * anyway, and in `form-fields` it made the two thank-you pages fetch 4.2 KiB of input code for it.
 */
const PAGE_KIT =
  /[\\/]src-client[\\/]components[\\/](page|media)[\\/]|[\\/]@mantine[\\/]core[\\/]esm[\\/](components[\\/](Card|Badge|ThemeIcon|Skeleton|Center|List)[\\/]|core[\\/]utils[\\/]create-safe-context[\\/])|[\\/]src-shared[\\/]money\.ts$/;

/**
 * The small Mantine parts a page's form fields render (the input frame, its hooks, a few helpers), each
 * a few hundred bytes shared by several form pages: one file instead of eight on /spenden.
 */
const FORM_FIELDS =
  /[\\/]@mantine[\\/]core[\\/]esm[\\/](components[\\/](InputBase|InlineInput|TextInput)[\\/]|core[\\/](DirectionProvider|styles-api[\\/]use-resolved-styles-api|utils[\\/](to-int|get-env))[\\/])|[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-(merged-ref|uncontrolled)[\\/]/;

/**
 * `forms` and `schemas` take only the modules their test names (includeDependenciesRecursively: false):
 * by default a group also takes what those modules import, and `@shared/money`, used by the form helpers,
 * the donation schema and the shop's product cards alike, went with them, so /shop fetched 33 KiB of
 * forms for its price formatting.
 */
export const CHUNK_GROUPS: ChunkGroup[] = [
  { name: 'app', tags: ['$initial'], priority: 3 },
  { name: 'forms', test: FORMS, priority: 2, includeDependenciesRecursively: false },
  { name: 'schemas', test: SCHEMAS, priority: 2, includeDependenciesRecursively: false },
  { name: 'form-fields', test: FORM_FIELDS, priority: 2 },
  { name: 'page-kit', test: PAGE_KIT, priority: 1 },
];
