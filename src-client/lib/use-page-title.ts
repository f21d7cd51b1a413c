import { useEffect } from 'react';

/** Sets the document title as "<page> · SchoolBox" (or just "SchoolBox" for the start page). */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · SchoolBox` : 'SchoolBox';
  }, [title]);
}
