import type { I18n } from '@lingui/core';
import type { UseFormReturnType } from '@mantine/form';
import { showToast } from '@client/components/feedback/toast';
import { appErrorCode, errorMessageFor, failureToast } from '@client/i18n/error-messages';

/**
 * What every account form does with a refusal: a wrong current password (a taken address, a wrong code) is said
 * at the field it concerns; anything else is a toast with the form's title.
 */
export function showAccountError<Values>(
  i18n: I18n,
  form: UseFormReturnType<Values>,
  error: unknown,
  title: string,
  fields: { WRONG_PASSWORD?: string; EMAIL_TAKEN?: string; TWO_FACTOR_CODE_INVALID?: string } = { WRONG_PASSWORD: 'currentPassword' },
): void {
  const code = appErrorCode(error);
  const field = code === 'WRONG_PASSWORD' || code === 'EMAIL_TAKEN' || code === 'TWO_FACTOR_CODE_INVALID' ? fields[code] : undefined;
  if (field) form.setFieldError(field, i18n._(errorMessageFor(error)));
  else showToast(failureToast(i18n, title, error));
}
