import { Trans } from '@lingui/react/macro';
import { Center, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
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
  return (
    <Center className={classes.noImage} style={radius ? { borderRadius: radius } : undefined} role="img" aria-label={alt || undefined}>
      <IconPhotoOff size={24} aria-hidden />
      <Text size="xs" ml={4}>
        <Trans>Bild nicht verfügbar</Trans>
      </Text>
    </Center>
  );
}
