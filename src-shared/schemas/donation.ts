import { z } from './zod';
import { DONATION_MAX_CENTS, DONATION_MIN_CENTS, DONATION_MODES, NAME_MAX_LENGTH } from '../constants';
import { emailSchema, localeSchema } from './auth';
import { oneLineText, plainString } from './text';
import { parseEuroAmount } from '../money';

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
