import { z } from './zod';
import { NEWSLETTER_LIMITS, type NewsletterStatus } from '../constants';
import { LOCALES, type Locale } from '../locales';
import { emailSchema, emailTokenSchema, localeSchema } from './auth';
import { pictureUrl, uploadedPicturePath } from './picture-url';
import { multiLineText, oneLineText, plainString } from './text';

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
 * A newsletter's text per language. German is required; an English or French version with an empty
 * subject or body is not used: those subscribers get the German one. The body is plain text:
 * paragraphs are separated by an empty line, and web addresses become links. A picture (optional) is
 * shared by all languages and described in each language that is sent.
 */
const newsletterContentFields = z.object({
  subjectDe: subject.min(1),
  bodyDe: body.min(1),
  subjectEn: subject.default(''),
  bodyEn: body.default(''),
  subjectFr: subject.default(''),
  bodyFr: body.default(''),
  imageUrl: newsletterImageUrl,
  imageAltDe: imageAlt,
  imageAltEn: imageAlt,
  imageAltFr: imageAlt,
});

/** A picture needs its description in German and in every other language whose version is complete. */
function requireImageAlt(content: z.output<typeof newsletterContentFields>, ctx: z.RefinementCtx) {
  if (!content.imageUrl) return;
  const versions = [
    ['imageAltDe', true],
    ['imageAltEn', Boolean(content.subjectEn.trim() && content.bodyEn.trim())],
    ['imageAltFr', Boolean(content.subjectFr.trim() && content.bodyFr.trim())],
  ] as const;
  for (const [field, sent] of versions) {
    if (sent && !content[field].trim()) ctx.addIssue({ code: 'custom', message: 'missing image alt', path: [field] });
  }
}

export const newsletterContentSchema = newsletterContentFields.superRefine(requireImageAlt);
export type NewsletterContentInput = z.input<typeof newsletterContentSchema>;
export type NewsletterContent = z.output<typeof newsletterContentSchema>;

export const newsletterIdSchema = z.object({ id: idSchema });
export const updateNewsletterSchema = newsletterContentFields.extend({ id: idSchema }).superRefine(requireImageAlt);
/** A preview of unsaved text, as a subscriber with this language would receive it. */
export const previewNewsletterSchema = newsletterContentFields.extend({ locale: z.enum(LOCALES) }).superRefine(requireImageAlt);
/** A test mail to the admin's own address; without a language, in the admin's. */
export const sendTestNewsletterSchema = z.object({ id: idSchema, locale: z.enum(LOCALES).optional() });
export const subscribersPageSchema = z.object({ page: z.number().int().min(1).max(1_000_000).default(1) });
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
