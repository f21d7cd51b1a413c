import { DONATION_MAX_CENTS, DONATION_MODES, type DonationMode } from '@shared/constants';

export type DonationSearch = { amount?: number | undefined; mode?: DonationMode | undefined };

/**
 * validateSearch of /spenden: `?amount=<cents>&mode=one_time|monthly`, the prefill from a /support card
 * and what Checkout's cancel link returns to. Only a suggestion for the form: the server checks the
 * amount the form sends. An unknown value counts as absent (ADR 018: no zod here).
 */
export function donationSearch(search: Record<string, unknown>): DonationSearch {
  const amount = Number(search.amount);
  const mode = search.mode;
  return {
    amount: Number.isSafeInteger(amount) && amount > 0 && amount <= DONATION_MAX_CENTS ? amount : undefined,
    mode: typeof mode === 'string' && (DONATION_MODES as readonly string[]).includes(mode) ? (mode as DonationMode) : undefined,
  };
}

/** validateSearch of /spenden/danke: Stripe puts the Checkout session's id there (`?session_id=…`). */
export function thanksSearch(search: Record<string, unknown>): { session_id?: string | undefined } {
  const id = search.session_id;
  return { session_id: typeof id === 'string' && id.length > 0 && id.length <= 255 ? id : undefined };
}
