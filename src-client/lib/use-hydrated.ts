import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while the server renders and while the page hydrates, true afterwards. A form's submit button
 * waits for it: clicked earlier, the browser would submit the form by itself and lose what was typed.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
