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

  it('says that a time in the missing hour of the spring night does not exist in Berlin; the times around it are fine', () => {
    // 28 March 2027: the clocks go from 02:00 to 03:00; 02:30 never happens that night.
    const skipped =
      'Diese Uhrzeit gibt es in Berlin nicht: In dieser Nacht wird die Uhr von 2:00 auf 3:00 Uhr vorgestellt. Bitte wählen Sie eine andere Uhrzeit.';
    for (const publishAt of ['2027-03-28T02:00', '2027-03-28T02:30', '2027-03-28T02:59'])
      expect(errorsOf(blogPostInputSchema, post({}, { published: true, publishAt })), publishAt).toEqual({ publishAt: skipped });
    // A date that does not exist at all is the general message.
    expect(errorsOf(blogPostInputSchema, post({}, { published: true, publishAt: '2027-02-30T10:00' }))).toEqual({
      publishAt: 'Bitte geben Sie Datum und Uhrzeit an, zum Beispiel 01.12.2026, 10:00.',
    });
    // Either side of the gap, and the autumn hour that happens twice, are times the clock shows.
    for (const publishAt of ['2027-03-28T01:59', '2027-03-28T03:00', '2027-10-31T02:30'])
      expect(blogPostInputSchema.safeParse(post({}, { published: true, publishAt })).success, publishAt).toBe(true);
  });

  it('saves a draft whatever its disabled time field still holds, and reads the time again once it is published', () => {
    // Typed while published, then switched back to a draft: the field is disabled and the time unused.
    for (const publishAt of ['2027-03-28T02:30', '2027-02-30T10:00']) {
      const draft = blogPostInputSchema.safeParse(post({}, { published: false, publishAt }));
      expect(draft.success, publishAt).toBe(true);
      expect(draft.data?.publishAt, publishAt).toBeNull();
    }
    expect(blogPostInputSchema.parse(post({}, { published: false, publishAt: '2027-04-01T10:00' })).publishAt).toBeNull();
    expect(blogPostInputSchema.parse(post({}, { published: true, publishAt: '2027-04-01T10:00' })).publishAt).toBe(
      '2027-04-01T08:00:00.000Z',
    );
    // Switched on again, the field is enabled and the refusal is where the admin can act on it, with the other errors.
    expect(errorsOf(blogPostInputSchema, post({ title: '' }, { published: true, publishAt: '2027-03-28T02:30' }))).toMatchObject({
      publishAt: expect.stringContaining('Diese Uhrzeit gibt es in Berlin nicht'),
      'translations.de.title': expect.any(String),
    });
  });
});
