import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { ResponsiveImage } from '@client/features/media/ResponsiveImage';
import { ImageFallback } from './ImageFallback';
import classes from './SmartImage.module.css';

type SmartImageProps = {
  src: string;
  alt: string;
  /** Width / height, so the box keeps its size while loading (no layout shift). */
  aspectRatio: number;
  radius?: string;
  className?: string;
  /** 'eager' for a picture above the fold (it is then also fetched with high priority). */
  loading?: 'lazy' | 'eager';
  /** How wide it is shown ("sizes"): given, an uploaded picture (/media/…) comes in the width and format that fits. */
  sizes?: string;
};

/**
 * Every picture of the site: a shimmering skeleton until the picture is painted over it, which fades
 * in; 'Bild nicht verfügbar' when it cannot be loaded (named like the picture, see ImageFallback). The
 * picture is in the server-rendered HTML and visible without JavaScript (and as early as possible for
 * the largest paint); only the error state needs the script, which also catches a failure that
 * happened before the page hydrated.
 */
export function SmartImage({
  src,
  alt,
  aspectRatio,
  radius = 'var(--mantine-radius-md)',
  className,
  loading = 'lazy',
  sizes,
}: SmartImageProps) {
  const [state, setState] = useState<'loading' | 'loaded' | 'error'>('loading');
  const image = useRef<HTMLImageElement>(null);
  const style: CSSProperties = { aspectRatio: String(aspectRatio), borderRadius: radius };

  useEffect(() => {
    const element = image.current;
    if (element?.complete) setState(element.naturalWidth > 0 ? 'loaded' : 'error');
  }, []);

  return (
    <div className={`${classes.frame} ${className ?? ''}`} style={style} data-state={state}>
      {state === 'error' ? (
        <ImageFallback alt={alt} className={classes.fill} />
      ) : (
        <ResponsiveImage
          ref={image}
          src={src}
          alt={alt}
          sizes={sizes ?? '100vw'}
          loading={loading}
          fetchPriority={loading === 'eager' ? 'high' : undefined}
          className={classes.image}
          onLoad={() => setState('loaded')}
          onError={() => setState('error')}
        />
      )}
    </div>
  );
}
