import { ImageFallback } from '@client/components/media/ImageFallback';
import { SmartImage } from '@client/components/media/SmartImage';
import classes from './shop.module.css';

type ProductImageProps = {
  /** The shop may have no picture of a product (Printful's thumbnail is optional). */
  src: string | null;
  alt: string;
  radius?: string;
  loading?: 'lazy' | 'eager';
};

/** A product picture, square; without a picture, the site's 'Bild nicht verfügbar' instead of a broken image. */
export function ProductImage({ src, alt, radius, loading }: ProductImageProps) {
  if (src) return <SmartImage src={src} alt={alt} aspectRatio={1} radius={radius} loading={loading} />;
  return <ImageFallback alt={alt} className={classes.noImage} style={radius ? { borderRadius: radius } : undefined} />;
}
