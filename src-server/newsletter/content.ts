import { DEFAULT_LOCALE, isLocale, type Locale } from '@shared/locales';
import { mediaIdOf, mediaVariantPath, mediaVariantWidths } from '@shared/media';
import type { NewsletterContent } from '@shared/schemas/newsletter';
import type { NewsletterRow } from '../db/schema';

export type NewsletterText = { subject: string; body: string; imageAlt: string };

const FIELDS = {
  de: ['subjectDe', 'bodyDe', 'imageAltDe'],
  en: ['subjectEn', 'bodyEn', 'imageAltEn'],
  fr: ['subjectFr', 'bodyFr', 'imageAltFr'],
} as const satisfies Record<Locale, readonly [keyof NewsletterContent, keyof NewsletterContent, keyof NewsletterContent]>;

/**
 * The text a subscriber with `locale` receives, and its language: their own language when both its
 * subject and body are written, else German (never half one language, half another).
 */
export function textFor(content: NewsletterContent, locale: string): { locale: Locale; text: NewsletterText } {
  const wanted = isLocale(locale) ? locale : DEFAULT_LOCALE;
  for (const candidate of [wanted, DEFAULT_LOCALE]) {
    const [subjectField, bodyField, imageAltField] = FIELDS[candidate];
    const subject = content[subjectField].trim();
    const body = content[bodyField].trim();
    if (subject && body) return { locale: candidate, text: { subject, body, imageAlt: content[imageAltField].trim() } };
  }
  return { locale: DEFAULT_LOCALE, text: { subject: content.subjectDe, body: content.bodyDe, imageAlt: content.imageAltDe } };
}

/** A plain-text body's paragraphs: separated by empty lines; single line breaks stay inside a paragraph. */
export function paragraphsOf(body: string): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

export function contentOf(row: NewsletterRow): NewsletterContent {
  return {
    subjectDe: row.subject_de,
    bodyDe: row.body_de,
    subjectEn: row.subject_en,
    bodyEn: row.body_en,
    subjectFr: row.subject_fr,
    bodyFr: row.body_fr,
    imageUrl: row.image_url,
    imageAltDe: row.image_alt_de,
    imageAltEn: row.image_alt_en,
    imageAltFr: row.image_alt_fr,
  };
}

export function columnsOf(content: NewsletterContent) {
  return {
    subject_de: content.subjectDe,
    body_de: content.bodyDe,
    subject_en: content.subjectEn,
    body_en: content.bodyEn,
    subject_fr: content.subjectFr,
    body_fr: content.bodyFr,
    image_url: content.imageUrl,
    image_alt_de: content.imageAltDe,
    image_alt_en: content.imageAltEn,
    image_alt_fr: content.imageAltFr,
  };
}

/**
 * The picture's address as a mail program loads it: absolute (PUBLIC_URL), and for an upload the JPEG
 * variant that fills the mail's 560 px column on a sharp screen (mail programs know no AVIF or srcset).
 */
export function mailPictureUrl(imageUrl: string, publicUrl: string): string | null {
  if (!imageUrl) return null;
  const media = mediaIdOf(imageUrl);
  if (media) {
    const widths = mediaVariantWidths(media.width);
    const width = widths.find((candidate) => candidate >= MAIL_PICTURE_WIDTH) ?? (widths.at(-1) as number);
    return new URL(mediaVariantPath(media.id, width, 'jpeg'), publicUrl).href;
  }
  return imageUrl.startsWith('https://') ? imageUrl : null;
}

/** Twice the mail layout's column (560 px less its padding), rounded to a variant width. */
const MAIL_PICTURE_WIDTH = 960;
