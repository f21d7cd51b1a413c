import { mediaSources } from '@shared/media';
import classes from './ResponsiveImage.module.css';

type ResponsiveImageProps = {
  src: string;
  alt: string;
  /** How wide the picture is shown, as the `sizes` attribute, e.g. "(min-width: 62em) 800px, 100vw". */
  sizes: string;
  className?: string;
  loading?: 'lazy' | 'eager';
  fetchPriority?: 'high' | 'low' | 'auto';
  onLoad?: () => void;
  onError?: () => void;
  ref?: React.Ref<HTMLImageElement>;
};

/**
 * A post or newsletter picture. An uploaded one (/media/…) becomes a <picture> with AVIF and WebP
 * sources and a JPEG fallback, each with a srcset of its widths, so the browser fetches the smallest
 * file that fills the `sizes` width; width and height come from its address and reserve its box. A
 * pasted https URL or a site path is shown as it is.
 */
export function ResponsiveImage({
  src,
  alt,
  sizes,
  className,
  loading = 'lazy',
  fetchPriority,
  onLoad,
  onError,
  ref,
}: ResponsiveImageProps) {
  const sources = mediaSources(src);
  const common = { className, loading, fetchPriority, decoding: 'async' as const, onLoad, onError, ref };
  if (!sources) return <img src={src} alt={alt} {...common} />;
  return (
    <picture className={classes.picture}>
      <source type="image/avif" srcSet={sources.avif} sizes={sizes} />
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
      <img src={sources.fallback} srcSet={sources.jpeg} sizes={sizes} width={sources.width} height={sources.height} alt={alt} {...common} />
    </picture>
  );
}
