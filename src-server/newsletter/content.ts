import { DEFAULT_LOCALE, isLocale, type Locale } from '@shared/locales';
import type { NewsletterContent } from '@shared/schemas/newsletter';
import type { NewsletterRow } from '../db/schema';

export type NewsletterText = { subject: string; body: string };

const FIELDS = {
  de: ['subjectDe', 'bodyDe'],
  en: ['subjectEn', 'bodyEn'],
  fr: ['subjectFr', 'bodyFr'],
} as const satisfies Record<Locale, readonly [keyof NewsletterContent, keyof NewsletterContent]>;

/**
 * The text a subscriber with `locale` receives, and its language: their own language when both its
 * subject and body are written, else German (never half one language, half another).
 */
export function textFor(content: NewsletterContent, locale: string): { locale: Locale; text: NewsletterText } {
  const wanted = isLocale(locale) ? locale : DEFAULT_LOCALE;
  for (const candidate of [wanted, DEFAULT_LOCALE]) {
    const [subjectField, bodyField] = FIELDS[candidate];
    const subject = content[subjectField].trim();
    const body = content[bodyField].trim();
    if (subject && body) return { locale: candidate, text: { subject, body } };
  }
  return { locale: DEFAULT_LOCALE, text: { subject: content.subjectDe, body: content.bodyDe } };
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
  };
}
