import type { ReactNode } from 'react';
import classes from './page.module.css';

type ActionGroupProps = {
  children: ReactNode;
  align?: 'start' | 'center';
};

/** A row of buttons that wraps on narrow screens; every button keeps a tap target of at least 44 px. */
export function ActionGroup({ children, align = 'start' }: ActionGroupProps) {
  return (
    <div className={classes.actions} data-align={align}>
      {children}
    </div>
  );
}
