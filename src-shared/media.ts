/**
 * Pictures uploaded by the team (ADR 036). An upload's address carries the size of its largest
 * variant, `/media/<random>-<width>x<height>`, so that any page, feed or mail can write a complete
 * `srcset` (and width/height against layout shift) from the address alone, without asking the server.
 * The variants live under that address: `/media/<id>/<width>.<avif|webp|jpg>`.
 */
import { type MEDIA_VARIANT_FORMATS, MEDIA_VARIANT_WIDTHS } from './constants';

export type MediaFormat = (typeof MEDIA_VARIANT_FORMATS)[number];

/** The file extension of each format in a variant's address. */
export const MEDIA_FORMAT_EXTENSIONS: Record<MediaFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };
export const MEDIA_CONTENT_TYPES: Record<MediaFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };

/** The path prefix every uploaded picture is served under. */
export const MEDIA_PATH_PREFIX = '/media/';

const MEDIA_ID = /^[A-Za-z0-9_-]{16,40}-(\d{1,5})x(\d{1,5})$/;
const MEDIA_URL = /^\/media\/([A-Za-z0-9_-]{16,40}-\d{1,5}x\d{1,5})$/;

export type MediaId = { id: string; width: number; height: number };

/** The id's parts, or null when it is not one of ours. */
export function parseMediaId(id: string): MediaId | null {
  const match = MEDIA_ID.exec(id);
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  if (width < 1 || height < 1) return null;
  return { id, width, height };
}

/** The address of an uploaded picture (its largest JPEG). */
export function mediaUrl(id: string): string {
  return `${MEDIA_PATH_PREFIX}${id}`;
}

/** The id behind a picture address, or null for a pasted https URL, a site path or anything else. */
export function mediaIdOf(url: string | null | undefined): MediaId | null {
  if (!url) return null;
  const match = MEDIA_URL.exec(url);
  return match ? parseMediaId(match[1] as string) : null;
}

export function isMediaUrl(url: string | null | undefined): boolean {
  return mediaIdOf(url) !== null;
}

/** Stands for the site where its address is not known: only its difference from other sites counts. */
const SOME_SITE = 'https://site.invalid';

/**
 * Whether a picture at this address is loaded from another site, whose provider then sees the IP address
 * of everyone who views it: a pasted https URL (or `//host/…`). Not an upload (`/media/…`), a path of this
 * site, an address on the site's own `publicUrl`, or an empty field. The post and newsletter forms warn.
 */
export function isExternalPictureUrl(url: string | null | undefined, publicUrl?: string): boolean {
  const value = url?.trim() ?? '';
  if (value === '') return false;
  try {
    const site = new URL(publicUrl || SOME_SITE);
    const picture = new URL(value, site);
    return (picture.protocol === 'https:' || picture.protocol === 'http:') && picture.origin !== site.origin;
  } catch {
    // Not an address at all: the form's check says so.
    return false;
  }
}

/**
 * The widths made for an original this wide: the standard ones below it, plus its own width when it is
 * narrower than the largest (a picture is never scaled up).
 */
export function mediaVariantWidths(originalWidth: number): number[] {
  const widths: number[] = MEDIA_VARIANT_WIDTHS.filter((width) => width < originalWidth);
  const largest = Math.min(originalWidth, MEDIA_VARIANT_WIDTHS[MEDIA_VARIANT_WIDTHS.length - 1] as number);
  if (!widths.includes(largest)) widths.push(largest);
  return widths;
}

/** The height of a variant this wide, the way the server scales it (rounded, aspect ratio kept). */
export function mediaVariantHeight(original: { width: number; height: number }, width: number): number {
  return Math.max(1, Math.round((original.height * width) / original.width));
}

export function mediaVariantPath(id: string, width: number, format: MediaFormat): string {
  return `${MEDIA_PATH_PREFIX}${id}/${width}.${MEDIA_FORMAT_EXTENSIONS[format]}`;
}

export type MediaSources = {
  avif: string;
  webp: string;
  jpeg: string;
  /** The largest JPEG, for an <img src> and for places without srcset (mail, og:image). */
  fallback: string;
  /** Size of the largest variant: the intrinsic size for width/height attributes. */
  width: number;
  height: number;
};

/**
 * The `srcset` strings of an uploaded picture, per format, and its largest JPEG; null for any other
 * address (a pasted https URL or a picture of the site itself is shown as it is).
 */
export function mediaSources(url: string | null | undefined): MediaSources | null {
  const media = mediaIdOf(url);
  if (!media) return null;
  const widths = mediaVariantWidths(media.width);
  const srcset = (format: MediaFormat) => widths.map((width) => `${mediaVariantPath(media.id, width, format)} ${width}w`).join(', ');
  const largest = widths[widths.length - 1] as number;
  return {
    avif: srcset('avif'),
    webp: srcset('webp'),
    jpeg: srcset('jpeg'),
    fallback: mediaVariantPath(media.id, largest, 'jpeg'),
    width: largest,
    height: mediaVariantHeight(media, largest),
  };
}

/** Where the admin forms post a picture (multipart/form-data, field `file`); answers MediaUploadResult. */
export const MEDIA_UPLOAD_PATH = '/api/media';
export const MEDIA_UPLOAD_FIELD = 'file';
export type MediaUploadResult = { url: string; width: number; height: number };
/** A refused upload: a code and the reason in the uploader's language. */
export type MediaUploadError = { error: { code: string; message: string } };

/**
 * The issue of an address carrying a user name or password. It would put a secret into every page and
 * mail that shows the picture (and a browser asks nobody before sending it); the form says so in its
 * own words (src-client/lib/forms/translate-issues.ts). Here, not beside the schema, so that the form
 * code names it without loading zod (ADR 048).
 */
export const PICTURE_URL_WITH_CREDENTIALS = 'picture url with credentials';
