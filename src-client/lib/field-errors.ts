import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ZodError } from 'zod';

/**
 * Turns a zod error from one of the shared schemas into one translated message per form field.
 * The schemas carry no texts of their own: the same schema serves the server and every language.
 */
export function fieldErrors(error: ZodError, describe: (d: MessageDescriptor) => string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!field || result[field]) continue;
    result[field] = describe(messageFor(field, issue));
  }
  return result;
}

function messageFor(field: string, issue: ZodError['issues'][number]): MessageDescriptor {
  if (issue.code === 'too_small') {
    const minimum = Number(issue.minimum);
    if (minimum <= 1) return msg`Dieses Feld ist erforderlich.`;
    if (field === 'password') return msg`Das Passwort muss mindestens ${minimum} Zeichen lang sein.`;
    return msg`Bitte geben Sie mindestens ${minimum} Zeichen ein.`;
  }
  if (issue.code === 'too_big') {
    const maximum = Number(issue.maximum);
    return msg`Bitte geben Sie höchstens ${maximum} Zeichen ein.`;
  }
  if (issue.code === 'invalid_format' && issue.format === 'email') return msg`Bitte geben Sie eine gültige E-Mail-Adresse ein.`;
  if (issue.code === 'invalid_format' && issue.format === 'url') return msg`Bitte geben Sie eine gültige Adresse ein (https://…).`;
  return msg`Bitte überprüfen Sie diese Eingabe.`;
}
