import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { BLOG_LIMITS } from '@shared/constants';
import { blogPostInputSchema } from '@shared/schemas/blog';
import { newsletterContentSchema } from '@shared/schemas/newsletter';
import { translateIssues } from '@client/lib/forms/translate-issues';

// The German source texts: the messages are compiled from the macros' own text when no catalog is loaded.
const i18n = setupI18n({ locale: 'de', messages: { de: {} } });

function errorsOf(schema: ZodType, input: unknown) {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  return translateIssues(result.error?.issues ?? [], i18n);
}

const post = (de: Record<string, unknown>, rest: Record<string, unknown> = {}) => ({
  translations: { de: { title: 'Titel', content: 'Text', ...de } },
  ...rest,
});

describe('translateIssues', () => {
  it('puts a too long tag on the tags field, counted in characters', () => {
    const errors = errorsOf(blogPostInputSchema, post({ tags: `eins, zwei, ${'x'.repeat(BLOG_LIMITS.tagLength + 1)}` }));
    expect(errors).toEqual({ 'translations.de.tags': `Ein Tag darf höchstens ${BLOG_LIMITS.tagLength} Zeichen lang sein.` });
  });

  it('counts too many tags in tags, not characters', () => {
    const tags = Array.from({ length: BLOG_LIMITS.tags + 1 }, (_, index) => `tag${index}`).join(',');
    expect(errorsOf(blogPostInputSchema, post({ tags }))).toEqual({
      'translations.de.tags': `Bitte geben Sie höchstens ${BLOG_LIMITS.tags} Tags ein.`,
    });
  });

  it('says that a picture address must start with https://', () => {
    const expected = 'Bitte geben Sie eine Bildadresse ein, die mit https:// beginnt, oder laden Sie ein Bild hoch.';
    expect(errorsOf(blogPostInputSchema, post({ imageAlt: 'Bild' }, { imageUrl: 'http://example.org/a.jpg' }))).toEqual({
      imageUrl: expected,
    });
    expect(errorsOf(newsletterContentSchema, { subjectDe: 'Betreff', bodyDe: 'Text', imageUrl: 'http://example.org/a.jpg' })).toMatchObject(
      {
        imageUrl: expected,
      },
    );
  });
});
