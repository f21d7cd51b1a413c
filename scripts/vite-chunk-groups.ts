/**
 * How the browser build groups modules into files (docs/decisions/034-script-loading.md). Left to
 * itself, Rolldown makes a chunk of every set of modules shared by a different set of routes: the start
 * page fetched 102 files, most of them under 1 KiB, each a request, and on a slow phone a round trip
 * whenever one module's imports are discovered. So:
 * - `app`: everything the entry imports statically (the router, React Query, Mantine's core, the
 *   layout, the route tree's loaders and heads) in one file beside the entry — it all runs before
 *   hydration anyway;
 * - `forms`: zod, @mantine/form and the form helpers in one file, fetched only by pages with a form
 *   (never part of `app`: a route's search checker must not import zod, ADR 018).
 * - `page-kit`: the page components and the small Mantine parts they render, one 4.5 KiB file instead
 *   of a dozen.
 * The rest of the routes' lazy parts are split as Rolldown sees fit: one shared `ui` group for them was
 * tried and made every page download what any public page uses (72 KiB instead of a few).
 */
type ChunkGroup = { name: string; test?: RegExp; tags?: '$initial'[]; priority?: number };

const FORMS = /[\\/]node_modules[\\/](zod|@mantine[\\/]form)[\\/]|[\\/]src-client[\\/]lib[\\/]forms[\\/]|[\\/]src-shared[\\/]schemas[\\/]/;

/**
 * The building blocks of the public pages' content (page sections, cards, pictures, and the Mantine
 * parts they render): each a few hundred bytes, together about 6 KiB, and almost every public page
 * uses several of them.
 */
const PAGE_KIT =
  /[\\/]src-client[\\/]components[\\/](page|media)[\\/]|[\\/]@mantine[\\/]core[\\/]esm[\\/](components[\\/](Card|Badge|ThemeIcon|Skeleton|Center|List)[\\/]|core[\\/]utils[\\/]create-safe-context[\\/])/;

/**
 * The small Mantine parts a page's form fields render (the input frame, its hooks, a few helpers), each
 * a few hundred bytes shared by several form pages: one file instead of eight on /spenden.
 */
const FORM_FIELDS =
  /[\\/]@mantine[\\/]core[\\/]esm[\\/](components[\\/](InputBase|InlineInput|TextInput)[\\/]|core[\\/](DirectionProvider|styles-api[\\/]use-resolved-styles-api|utils[\\/](to-int|get-env))[\\/])|[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-(merged-ref|uncontrolled)[\\/]/;

export const CHUNK_GROUPS: ChunkGroup[] = [
  { name: 'app', tags: ['$initial'], priority: 3 },
  { name: 'forms', test: FORMS, priority: 2 },
  { name: 'form-fields', test: FORM_FIELDS, priority: 2 },
  { name: 'page-kit', test: PAGE_KIT, priority: 1 },
];
