import { useLayoutEffect } from 'react';

/**
 * Gives focus back to the control that opened a dialog or sheet once it closes (WCAG 2.4.3). Mantine's
 * own `returnFocus` only notices a dialog that was first rendered closed; ours are rendered already
 * open (the cart sheet loads with its first opening, a post's dialog is a route), so pass
 * `returnFocus={false}` to them and call this. The opener is read as the dialog opens, before
 * Mantine's focus trap (a timeout) moves focus inside. When there was none (the page opened with the
 * dialog), `fallback` names the element to focus instead.
 */
export function useReturnFocus(opened: boolean, fallback?: () => HTMLElement | null): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: opening and closing are the trigger; the fallback is read when it closes
  useLayoutEffect(() => {
    if (!opened) return;
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    return () => {
      const focusedAtClose = document.activeElement;
      // After the dialog's own clean-up; a visitor who clicked somewhere else keeps that focus.
      setTimeout(() => {
        const current = document.activeElement;
        const lost = current === null || current === document.body || current === focusedAtClose || !current.isConnected;
        if (!lost) return;
        const target = opener?.isConnected ? opener : (fallback?.() ?? null);
        target?.focus({ preventScroll: true });
      });
    };
  }, [opened]);
}
