import {
  DONATION_FIELDS,
  DONATION_MODE_FIELD,
  DONATION_PRESET_FIELD,
  donationInput,
  fieldValues,
  postedDonationAmount,
} from '@shared/form-inputs';
import type { FormAction } from '../forms/form-action';

/**
 * The donation form posted without scripts (ADR 033): donations.start, as the script path calls it,
 * then straight on to the Stripe Checkout page it answers (the one address outside this site a form
 * leads to). The page without Stripe shows no form, and a post then is refused with DONATIONS_OFFLINE.
 */
export const DONATION_FORM_ACTIONS: readonly FormAction[] = [
  {
    path: '/spenden',
    form: 'donation',
    async run({ caller, fields, locale }) {
      const mode = fields.get(DONATION_MODE_FIELD) ?? 'one_time';
      const values = fieldValues(DONATION_FIELDS, fields);
      const amount = postedDonationAmount(values.amount, fields.get(DONATION_PRESET_FIELD));
      const { url } = await caller.donations.start(donationInput({ ...values, amount }, mode, locale));
      return { redirectTo: url, external: true };
    },
  },
];
