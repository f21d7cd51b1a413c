import sharp, { type Metadata, type Sharp } from 'sharp';
import { MEDIA_MAX_BYTES, MEDIA_MAX_INPUT_PIXELS, MEDIA_VARIANT_FORMATS } from '@shared/constants';
import { MEDIA_CONTENT_TYPES, MEDIA_FORMAT_EXTENSIONS, mediaVariantWidths, type MediaFormat } from '@shared/media';
import { pictureTypeOf, type PictureType } from './picture-type';
import { MediaRefusal } from './refusals';
import type { MediaFile } from './storage';

/** sharp's name of each accepted type, to check that the decoder agrees with the first bytes. */
const SHARP_FORMATS: Record<PictureType, string> = { jpeg: 'jpeg', png: 'png', webp: 'webp', avif: 'heif' };
const ORIGINAL_CONTENT_TYPES: Record<PictureType, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};

/**
 * Encoder settings per format: chosen so the 960 px AVIF of a photo stays well under 60 KB (what a phone
 * fetches for a full-width picture) while looking clean; JPEG is the fallback for old browsers and mail.
 * AVIF at effort 2: the default (4) took seconds longer per upload on two cores, for a few percent of bytes.
 */
const ENCODE: Record<MediaFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 72 }),
  jpeg: (image) => image.jpeg({ quality: 78, mozjpeg: true }),
};

export type ProcessedPicture = { width: number; height: number; files: MediaFile[] };

/**
 * Checks an upload and makes its files: the original, turned upright and without metadata (EXIF, GPS,
 * XMP: sharp writes none unless asked), and every variant width in AVIF, WebP and JPEG, never wider
 * than the original. sharp decodes and encodes on libuv's thread pool, so the event loop stays free.
 */
export async function processPicture(bytes: Uint8Array): Promise<ProcessedPicture> {
  if (bytes.byteLength > MEDIA_MAX_BYTES) throw new MediaRefusal('TOO_LARGE');
  const type = pictureTypeOf(bytes);
  if (!type) throw new MediaRefusal('UNSUPPORTED_TYPE');

  // limitInputPixels refuses a decompression bomb (a small file that unpacks to gigapixels) before decoding it.
  const input = () => sharp(bytes, { limitInputPixels: MEDIA_MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new MediaRefusal('UNREADABLE');
  }
  if (metadata.format !== SHARP_FORMATS[type]) throw new MediaRefusal('UNSUPPORTED_TYPE');
  if (!metadata.width || !metadata.height) throw new MediaRefusal('UNREADABLE');
  if (metadata.width * metadata.height > MEDIA_MAX_INPUT_PIXELS) throw new MediaRefusal('TOO_MANY_PIXELS');

  try {
    const original = await ENCODE_ORIGINAL[type](input()).toBuffer({ resolveWithObject: true });
    const { width, height } = original.info;
    const variants = await Promise.all(
      mediaVariantWidths(width).flatMap((variantWidth) =>
        MEDIA_VARIANT_FORMATS.map(async (format): Promise<MediaFile> => {
          const image = input().resize({ width: variantWidth, withoutEnlargement: true });
          const { data, info } = await ENCODE[format](image).toBuffer({ resolveWithObject: true });
          return {
            variant: `${variantWidth}.${MEDIA_FORMAT_EXTENSIONS[format]}`,
            contentType: MEDIA_CONTENT_TYPES[format],
            width: info.width,
            height: info.height,
            bytes: data,
          };
        }),
      ),
    );
    const originalFile: MediaFile = { variant: 'original', contentType: ORIGINAL_CONTENT_TYPES[type], width, height, bytes: original.data };
    return { width, height, files: [originalFile, ...variants] };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new MediaRefusal('TOO_MANY_PIXELS');
    throw new MediaRefusal('UNREADABLE');
  }
}

/** The original is kept in its own type at high quality (for new variant sizes later), metadata removed. */
const ENCODE_ORIGINAL: Record<PictureType, (image: Sharp) => Sharp> = {
  jpeg: (image) => image.jpeg({ quality: 92 }),
  png: (image) => image.png(),
  webp: (image) => image.webp({ quality: 92 }),
  avif: (image) => image.avif({ quality: 75 }),
};
