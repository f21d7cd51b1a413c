import { z } from './zod';

// Control characters have no place in anything a visitor or an admin types. PostgreSQL refuses NUL in
// text outright (a 500, where SQLite quietly stored it); ESC and CR forge lines in a terminal or a log;
// a line break in a mail header starts a header of the sender's choosing. Every string input of the API
// goes through one of the three helpers below, or through a pattern that admits none (a token, an e-mail
// address, a month, a picture address: picture-url.ts). The exceptions take text that is never stored,
// shown or logged: a password given to sign in (compared with a hash) and the contact form's spam checks.
const CONTROL_CHARACTER = /[\p{Cc}\u2028\u2029]/u;
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]+/gu;
// In longer text, line breaks (as \n) and tabs stay; other control characters go.
const CONTROL_CHARACTERS_BUT_BREAKS = /(?![\n\t])[\p{Cc}\u2028\u2029]/gu;

/** One line of text, trimmed, at most `max` characters (requiredOneLineText where it is required); control characters become spaces. */
export const oneLineText = (max: number) =>
  z
    .string()
    .overwrite((value) => value.replace(CONTROL_CHARACTERS, ' '))
    .trim()
    .max(max);

/** Text with paragraphs (a message, a newsletter body), trimmed, line breaks as \n, at most `max` characters. */
export const multiLineText = (max: number) =>
  z
    .string()
    .overwrite((value) => value.replace(/\r\n?/g, '\n').replace(CONTROL_CHARACTERS_BUT_BREAKS, ''))
    .trim()
    .max(max);

// Characters that draw nothing: format characters (\p{Cf}: zero-width spaces and joiners, bidi controls
// such as U+202E, the byte order mark, the soft hyphen), separators and whitespace, and the letters and
// symbols that are blank by design (the Hangul fillers U+115F, U+1160, U+3164, U+FFA0; the empty Braille
// pattern U+2800). They pass trim() and the control-character filter; a name made only of them shows as
// nothing in every list.
const INVISIBLE_CHARACTERS = /[\p{Cf}\p{Z}\s\u115F\u1160\u3164\uFFA0\u2800]/gu;

/** Whether text shows anything to a reader: something remains without the characters that draw nothing. */
export const hasVisibleText = (value: string): boolean => value.replace(INVISIBLE_CHARACTERS, '') !== '';

/**
 * What every required text field adds: empty, or nothing but invisible characters, is missing, reported
 * as `.min(1)` reports an empty field (the forms say "Dieses Feld ist erforderlich."; translate-issues.ts).
 */
const requireVisibleText = <T extends z.ZodString>(text: T): T =>
  text.superRefine((value, ctx) => {
    if (!hasVisibleText(value))
      ctx.addIssue({ code: 'too_small', origin: 'string', minimum: 1, inclusive: true, message: 'missing', input: value });
  });

/** A required line (a name, a subject, a title): oneLineText with something visible in it. */
export const requiredOneLineText = (max: number) => requireVisibleText(oneLineText(max));

/** A required text with paragraphs (a message, a post): multiLineText with something visible in it. */
export const requiredMultiLineText = (max: number) => requireVisibleText(multiLineText(max));

/**
 * A value nobody types as prose (an id, a cursor, a slug, a path, a product option), at most `max`
 * characters. A control character in it cannot be a slip of the keyboard, so it is refused, not repaired.
 */
export const plainString = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !CONTROL_CHARACTER.test(value), { error: 'Control characters are not allowed' });

/** Whether the text holds a control character (for values that do not come through a schema: CLI arguments). */
export const hasControlCharacter = (value: string): boolean => CONTROL_CHARACTER.test(value);
