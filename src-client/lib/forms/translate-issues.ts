import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FormErrors } from '@mantine/form';
import type { ZodError } from 'zod';
import { formatCents } from '@shared/money';
import { PICTURE_URL_WITH_CREDENTIALS } from '@shared/media';
import { SKIPPED_WALL_TIME } from '@shared/team-wall-time';

type Issue = ZodError['issues'][number];

/**
 * Turns the issues of one of the shared zod schemas into one translated message per form field. The
 * schemas carry no texts of their own: the same schema serves the server and every language.
 */
export function translateIssues(issues: readonly Issue[], i18n: I18n): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    // A tag of a post's list (translations.de.tags.2) has no input of its own: its message goes to the list's field.
    const field = issue.path.map(String).join('.').replace(TAG_OF_LIST, '$1');
    if (!field || errors[field]) continue;
    errors[field] = i18n._(messageFor(field, issue));
  }
  return errors;
}

const TAG_OF_LIST = /((?:^|\.)tags)\.\d+$/;

/** Whether an issue is a required field left empty (the schemas' `.min(1)` after trimming). */
export function isMissingValue(issue: Issue): boolean {
  return issue.code === 'too_small' && Number(issue.minimum) <= 1;
}

/** The message for a field the server refused (its own check, beyond what the form checks). */
export const SERVER_REFUSED_FIELD = msg`Bitte überprüfen Sie diese Eingabe.`;

function messageFor(field: string, issue: Issue): MessageDescriptor {
  // The donation amount (src-shared/schemas/donation.ts): its limits are euros, not characters.
  if (field === 'amount') {
    if (issue.code === 'too_small') {
      const amount = formatCents(Number(issue.minimum));
      return msg`Der Mindestbetrag ist ${amount}.`;
    }
    if (issue.code === 'too_big') {
      const amount = formatCents(Number(issue.maximum));
      return msg`Der Höchstbetrag ist ${amount}.`;
    }
    return msg`Bitte geben Sie einen Betrag in Euro ein, zum Beispiel 25 oder 25,50.`;
  }
  // A post's picture needs its description in each language the post is written in (src-shared/schemas/blog.ts).
  // (A newsletter's: imageAltDe, imageAltEn, imageAltFr, src-shared/schemas/newsletter.ts.)
  if (/(^|\.)imageAlt/.test(field) && issue.code === 'custom')
    return msg`Bitte beschreiben Sie das Bild für alle, die es nicht sehen können.`;
  // A picture address with a user name or password in it (src-shared/schemas/picture-url.ts).
  if (issue.code === 'custom' && issue.message === PICTURE_URL_WITH_CREDENTIALS)
    return msg`Die Bildadresse darf keinen Benutzernamen und kein Passwort enthalten.`;
  // A post's tags (src-shared/schemas/blog.ts): a list, whose limits are counted in tags, and each tag's length.
  if (/(^|\.)tags$/.test(field) && issue.code === 'too_big') {
    const maximum = Number(issue.maximum);
    return issue.origin === 'array'
      ? msg`Bitte geben Sie höchstens ${maximum} Tags ein.`
      : msg`Ein Tag darf höchstens ${maximum} Zeichen lang sein.`;
  }
  // A picture's address that is neither empty, nor https, nor one of the site's own (src-shared/schemas/picture-url.ts).
  // (The union reports what its last option, a path of the site's own, found wrong: not useful to the admin.)
  if (/(^|\.)imageUrl$/.test(field) && issue.code !== 'too_big')
    return msg`Bitte geben Sie eine Bildadresse ein, die mit https:// beginnt, oder laden Sie ein Bild hoch.`;
  // A post's scheduled moment (src-shared/schemas/blog.ts): a date+time input's value, read as Berlin time.
  if (field === 'publishAt' && issue.code === 'custom' && issue.message === SKIPPED_WALL_TIME)
    return msg`Diese Uhrzeit gibt es in Berlin nicht: In dieser Nacht wird die Uhr von 2:00 auf 3:00 Uhr vorgestellt. Bitte wählen Sie eine andere Uhrzeit.`;
  if (field === 'publishAt') return msg`Bitte geben Sie Datum und Uhrzeit an, zum Beispiel 01.12.2026, 10:00.`;
  // The repetition of a new password (the reset form; the server's no-script check refuses it the same way).
  if (field === 'repeat' && issue.code === 'custom') return msg`Die Passwörter stimmen nicht überein.`;
  if (isMissingValue(issue)) return msg`Dieses Feld ist erforderlich.`;
  if (issue.code === 'too_small') {
    const minimum = Number(issue.minimum);
    if (field === 'password' || field === 'newPassword') return msg`Das Passwort muss mindestens ${minimum} Zeichen lang sein.`;
    return msg`Bitte geben Sie mindestens ${minimum} Zeichen ein.`;
  }
  if (issue.code === 'too_big') {
    const maximum = Number(issue.maximum);
    return msg`Bitte geben Sie höchstens ${maximum} Zeichen ein.`;
  }
  if (issue.code === 'invalid_format' && issue.format === 'email') return msg`Bitte geben Sie eine gültige E-Mail-Adresse ein.`;
  if (issue.code === 'invalid_format' && issue.format === 'url') return msg`Bitte geben Sie eine gültige Adresse ein (https://…).`;
  return SERVER_REFUSED_FIELD;
}
