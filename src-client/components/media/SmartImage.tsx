import { Trans } from '@lingui/react/macro';
import { Center, Skeleton, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useState, type CSSProperties } from 'react';
import classes from './SmartImage.module.css';

type SmartImageProps = {
  src: string;
  alt: string;
  /** Width / height, so the box keeps its size while loading (no layout shift). */
  aspectRatio: number;
  radius?: string;
  className?: string;
  loading?: 'lazy' | 'eager';
};

/** Every picture of the site: a skeleton until it has loaded, then a fade-in; 'Bild nicht verfügbar' on error. */
export function SmartImage({ src, alt, aspectRatio, radius = 'var(--mantine-radius-md)', className, loading = 'lazy' }: SmartImageProps) {
  const [state, setState] = useState<'loading' | 'loaded' | 'error'>('loading');
  const style: CSSProperties = { aspectRatio: String(aspectRatio), borderRadius: radius };
  return (
    <div className={`${classes.frame} ${className ?? ''}`} style={style} data-state={state}>
      {state === 'loading' && <Skeleton className={classes.fill} radius={0} data-testid="image-skeleton" />}
      {state === 'error' ? (
        <Center className={classes.fill} role="img" aria-label={alt}>
          <IconPhotoOff size={28} aria-hidden />
          <Text size="sm" ml={6}>
            <Trans>Bild nicht verfügbar</Trans>
          </Text>
        </Center>
      ) : (
        <img
          src={src}
          alt={alt}
          loading={loading}
          decoding="async"
          className={classes.image}
          data-loaded={state === 'loaded' || undefined}
          onLoad={() => setState('loaded')}
          onError={() => setState('error')}
        />
      )}
    </div>
  );
}
