import type { ReactNode } from 'react';
import classes from './page.module.css';

export type Figure = {
  /** Stable React key. */
  key: string;
  /** The number as shown, e.g. "15 kW" or "89 %". */
  value: string;
  label: ReactNode;
};

type FigureListProps = {
  figures: Figure[];
  cols?: 2 | 3 | 4;
  /** 'dark' for a PageSection with tone 'dark'. */
  tone?: 'light' | 'dark';
  /** Put on every figure, so tests can count them. */
  itemTestId?: string;
  'aria-label'?: string;
};

/**
 * Key figures as a definition list: each label (<dt>) with its value (<dd>). The value is shown large
 * above the label, while screen readers hear "label: value".
 */
export function FigureList({ figures, cols = 4, tone = 'light', itemTestId, ...rest }: FigureListProps) {
  return (
    <dl className={classes.figures} data-cols={cols} data-tone={tone} aria-label={rest['aria-label']}>
      {figures.map((figure) => (
        <div key={figure.key} className={classes.figure} data-testid={itemTestId}>
          <dt className={classes.figureLabel}>{figure.label}</dt>
          <dd className={classes.figureValue}>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
