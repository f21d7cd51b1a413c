import { DONATION_PRESETS_CENTS, type ContactInquiryType, type DonationMode } from './constants';
import type { Locale } from './locales';
import type { ContactMessageInput } from './schemas/contact';
import type { DonationStartInput } from './schemas/donation';
import type { z } from './schemas/zod';
import type { subscribeSchema } from './schemas/newsletter';
import type { WithdrawalDeclarationInput } from './schemas/withdrawal';

/**
 * What the public forms send to their procedure, built from the fields as typed: the browser's form
 * (useSchemaForm's toInput) and the server's no-script form action (src-server/<domain>/form-actions.ts)
 * both use these, so a form posted without scripts reaches the procedure exactly as one sent through tRPC.
 * The fields' names are the inputs' `name`s.
 */

export const CONTACT_FIELDS = ['name', 'email', 'organization', 'inquiryType', 'subject', 'message', 'website'] as const;
export type ContactFormValues = Record<(typeof CONTACT_FIELDS)[number], string>;
/** The hidden field with the form's signed timestamp (src-server/contact/form-token.ts). */
export const CONTACT_TOKEN_FIELD = 'formToken';

export function contactInput(values: ContactFormValues, locale: Locale, formToken?: string): ContactMessageInput {
  // The select's value as posted; the schema refuses any that is not an inquiry type (or empty).
  const inquiryType = values.inquiryType as ContactInquiryType | '';
  return { ...values, inquiryType, locale, formToken };
}

export type NewsletterSignupValues = { email: string };

export function newsletterSignupInput(values: NewsletterSignupValues, locale: Locale): z.input<typeof subscribeSchema> {
  return { email: values.email, locale };
}

export const DONATION_FIELDS = ['amount', 'name', 'email'] as const;
export type DonationFormValues = Record<(typeof DONATION_FIELDS)[number], string>;
/** The once/monthly choice: radio buttons of that name inside the form. */
export const DONATION_MODE_FIELD = 'mode';
/** The preset amounts: radio buttons of that name, their values in cents (DONATION_PRESETS_CENTS). */
export const DONATION_PRESET_FIELD = 'preset';

export function donationInput(values: DonationFormValues, mode: string, locale: Locale): DonationStartInput {
  // The choice as posted; the schema refuses any value but 'one_time' and 'monthly'.
  return { amount: values.amount, name: values.name, email: values.email, mode: mode as DonationMode, locale };
}

/**
 * The amount a posted donation form means: the amount typed, or else the preset chosen (a form posted
 * without scripts sends the preset's radio button; with scripts the preset fills the amount field). A
 * preset value that is not one of the presets counts as none, so the amount is then missing.
 */
export function postedDonationAmount(typed: string, preset: string | undefined): string {
  if (typed.trim() !== '') return typed;
  const cents = Number(preset);
  // Every preset is whole euros ("25", as the amount field would show it).
  return (DONATION_PRESETS_CENTS as readonly number[]).includes(cents) ? String(cents / 100) : typed;
}

export const WITHDRAWAL_FIELDS = ['name', 'orderNumber', 'email', 'message'] as const;
export type WithdrawalFormValues = Record<(typeof WITHDRAWAL_FIELDS)[number], string>;

/** The withdrawal declaration (/widerruf/erklaeren): the fields as typed, in the page's language (the receipt's). */
export function withdrawalInput(values: WithdrawalFormValues, locale: Locale): WithdrawalDeclarationInput {
  return { name: values.name, orderNumber: values.orderNumber, email: values.email, message: values.message, locale };
}

/** Reads the named text fields of a posted form; a missing one is empty, as in a form that was left blank. */
export function fieldValues<Name extends string>(
  names: readonly Name[],
  fields: { get(name: string): string | undefined },
): Record<Name, string> {
  return Object.fromEntries(names.map((name) => [name, fields.get(name) ?? ''])) as Record<Name, string>;
}
