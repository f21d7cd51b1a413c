/**
 * The content editor's forms in the admin screens: an error on a language tab that is not shown opens
 * that tab on the first click; the blog's delete question tells posts of one title apart; a half-written
 * newsletter translation is refused on its tab; and leaving a form with unsaved changes (a link of the
 * admin bar, a reload) asks first, in the newsletter composer, the product names table and the post form,
 * but not once the changes are saved.
 */
import type { Page } from '@playwright/test';
import { expect, isPhone, test } from './fixtures';
import { callMutation } from './support';

const LEAVE_QUESTION = 'Ihre Änderungen sind nicht gespeichert. Möchten Sie die Seite trotzdem verlassen und die Änderungen verwerfen?';

/**
 * Answers the page's browser dialogs (the leave question, the browser's "leave site?" on reload) with
 * the answers queued by `answerNext`, dismissing any unexpected one; `seen` lists every dialog shown.
 */
function browserDialogs(page: Page) {
  const answers: boolean[] = [];
  const seen: Array<{ type: string; message: string }> = [];
  page.on('dialog', async (dialog) => {
    seen.push({ type: dialog.type(), message: dialog.message() });
    if (answers.shift()) await dialog.accept();
    else await dialog.dismiss();
  });
  return {
    seen,
    answerNext: (accept: boolean) => void answers.push(accept),
  };
}

/** Reloads as the reload button does, without waiting for the page to go (a "stay" answer keeps it). */
async function startReload(page: Page) {
  await page.evaluate(() => void setTimeout(() => location.reload(), 0));
}

test('the post form opens the language tab with the error on the first click, and a reload asks first', async ({ page, signedInAs }) => {
  await signedInAs('admin');
  const dialogs = browserDialogs(page);
  await page.goto('/blog-admin');
  await page.getByRole('button', { name: 'Neuer Post' }).click();
  const form = page.getByRole('form', { name: 'Neuer Post' });
  await form.getByLabel('Titel').fill(`Nie gespeichert ${Date.now()}`);
  await form.getByLabel('Inhalt').fill('Deutscher Text.');

  // English with a title but no text; back on the German tab, one click on "Post erstellen".
  await form.getByRole('tab', { name: 'English' }).click();
  await form.getByLabel('Titel').fill('Never saved');
  await form.getByRole('tab', { name: 'Deutsch' }).click();
  await form.getByRole('button', { name: 'Post erstellen' }).click();
  await expect(form.getByRole('tab', { name: /English/ })).toHaveAttribute('aria-selected', 'true');
  const englishText = form.getByLabel('Inhalt');
  await expect(englishText).toBeFocused();
  await expect(englishText).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Dieses Feld ist erforderlich.')).toBeVisible();
  await expect(page.getByText('Post erstellt')).toHaveCount(0);

  // With a picture, the English description is missing: from the German tab, one click opens English again.
  await englishText.fill('English text.');
  await form.getByLabel('Bild-URL').fill('https://example.org/schoolbox.jpg');
  await form.getByRole('tab', { name: 'Deutsch' }).click();
  await form.getByLabel('Bildbeschreibung (Alternativtext)').fill('Kinder vor der SchoolBox');
  await form.getByRole('button', { name: 'Post erstellen' }).click();
  await expect(form.getByRole('tab', { name: /English/ })).toHaveAttribute('aria-selected', 'true');
  await expect(form.getByLabel('Bildbeschreibung (Alternativtext)')).toBeFocused();
  await expect(form.getByText('Bitte beschreiben Sie das Bild für alle, die es nicht sehen können.')).toBeVisible();

  // A reload with the changes unsaved: the browser asks; "stay" keeps everything typed.
  await startReload(page);
  await expect.poll(() => dialogs.seen.map((dialog) => dialog.type)).toEqual(['beforeunload']);
  await expect(form.getByLabel('Inhalt')).toHaveValue('English text.');
  // Closed without saving (discarded on purpose), a reload asks nothing.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Änderungen verwerfen' }).click();
  await expect(form).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Blog-Verwaltung' })).toBeVisible();
  expect(dialogs.seen).toHaveLength(1);
});

test('the delete question names the date, the state and the address of posts with one title', async ({ page, baseURL, signedInAs }) => {
  await signedInAs('admin');
  const title = `Zweimal derselbe Titel ${Date.now()}${isPhone(page) ? 'p' : 'd'}`;
  const origin = new URL(baseURL as string).origin;
  const create = (extra: Record<string, unknown>) =>
    callMutation<{ slug: string }>(page, 'blog.create', { translations: { de: { title, content: 'Text.' } }, ...extra }, origin);
  const published = await create({ published: true });
  const draft = await create({ published: false });
  const scheduled = await create({ published: true, publishAt: '2099-01-01T10:00' });
  expect(new Set([published.slug, draft.slug, scheduled.slug]).size).toBe(3);

  await page.goto('/blog-admin');
  const rows = page.getByRole('article', { name: title, exact: true });
  await expect(rows).toHaveCount(3);
  const seen: string[] = [];
  for (let i = 0; i < 3; i++) {
    await rows.nth(i).getByRole('button', { name: 'Löschen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Post löschen' });
    const summary = dialog.getByTestId('delete-post-summary');
    await expect(summary).toContainText(title);
    await expect(summary).toContainText(/Datum: \d{1,2}\. \S+ \d{4}/);
    const text = (await summary.textContent()) ?? '';
    seen.push(text);
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toBeHidden();
  }
  for (const [post, state] of [
    [published, 'Status: Veröffentlicht'],
    [draft, 'Status: Entwurf'],
    [scheduled, 'Status: geplant für 01.01.2099, 10:00'],
  ] as const) {
    expect(
      seen.filter((text) => text.includes(`Adresse: /blog/${post.slug}`) && text.includes(state)),
      `${state} at /blog/${post.slug}`,
    ).toHaveLength(1);
  }
});

