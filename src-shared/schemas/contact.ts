import { z } from './zod';
import { CONTACT_INQUIRY_TYPES, CONTACT_LIMITS, DEFAULT_CONTACT_INQUIRY_TYPE } from '../constants';
import { emailSchema, localeSchema } from './auth';
import { oneLineText, requiredMultiLineText, requiredOneLineText } from './text';

/**
 * The contact form (spec §3 contact message, §5): name, e-mail, subject and message are required (and must
 * show something: invisible characters alone are missing);
 * the inquiry type is labelled required but not checked, so none means 'general'. The same schema
 * checks the form in the browser and the call on the server.
 */
export const contactMessageSchema = z.object({
  name: requiredOneLineText(CONTACT_LIMITS.name),
  email: emailSchema,
  organization: oneLineText(CONTACT_LIMITS.organization).optional(),
  inquiryType: z
    .union([z.enum(CONTACT_INQUIRY_TYPES), z.literal('')])
    .nullish()
    .transform((value) => value || DEFAULT_CONTACT_INQUIRY_TYPE),
  subject: requiredOneLineText(CONTACT_LIMITS.subject),
  message: requiredMultiLineText(CONTACT_LIMITS.message),
  /** The page's language: the receipt is written in it. */
  locale: localeSchema,
  // Spam checks. Neither is refused by the schema, so a bot cannot learn from the answer what gave it away.
  /** A field people never see (the page hides it), so they leave it empty; any value marks a bot. */
  website: z.string().optional().catch('(not a string)'),
  /**
   * The signed time the server handed the form out (contact.formToken): the server, not the page,
   * measures how long the form was open. Only an expired one is refused (FORM_EXPIRED), so a person can send again.
   */
  formToken: z.string().optional().catch(undefined),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;
