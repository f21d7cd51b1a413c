/**
 * What the admin's post form does when its save met another admin's change (EDIT_CONFLICT): the values
 * carried over onto the stored version. What the admin typed stays; what they did not touch follows the
 * other change, so a post hidden meanwhile stays hidden unless the admin switched it on in the form.
 */
import { describe, expect, it } from 'vitest';
import type { AdminPost, PostText } from '@shared/schemas/blog';
import { postFormValues } from '@client/features/blog/admin/post-form-values';
import { rebaseValues } from '@client/lib/forms/rebase-values';
import { contentValues } from '@client/features/newsletter/content-fields';
import type { AdminNewsletter } from '@shared/schemas/newsletter';

const text = (title: string, content = 'Ursprünglicher Text'): PostText => ({
  title,
  excerpt: null,
  content,
  tags: ['Solar'],
  imageAlt: null,
});

const post = (change: Partial<AdminPost> = {}): AdminPost => ({
  id: 'p1',
  slug: 'zwei-admins',
  lang: 'de',
  languages: ['de'],
  ...text('Zwei Admins'),
  author: 'Maria Montessori',
  category: 'Bildung',
  imageUrl: null,
  imageAlt: null,
  featured: false,
  translations: { de: text('Zwei Admins'), en: null, fr: null },
  published: true,
  publishedAt: '2026-03-01T10:00:00.000Z',
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  version: 1,
  ...change,
});

describe('the post form after another admin changed the post', () => {
  it('keeps the typo fixed and the hide of the other admin: the post stays hidden', () => {
    const loaded = postFormValues(post());
    const typed = {
      ...loaded,
      translations: { ...loaded.translations, de: { ...loaded.translations.de, title: 'Zwei Admins (korrigiert)' } },
    };
    const hidden = postFormValues(post({ published: false, version: 2 }));

    const values = rebaseValues(loaded, hidden, typed);
    expect(values.published).toBe(false);
    expect(values.translations.de.title).toBe('Zwei Admins (korrigiert)');
    expect(values.translations.de.content).toBe('Ursprünglicher Text');
  });

  it("takes the other admin's text where nothing was typed, and keeps what was typed where both changed", () => {
    const loaded = postFormValues(post());
    const typed = {
      ...loaded,
      category: 'Team',
      translations: { ...loaded.translations, de: { ...loaded.translations.de, title: 'Von Maria' } },
    };
    const theirs = postFormValues(
      post({ version: 2, featured: true, translations: { de: text('Von Bea', 'Neuer Text von Bea'), en: text('By Bea'), fr: null } }),
    );

    const values = rebaseValues(loaded, theirs, typed);
    expect(values).toMatchObject({ category: 'Team', featured: true, published: true });
    expect(values.translations.de).toMatchObject({ title: 'Von Maria', content: 'Neuer Text von Bea' });
    expect(values.translations.en.title).toBe('By Bea');
  });

  it('keeps a switch the admin turned on: saving then publishes on purpose', () => {
    const loaded = postFormValues(post({ published: false }));
    const typed = { ...loaded, published: true };
    const theirs = postFormValues(post({ published: false, featured: true, version: 2 }));
    expect(rebaseValues(loaded, theirs, typed)).toMatchObject({ published: true, featured: true });
  });
});

describe('the newsletter composer after another admin saved the draft', () => {
  it('keeps what was typed and takes the rest from their version', () => {
    const draft = { subjectDe: 'Betreff', bodyDe: 'Text', subjectEn: '', bodyEn: '', version: 1 } as AdminNewsletter;
    const loaded = contentValues(draft);
    const typed = { ...loaded, bodyDe: 'Text von Maria' };
    const theirs = contentValues({ ...draft, subjectDe: 'Betreff von Bea', subjectEn: 'Subject', version: 2 });
    expect(rebaseValues(loaded, theirs, typed)).toMatchObject({
      subjectDe: 'Betreff von Bea',
      bodyDe: 'Text von Maria',
      subjectEn: 'Subject',
    });
  });
});
