import type { ReactNode } from 'react';
import classes from './page.module.css';

/**
 * The outer frame of a content page. Its bottom padding keeps the last section clear of the floating
 * WhatsApp button, and it clips anything wider than the viewport so a 375 px phone never scrolls sideways.
 */
export function PageShell({ children }: { children: ReactNode }) {
  return <div className={classes.shell}>{children}</div>;
}
