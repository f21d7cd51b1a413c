import { z } from './zod';
import { DONATION_MAX_CENTS, DONATION_MIN_CENTS, DONATION_MODES, NAME_MAX_LENGTH } from '../constants';
import { emailSchema, localeSchema } from './auth';
import { oneLineText, plainString } from './text';

/**
 * An amount in euros as a person types it, in cents, or null when it is not one: "25", "25,50",
 * "25.50", "1.000", "1.000,50", "10000", with or without "€" and spaces. One dot followed by exactly
 * three digits is a thousands separator ("1.000" is a thousand euros, as German readers mean it).
 */
export function parseEuroAmount(text: string): number | null {
  const value = text.replace(/[\s€]/g, '');
  const grouped = /^(\d{1,3}(?:[.']\d{3})+)(?:,(\d{1,2}))?$/.exec(value);
  const plain = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(value);
  const match = grouped ?? plain;
  if (!match) return null;
  const euros = Number((match[1] ?? '0').replace(/[.']/g, ''));
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  return euros * 100 + cents;
}

/** Cents as the amount field shows them: "25" for whole euros, "25,50" (or "25.50") otherwise. */
export function formatEuroInput(cents: number, decimalSeparator = ','): string {
  const euros = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(euros) : `${euros}${decimalSeparator}${String(rest).padStart(2, '0')}`;
}

/** The amount field: the text as typed, in cents, between the minimum and the maximum (ADR 031). */
export const donationAmountSchema = z
  .string()
  .max(20)
  .transform((value, ctx) => {
    const cents = parseEuroAmount(value);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: 'not an amount in euros' });
      return z.NEVER;
    }
    return cents;
  })
  .pipe(z.number().int().min(DONATION_MIN_CENTS).max(DONATION_MAX_CENTS));

export const donationModeSchema = z.enum(DONATION_MODES);

/**
 * The donation form (/spenden): amount, one-time or monthly, an optional name and the address the
 * thank-you goes to, and the page's language (Checkout and the mails use it). The same schema checks the
 * form and `donations.start`; the server decides the amount from it, never from Stripe's redirect.
 */
export const donationStartSchema = z.object({
  amount: donationAmountSchema,
  mode: donationModeSchema,
  name: oneLineText(NAME_MAX_LENGTH).optional(),
  email: emailSchema,
  locale: localeSchema,
});
export type DonationStartInput = z.input<typeof donationStartSchema>;
export type DonationStart = z.output<typeof donationStartSchema>;

/** The thank-you page asks for the state of its Checkout session (the id Stripe put into the return URL). */
export const donationStatusSchema = z.object({ sessionId: plainString(255).min(1) });

/**
 * What the thank-you page says: received (money confirmed), pending (SEPA on its way), open (the
 * payment was not finished), failed (or expired), unknown (no such session).
 */
export const DONATION_STATES = ['received', 'pending', 'open', 'failed', 'unknown'] as const;
export type DonationState = (typeof DONATION_STATES)[number];
export type DonationStatus = {
  state: DonationState;
  amountCents: number | null;
  mode: (typeof DONATION_MODES)[number] | null;
};
