import { fieldValues, WITHDRAWAL_FIELDS, withdrawalInput } from '@shared/form-inputs';
import { WITHDRAWAL_BUTTON_PATH } from '@shared/legal/shop-terms';
import type { FormAction } from '../forms/form-action';

/**
 * The withdrawal button's declaration posted without scripts (ADR 033, § 356a BGB): the same
 * withdrawals.declare as the script path (schema, rate limits, the order check, the stored declaration
 * and the receipt mail are that procedure's). Back to the page, which shows in the form's place that the
 * declaration was received and that the receipt is on its way to the order's address.
 */
export const WITHDRAWAL_FORM_ACTIONS: readonly FormAction[] = [
  {
    path: WITHDRAWAL_BUTTON_PATH,
    form: 'withdrawal',
    async run({ caller, fields, url, locale }) {
      await caller.withdrawals.declare(withdrawalInput(fieldValues(WITHDRAWAL_FIELDS, fields), locale));
      return { redirectTo: `${url.pathname}${url.search}`, notice: 'withdrawal.received' };
    },
  },
];
