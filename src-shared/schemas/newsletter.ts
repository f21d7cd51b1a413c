import { z } from './zod';
import { NEWSLETTER_LIMITS, type NewsletterStatus } from '../constants';
import { LOCALES, type Locale } from '../locales';
import { adminPageSchema } from './admin-page';
import { emailSchema, emailTokenSchema, localeSchema } from './auth';
import { editVersionSchema } from './edit-version';
import { pictureUrl, uploadedPicturePath } from './picture-url';
import { hasVisibleText, multiLineText, oneLineText, plainString, requiredMultiLineText, requiredOneLineText } from './text';

export const subscribeSchema = z.object({ email: emailSchema, locale: localeSchema });
export const confirmSubscriptionSchema = z.object({ token: emailTokenSchema });
/** The token of the unsubscribe link in every newsletter. */
export const unsubscribeSchema = z.object({ token: emailTokenSchema });

const idSchema = plainString(64).min(1);
const subject = oneLineText(NEWSLETTER_LIMITS.subject);
const body = multiLineText(NEWSLETTER_LIMITS.body);

/** A newsletter picture's address: an uploaded one (/media/…) or a full https address; empty for none. */
const newsletterImageUrl = pictureUrl(NEWSLETTER_LIMITS.imageUrl, uploadedPicturePath).default('');
const imageAlt = oneLineText(NEWSLETTER_LIMITS.imageAlt).default('');

/**
 * A newsletter's text per language. German is required; English and French are optional, but a version
 * with anything filled in (subject, body or picture description) must be complete, subject and body, as
 * a blog post's (see requireCompleteVersions): a half-written one is refused rather than dropped, since
 * its subscribers are told they get the newsletter in their language. With every field of a language
 * empty, those subscribers get the German one. The body is plain text: paragraphs are separated by an
 * empty line, and web addresses become links. A picture (optional) is shared by all languages and
 * described in each language that is sent.
 */
const newsletterContentFields = z.object({
  subjectDe: requiredOneLineText(NEWSLETTER_LIMITS.subject),
  bodyDe: requiredMultiLineText(NEWSLETTER_LIMITS.body),
  subjectEn: subject.default(''),
  bodyEn: body.default(''),
  subjectFr: subject.default(''),
  bodyFr: body.default(''),
  imageUrl: newsletterImageUrl,
  imageAltDe: imageAlt,
  imageAltEn: imageAlt,
  imageAltFr: imageAlt,
});

type ContentFields = z.output<typeof newsletterContentFields>;

/** The optional versions and their fields. */
const OPTIONAL_VERSIONS = [
  { subject: 'subjectEn', body: 'bodyEn', imageAlt: 'imageAltEn' },
  { subject: 'subjectFr', body: 'bodyFr', imageAlt: 'imageAltFr' },
] as const;

/** Whether the admin started a version: any of its fields holds more than spaces. */
const isStarted = (content: ContentFields, version: (typeof OPTIONAL_VERSIONS)[number]) =>
  [content[version.subject], content[version.body], content[version.imageAlt]].some((value) => value.trim() !== '');

/** A required field left empty, reported as `.min(1)` reports it (the form says "Dieses Feld ist erforderlich."). */
const missing = (ctx: z.RefinementCtx, field: string) =>
  ctx.addIssue({ code: 'too_small', origin: 'string', minimum: 1, inclusive: true, message: 'missing', path: [field] });

/**
 * An English or French version that was started needs its subject and body; a picture needs its
 * description in German and in every other language that is sent.
 */
function requireCompleteVersions(content: ContentFields, ctx: z.RefinementCtx) {
  for (const version of OPTIONAL_VERSIONS) {
    if (!isStarted(content, version)) continue;
    if (!hasVisibleText(content[version.subject])) missing(ctx, version.subject);
    if (!hasVisibleText(content[version.body])) missing(ctx, version.body);
  }
  if (!content.imageUrl) return;
  const versions = [
    ['imageAltDe', true],
    ['imageAltEn', isStarted(content, OPTIONAL_VERSIONS[0])],
    ['imageAltFr', isStarted(content, OPTIONAL_VERSIONS[1])],
  ] as const;
  for (const [field, sent] of versions) {
    if (sent && !content[field].trim()) ctx.addIssue({ code: 'custom', message: 'missing image alt', path: [field] });
  }
}

export const newsletterContentSchema = newsletterContentFields.superRefine(requireCompleteVersions);
export type NewsletterContentInput = z.input<typeof newsletterContentSchema>;
export type NewsletterContent = z.output<typeof newsletterContentSchema>;

export const newsletterIdSchema = z.object({ id: idSchema });
/**
 * A save of a draft: `version` is the draft's version the form was loaded with (or, after a conflict, the
 * current one the refusal named); another admin's save since then refuses it (EDIT_CONFLICT).
 */
export const updateNewsletterSchema = newsletterContentFields
  .extend({ id: idSchema, version: editVersionSchema })
  .superRefine(requireCompleteVersions);
/**
 * "Send": with `version`, the draft as the admin saw it is sent, or nothing (EDIT_CONFLICT when someone
 * changed it since); a draft sent already is no error (a double click changes nothing).
 */
export const sendNewsletterSchema = z.object({ id: idSchema, version: editVersionSchema.optional() });
/** A preview of unsaved text, as a subscriber with this language would receive it. */
export const previewNewsletterSchema = newsletterContentFields.extend({ locale: z.enum(LOCALES) }).superRefine(requireCompleteVersions);
/** A test mail to the admin's own address; without a language, in the admin's. */
export const sendTestNewsletterSchema = z.object({ id: idSchema, locale: z.enum(LOCALES).optional() });
export const subscribersPageSchema = z.object({ page: adminPageSchema });
export const subscriberIdSchema = z.object({ id: idSchema });

/** How far a newsletter's mails are: queued (not sent yet), sent, failed for good; total = all three. */
export type NewsletterProgress = { total: number; queued: number; sent: number; failed: number };

/** A newsletter as the admin screens see it. */
export type AdminNewsletter = NewsletterContent & {
  id: string;
  status: NewsletterStatus;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
  sendStartedAt: string | null;
  sentAt: string | null;
  progress: NewsletterProgress;
  /** Counts the draft's changes: a save or a send names the one the admin saw. */
  version: number;
};

export type NewsletterPreview = { locale: Locale; subject: string; text: string; html: string };

export type AdminSubscriber = {
  id: string;
  email: string;
  locale: string;
  confirmed: boolean;
  confirmedAt: string | null;
  createdAt: string;
};
export type SubscriberList = {
  subscribers: AdminSubscriber[];
  page: number;
  pageSize: number;
  /** Every address on the list, confirmed or not. */
  total: number;
  confirmed: number;
  /** Addresses that left through an unsubscribe link (only this count is kept). */
  unsubscribed: number;
};
