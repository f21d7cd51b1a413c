import type { FormAction } from '../forms/form-action';
import { emailLinkAction } from '../forms/email-link';

/**
 * The account's forms without scripts (ADR 033); the account screens themselves need scripts, but the
 * link mailed to a new address is public (ADR 028): its page's button posts the token, and the server
 * runs the procedure the page calls with scripts.
 */
export const ACCOUNT_FORM_ACTIONS: readonly FormAction[] = [
  emailLinkAction('/account/email', 'confirmEmailChange', 'emailChange.done', (caller, token) =>
    caller.account.confirmEmailChange({ token }),
  ),
];