test('the newsletter composer refuses a half-written translation on its tab, and asks before unsaved changes are left', async ({
  page,
  signedInAs,
}) => {
  await signedInAs('admin');
  const dialogs = browserDialogs(page);
  const stamp = Date.now();
  await page.goto('/newsletter-admin/new');
  const form = page.getByRole('form', { name: 'Newsletter verfassen' });
  await form.getByRole('textbox', { name: 'Betreff' }).fill(`Halb übersetzt ${stamp}`);
  await form.getByRole('textbox', { name: 'Inhalt' }).fill('Deutscher Text.');
  // French with a subject only: refused on the French tab (once French subscribers were sent German).
  await form.getByRole('tab', { name: 'Français' }).click();
  await form.getByRole('textbox', { name: 'Betreff' }).fill('Nouvelles');
  await form.getByRole('tab', { name: 'Deutsch' }).click();
  await form.getByRole('button', { name: 'Entwurf speichern' }).click();
  await expect(form.getByRole('tab', { name: /Français/ })).toHaveAttribute('aria-selected', 'true');
  await expect(form.getByRole('textbox', { name: 'Inhalt' })).toBeFocused();
  await expect(form.getByText('Dieses Feld ist erforderlich.')).toBeVisible();
  await expect(page).toHaveURL(/\/newsletter-admin\/new$/);

  // Completed, it saves, and the way to the saved draft's page asks nothing.
  await form.getByRole('textbox', { name: 'Inhalt' }).fill('Texte français.');
  await form.getByRole('button', { name: 'Entwurf speichern' }).click();
  await expect(page).toHaveURL(/\/newsletter-admin\/(?!new$)[\w-]+$/);
  await expect(page.getByText('Entwurf gespeichert')).toBeVisible();
  const draftUrl = page.url();

  // The subject changed, "Blog" in the admin bar asks; "stay" keeps the page and the change.
  const subject = form.getByRole('textbox', { name: 'Betreff' });
  await form.getByRole('tab', { name: 'Deutsch' }).click();
  await subject.fill(`Geändert ${stamp}`);
  const adminBar = page.getByRole('navigation', { name: 'Verwaltung' });
  await adminBar.getByRole('link', { name: 'Blog' }).click();
  await expect.poll(() => dialogs.seen).toEqual([{ type: 'confirm', message: LEAVE_QUESTION }]);
  await expect(page).toHaveURL(draftUrl);
  await expect(subject).toHaveValue(`Geändert ${stamp}`);

  // A reload asks too (the browser's own question).
  await startReload(page);
  await expect.poll(() => dialogs.seen.map((dialog) => dialog.type)).toEqual(['confirm', 'beforeunload']);
  await expect(subject).toHaveValue(`Geändert ${stamp}`);

  // Answered "leave", the admin bar's link goes on to the blog.
  dialogs.answerNext(true);
  await adminBar.getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/blog-admin$/);
  expect(dialogs.seen).toHaveLength(3);
  // The router has finished that navigation (a page.goto during it is aborted: ERR_ABORTED).
  await expect(page.getByRole('button', { name: 'Neuer Post' })).toBeVisible();

  // Saved, nothing is asked on the way out.
  await page.goto(draftUrl);
  await form.getByRole('textbox', { name: 'Betreff' }).fill(`Gespeichert ${stamp}`);
  await form.getByRole('button', { name: 'Entwurf speichern' }).click();
  await expect(page.getByText('Entwurf gespeichert')).toBeVisible();
  await adminBar.getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/blog-admin$/);
  expect(dialogs.seen).toHaveLength(3);
});

test('the product names table asks before a typed name is left unsaved', async ({ page, signedInAs }) => {
  await signedInAs('admin');
  const dialogs = browserDialogs(page);
  await page.goto('/shop-admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Produktnamen übersetzen' })).toBeVisible();
  // Nothing typed: the admin bar's links go without a question.
  const adminBar = page.getByRole('navigation', { name: 'Verwaltung' });
  await adminBar.getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/blog-admin$/);
  await expect(page.getByRole('button', { name: 'Neuer Post' })).toBeVisible();
  await page.goto('/shop-admin');

  // A product of each browser project's own (the other one runs at the same time); nothing is saved here.
  const product = isPhone(page) ? 'SchoolBox Hoodie' : 'Trinkflasche aus Edelstahl';
  const english = page.getByRole('form', { name: product, exact: true }).getByRole('textbox', { name: 'Englisch' });
  await english.fill('Never saved');
  await adminBar.getByRole('link', { name: 'Blog' }).click();
  await expect.poll(() => dialogs.seen).toEqual([{ type: 'confirm', message: LEAVE_QUESTION }]);
  await expect(page).toHaveURL(/\/shop-admin$/);
  await expect(english).toHaveValue('Never saved');

  dialogs.answerNext(true);
  await adminBar.getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/blog-admin$/);
});
