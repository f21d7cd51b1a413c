import type { Plugin } from 'vite';

/** Mantine's useId, wherever the package manager put it. */
const MANTINE_USE_ID = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/**
 * Keeps the ids of Mantine's elements the same from the server's HTML to the hydrated page (issue 19,
 * docs/decisions/035-stable-element-ids.md). Mantine's useId renders React's useId (stable across server
 * and browser) and then, in an effect after mounting, swaps it for a random one: every label's `for`,
 * every aria-controls and aria-describedby changes under the visitor at hydration. React's id is unique
 * in the page already, so this build keeps it; an explicit id still wins.
 */
export function stableMantineIds(): Plugin {
  return {
    name: 'schoolbox:stable-mantine-ids',
    enforce: 'pre',
    load(id) {
      if (!MANTINE_USE_ID.test(id)) return null;
      return [
        "import { useId as useReactId } from 'react';",
        'function useId(staticId) {',
        '  const reactId = useReactId();',
        "  return typeof staticId === 'string' ? staticId : 'mantine-' + reactId.replace(/:/g, '');",
        '}',
        'export { useId };',
      ].join('\n');
    },
  };
}
