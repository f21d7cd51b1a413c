import { useLocation } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState, type RefObject, type SyntheticEvent } from 'react';

/**
 * Enhances a menu built as a `<details>` disclosure. Without scripts the browser opens and closes it
 * (the summary is the button); once the scripts run it also closes on a click or focus outside it, on
 * Escape (focus back on its summary when it was inside) and when the page changes. It stays an
 * uncontrolled element: a menu opened before hydration stays open, and React never renders `open`,
 * so server and client markup are the same.
 */
export function useDetailsMenu(ref: RefObject<HTMLDetailsElement | null>) {
  const [isOpen, setOpen] = useState(false);
  const pathname = useLocation({ select: (location) => location.pathname });
  const shownPath = useRef(pathname);

  const close = useCallback(() => {
    if (ref.current?.open) ref.current.open = false;
  }, [ref]);

  // Opened before the scripts ran: the toggle event was missed.
  useEffect(() => setOpen(ref.current?.open ?? false), [ref]);

  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    close();
  }, [pathname, close]);

  // Listening all the time and asking the element whether it is open, rather than from the moment
  // React has seen it open: the toggle event comes a task after the click or Enter that opened it, and
  // an Escape pressed before React had rendered that (a busy phone, a fast keyboard) was lost.
  useEffect(() => {
    const closeOutside = (event: Event) => {
      if (ref.current?.open && !ref.current.contains(event.target as Node)) close();
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !ref.current?.open) return;
      const hadFocus = ref.current?.contains(document.activeElement) ?? false;
      close();
      if (hadFocus) ref.current?.querySelector('summary')?.focus();
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('focusin', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('focusin', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [ref, close]);

  const onToggle = useCallback((event: SyntheticEvent<HTMLDetailsElement>) => setOpen(event.currentTarget.open), []);
  return { isOpen, close, onToggle };
}
