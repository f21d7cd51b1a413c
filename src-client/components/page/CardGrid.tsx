import { Children, type ReactNode } from 'react';
import classes from './page.module.css';

type CardGridProps = {
  /** Columns from the widest breakpoint down: 4 → 4 / 2 / 1, 3 → 3 / 2 / 1, 2 → 2 / 1, 1 → a single column. */
  cols: 1 | 2 | 3 | 4;
  /** Each child becomes one list item. */
  children: ReactNode;
  /** Labels the list for screen readers when the heading above does not. */
  'aria-label'?: string;
  ordered?: boolean;
};

/** A list of cards: semantically a <ul> (or <ol>), visually a responsive grid of equal-height cards. */
export function CardGrid({ cols, children, ordered = false, ...rest }: CardGridProps) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className={classes.grid} data-cols={cols} aria-label={rest['aria-label']}>
      {Children.map(children, (child) =>
        child === null || child === undefined || child === false ? null : <li className={classes.gridItem}>{child}</li>,
      )}
    </List>
  );
}
