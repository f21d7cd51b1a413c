import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ERROR_MESSAGES } from '@client/i18n/error-messages';

const TITLE = msg`Fehler`;

/**
 * The toast of a form its schema refused (useSchemaForm's `onInvalid`; the fields are marked already).
 * A required field left empty: the form's own text, as the spec words it for that form (spec §8).
 * Every required field filled and one filled wrong (a postal code "50667!", an e-mail address without
 * "@"): "please check", since telling the visitor to fill in what they have filled in would be wrong;
 * the field says what is wrong with it.
 */
export function refusalToast(i18n: I18n, refusal: { missing: boolean }, missingText: MessageDescriptor) {
  return { color: 'red', title: i18n._(TITLE), message: i18n._(refusal.missing ? missingText : ERROR_MESSAGES.VALIDATION_FAILED) } as const;
}
