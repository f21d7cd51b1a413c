import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while the server renders and while the page hydrates, true afterwards. A form's submit button
 * waits for it: clicked earlier, the browser would submit the form by itself and lose what was typed.
 *
 * It has a cost: right after hydration React renders every component that asked again, synchronously
 * and with everything below it, in one task (useSyncExternalStore's browser value differs from the
 * server's). For the contact form that was a quarter of a second on a mid-range phone. A component
 * that needs the answer only sometimes passes `needed: false` otherwise and gets true at no cost.
 */
export function useHydrated(needed = true): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => !needed,
  );
}
