import { LOCALES, type Locale } from '@shared/locales';
import type { AdminNewsletter, NewsletterContent } from '@shared/schemas/newsletter';

/** The form fields of each language's subject and body (the shared schema's names). */
export const CONTENT_FIELDS = {
  de: { subject: 'subjectDe', body: 'bodyDe' },
  en: { subject: 'subjectEn', body: 'bodyEn' },
  fr: { subject: 'subjectFr', body: 'bodyFr' },
} as const satisfies Record<Locale, { subject: keyof NewsletterContent; body: keyof NewsletterContent }>;

/** The compose form's values: a saved newsletter's text, or empty for a new one. */
export function contentValues(newsletter: AdminNewsletter | null): NewsletterContent {
  return {
    subjectDe: newsletter?.subjectDe ?? '',
    bodyDe: newsletter?.bodyDe ?? '',
    subjectEn: newsletter?.subjectEn ?? '',
    bodyEn: newsletter?.bodyEn ?? '',
    subjectFr: newsletter?.subjectFr ?? '',
    bodyFr: newsletter?.bodyFr ?? '',
  };
}

/** The language a form field belongs to ('bodyEn' → 'en'), so the form can show the tab with an error. */
export function languageOfField(field: string): Locale | null {
  return LOCALES.find((locale) => Object.values(CONTENT_FIELDS[locale]).includes(field as never)) ?? null;
}
