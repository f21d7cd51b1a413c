/**
 * What the admin's post form does when its save met another admin's change (EDIT_CONFLICT): the values
 * carried over onto the stored version. What the admin typed stays; what they did not touch follows the
 * other change, so a post hidden meanwhile stays hidden unless the admin switched it on in the form.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminPost, PostText } from '@shared/schemas/blog';
import { postFormValues } from '@client/features/blog/admin/post-form-values';
import { rebaseForm, rebaseValues } from '@client/lib/forms/rebase-values';
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

/** A form as @mantine/form holds it: its values and the values it started from (its dirty reference). */
function formHolding<T>(initial: T, values: T) {
  const state = { initial, values };
  return {
    state,
    getInitialValues: () => state.initial,
    getValues: () => state.values,
    setInitialValues: (next: T) => {
      state.initial = next;
    },
    setValues: (next: T) => {
      state.values = next;
    },
  };
}

describe('a form carried over onto the version a conflict named (rebaseForm)', () => {
  afterEach(() => vi.useRealTimers());

  it('judges "untouched" by what the form started from: a subject the server trimmed on saving follows the other change', () => {
    // Saved as typed, "Betreff " (the form's reference since that save); stored trimmed. Then Bea changed it.
    const draft = { subjectDe: 'Betreff', bodyDe: 'Text', version: 2 } as AdminNewsletter;
    const form = formHolding({ ...contentValues(draft), subjectDe: 'Betreff ' }, { ...contentValues(draft), subjectDe: 'Betreff ' });
    const theirs = contentValues({ ...draft, subjectDe: 'Betreff von Bea', version: 3 });

    rebaseForm(form, theirs);
    expect(form.state.values.subjectDe).toBe('Betreff von Bea');
    // The stored version is the form's new reference: the next save names it, "changed" means from it.
    expect(form.state.initial).toBe(theirs);
  });

  it("does not count a scheduled moment that passed meanwhile as typed: the post's stored state wins", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T09:50:00.000Z'));
    const scheduled = post({ publishedAt: '2026-03-01T10:00:00.000Z' });
    const opened = postFormValues(scheduled);
    expect(opened.publishAt).not.toBe('');
    const typed = { ...opened, translations: { ...opened.translations, de: { ...opened.translations.de, title: 'Neu' } } };
    const form = formHolding(opened, typed);

    // 10:05: the moment has passed (the post is public), and Bea featured it.
    vi.setSystemTime(new Date('2026-03-01T10:05:00.000Z'));
    const theirs = postFormValues(post({ publishedAt: '2026-03-01T10:00:00.000Z', featured: true, version: 2 }));
    const { loaded } = rebaseForm(form, theirs);

    expect(loaded).toBe(opened);
    expect(form.state.values).toMatchObject({ publishAt: '', featured: true });
    expect(form.state.values.translations.de.title).toBe('Neu');
  });
});
