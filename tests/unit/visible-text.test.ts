/**
 * Required text must show something (QA: names and messages of zero-width characters, Hangul fillers, the
 * blank Braille pattern or a bidi override passed trim() and the control-character filter, and the admin
 * lists showed blank names). Such a field is missing, said as for an empty one.
 */
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { signUpSchema } from '@shared/schemas/auth';
import { blogPostInputSchema } from '@shared/schemas/blog';
import { checkoutShippingSchema } from '@shared/schemas/checkout';
import { contactMessageSchema } from '@shared/schemas/contact';
import { newsletterContentSchema } from '@shared/schemas/newsletter';
import { hasVisibleText } from '@shared/schemas/text';
import { withdrawalDeclarationSchema } from '@shared/schemas/withdrawal';
import { translateIssues } from '@client/lib/forms/translate-issues';

const i18n = setupI18n({ locale: 'de', messages: { de: {} } });

/** Each on its own, then all together: text that draws nothing. */
const INVISIBLE = [
  '\u200B', // zero-width space
  '\u200C\u200D', // zero-width non-joiner and joiner
  '\u3164', // Hangul filler
  '\u115F\u1160', // Hangul choseong and jungseong fillers
  '\uFFA0', // halfwidth Hangul filler
  '\u2800', // Braille pattern blank
  '\u202E', // right-to-left override
  '\uFEFF', // byte order mark
  '\u00AD', // soft hyphen
  '\u2066\u2069', // isolates
  '\u3000\u00A0', // ideographic and no-break space
];
const ALL_INVISIBLE = INVISIBLE.join('');

function errorsOf(schema: ZodType, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? {} : translateIssues(result.error.issues, i18n);
}

describe('hasVisibleText', () => {
  it.each(INVISIBLE)('is false for %j alone and around spaces', (text) => {
    expect(hasVisibleText(text)).toBe(false);
    expect(hasVisibleText(` ${text} `)).toBe(false);
  });

  it.each([
    ['a Latin name', 'Zoë'],
    ['an Arabic name with a right-to-left mark', 'علي\u200F'],
    ['a Hindi name with a zero-width joiner', 'क्\u200Dष'],
    ['a Korean name', '김민준'],
    ['an emoji made of joined ones', '👩\u200D👩\u200D👧'],
    ['a single character in CJK', '李'],
  ])('is true for %s', (_, text) => {
    expect(hasVisibleText(text)).toBe(true);
  });
});

describe('required text fields', () => {
  const REQUIRED = 'Dieses Feld ist erforderlich.';

  it.each(INVISIBLE.concat(ALL_INVISIBLE))('refuse %j as missing, with the message of an empty field', (blank) => {
    expect(
      errorsOf(signUpSchema, { firstName: blank, lastName: blank, email: 'a@example.org', password: 'secret-1', locale: 'de' }),
    ).toEqual({
      firstName: REQUIRED,
      lastName: REQUIRED,
    });
    expect(errorsOf(contactMessageSchema, { name: blank, email: 'a@example.org', subject: blank, message: blank, locale: 'de' })).toEqual({
      name: REQUIRED,
      subject: REQUIRED,
      message: REQUIRED,
    });
    expect(errorsOf(withdrawalDeclarationSchema, { name: blank, orderNumber: 'SB-1', email: 'a@example.org', locale: 'de' })).toEqual({
      name: REQUIRED,
    });
    const shipping = { firstName: blank, lastName: 'Buyer', email: 'a@example.org', address: blank, city: 'Köln', postalCode: '50667' };
    expect(errorsOf(checkoutShippingSchema, shipping)).toEqual({ firstName: REQUIRED, address: REQUIRED });
    expect(errorsOf(blogPostInputSchema, { translations: { de: { title: blank, content: blank } } })).toEqual({
      'translations.de.title': REQUIRED,
      'translations.de.content': REQUIRED,
    });
    expect(errorsOf(newsletterContentSchema, { subjectDe: blank, bodyDe: blank, subjectEn: blank, bodyEn: 'Hello' })).toEqual({
      subjectDe: REQUIRED,
      bodyDe: REQUIRED,
      subjectEn: REQUIRED,
    });
  });

  it('say the same for an empty field as before', () => {
    expect(errorsOf(contactMessageSchema, { name: '', email: 'a@example.org', subject: '  ', message: '', locale: 'de' })).toEqual({
      name: REQUIRED,
      subject: REQUIRED,
      message: REQUIRED,
    });
  });

  it('take names in any script, with the joiners and marks they need', () => {
    const result = signUpSchema.safeParse({
      firstName: 'علي\u200F',
      lastName: 'क्\u200Dष',
      email: 'a@example.org',
      password: 'secret-1',
      locale: 'de',
    });
    expect(result.success).toBe(true);
  });
});
