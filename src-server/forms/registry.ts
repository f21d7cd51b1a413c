import { ACCOUNT_FORM_ACTIONS } from '../account/form-actions';
import { AUTH_FORM_ACTIONS } from '../auth/form-actions';
import { CONTACT_FORM_ACTIONS } from '../contact/form-actions';
import { DONATION_FORM_ACTIONS } from '../donations/form-actions';
import { NEWSLETTER_FORM_ACTIONS } from '../newsletter/form-actions';
import { WITHDRAWAL_FORM_ACTIONS } from '../withdrawals/form-actions';
import type { FormAction } from './form-action';

/**
 * Every form that works without scripts (ADR 033), from the domains' own form-actions.ts files. A POST to
 * a page with none of them is answered 405; one naming a form its page does not have, 400.
 */
export const FORM_ACTIONS: readonly FormAction[] = [
  ...AUTH_FORM_ACTIONS,
  ...ACCOUNT_FORM_ACTIONS,
  ...CONTACT_FORM_ACTIONS,
  ...NEWSLETTER_FORM_ACTIONS,
  ...DONATION_FORM_ACTIONS,
  ...WITHDRAWAL_FORM_ACTIONS,
];
