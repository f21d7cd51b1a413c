import {
  DONATION_MANAGE_FAILURES,
  DONATION_MAX_CENTS,
  DONATION_MODES,
  type DonationManageFailure,
  type DonationMode,
} from '@shared/constants';

export type DonationSearch = {
  amount?: number | undefined;
  mode?: DonationMode | undefined;
  /** Why a monthly donor's manage link led here instead of to Stripe's portal (src-server/donations/manage-route.ts). */
  verwalten?: DonationManageFailure | undefined;
};

/**
 * validateSearch of /spenden: `?amount=<cents>&mode=one_time|monthly`, the prefill from a /support card
 * and what Checkout's cancel link returns to. Only a suggestion for the form: the server checks the
 * amount the form sends. `?verwalten=expired|invalid|unknown|unavailable`: a manage link that did not
 * open the portal. An unknown value counts as absent (ADR 018: no zod here).
 */
export function donationSearch(search: Record<string, unknown>): DonationSearch {
  const amount = Number(search.amount);
  const { mode, verwalten } = search;
  return {
    amount: Number.isSafeInteger(amount) && amount > 0 && amount <= DONATION_MAX_CENTS ? amount : undefined,
    mode: typeof mode === 'string' && (DONATION_MODES as readonly string[]).includes(mode) ? (mode as DonationMode) : undefined,
    verwalten:
      typeof verwalten === 'string' && (DONATION_MANAGE_FAILURES as readonly string[]).includes(verwalten)
        ? (verwalten as DonationManageFailure)
        : undefined,
  };
}

/** validateSearch of /spenden/danke: Stripe puts the Checkout session's id there (`?session_id=…`). */
export function thanksSearch(search: Record<string, unknown>): { session_id?: string | undefined } {
  const id = search.session_id;
  return { session_id: typeof id === 'string' && id.length > 0 && id.length <= 255 ? id : undefined };
}
