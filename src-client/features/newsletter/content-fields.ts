import { LOCALES, type Locale } from '@shared/locales';
import type { AdminNewsletter, NewsletterContent } from '@shared/schemas/newsletter';

/** The form fields of each language's subject, body and picture description (the shared schema's names). */
export const CONTENT_FIELDS = {
  de: { subject: 'subjectDe', body: 'bodyDe', imageAlt: 'imageAltDe' },
  en: { subject: 'subjectEn', body: 'bodyEn', imageAlt: 'imageAltEn' },
  fr: { subject: 'subjectFr', body: 'bodyFr', imageAlt: 'imageAltFr' },
} as const satisfies Record<Locale, { subject: keyof NewsletterContent; body: keyof NewsletterContent; imageAlt: keyof NewsletterContent }>;

/** The compose form's values: a saved newsletter's text, or empty for a new one. */
export function contentValues(newsletter: AdminNewsletter | null): NewsletterContent {
  return {
    subjectDe: newsletter?.subjectDe ?? '',
    bodyDe: newsletter?.bodyDe ?? '',
    subjectEn: newsletter?.subjectEn ?? '',
    bodyEn: newsletter?.bodyEn ?? '',
    subjectFr: newsletter?.subjectFr ?? '',
    bodyFr: newsletter?.bodyFr ?? '',
    imageUrl: newsletter?.imageUrl ?? '',
    imageAltDe: newsletter?.imageAltDe ?? '',
    imageAltEn: newsletter?.imageAltEn ?? '',
    imageAltFr: newsletter?.imageAltFr ?? '',
  };
}

/** The language a form field belongs to ('bodyEn' → 'en'), so the form can show the tab with an error. */
export function languageOfField(field: string): Locale | null {
  return LOCALES.find((locale) => Object.values(CONTENT_FIELDS[locale]).includes(field as never)) ?? null;
}
