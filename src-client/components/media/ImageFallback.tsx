import { Trans } from '@lingui/react/macro';
import { IconPhotoOff } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import classes from './ImageFallback.module.css';

/**
 * What stands where a picture cannot be shown: an icon and 'Bild nicht verfügbar'. It keeps the
 * picture's name (its alt text) for assistive technology; a decorative picture (alt="") stays
 * decorative. In a small box (a 48 px cart thumbnail) only the icon is shown.
 */
export function ImageFallback({ alt, className, style }: { alt: string; className?: string; style?: CSSProperties }) {
  const name = alt.trim();
  return (
    <div
      className={`${classes.fallback} ${className ?? ''}`}
      style={style}
      {...(name ? { role: 'img', 'aria-label': name } : { 'aria-hidden': true })}
      data-testid="image-fallback"
    >
      <IconPhotoOff className={classes.icon} aria-hidden />
      <span className={classes.text}>
        <Trans>Bild nicht verfügbar</Trans>
      </span>
    </div>
  );
}
