import { useLingui } from '@lingui/react/macro';
import { useBlocker } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';

/**
 * Keeps an admin from losing what they typed without being asked: while `isDirty()` is true, a
 * navigation inside the site (a link of the admin bar, the browser's back button) first asks, in the
 * page's language, whether to leave and discard the changes; a reload, closing the tab or typing another
 * address gets the browser's own "leave site?" question (`beforeunload`, whose text browsers fix).
 *
 * `isDirty` is asked at the moment of leaving, not at render: a form that has just saved (and reset its
 * dirty state, as @mantine/form's `resetDirty` does at once) and then navigates is not held up. Nothing
 * here reads `window` during render (the page is rendered on the server too).
 */
export function useUnsavedChangesGuard(isDirty: () => boolean): void {
  const { t } = useLingui();
  const question = t`Ihre Änderungen sind nicht gespeichert. Möchten Sie die Seite trotzdem verlassen und die Änderungen verwerfen?`;
  const latest = useRef({ isDirty, question });
  useEffect(() => {
    latest.current = { isDirty, question };
  });
  // Stable functions: the router registers the blocker once, not again on every render.
  const shouldBlockFn = useCallback(() => latest.current.isDirty() && !window.confirm(latest.current.question), []);
  const enableBeforeUnload = useCallback(() => latest.current.isDirty(), []);
  useBlocker({ shouldBlockFn, enableBeforeUnload, withResolver: false });
}
