import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, isPhone, test, waitingForHydration } from './fixtures';
import { callMutation, tokenFromMailTo, uniqueEmail } from './support';

/** Each browser project works in a category of its own, so parallel runs cannot see each other's posts. */
const ownCategory = (page: Page) => (isPhone(page) ? 'Fundraising' : 'Technologie');

test('an admin creates, publishes, features, edits and deletes a post', async ({ page, signedInAs }) => {
  await signedInAs('admin');
  const category = ownCategory(page);
  const title = `Solarstrom für alle ${Date.now()}`;
  await page.goto('/blog-admin');
  await expect(page.getByRole('heading', { name: 'Blog-Verwaltung' })).toBeVisible();

  await page.getByRole('button', { name: 'Neuer Post' }).click();
  const form = page.getByRole('form', { name: 'Neuer Post' });
  await form.getByRole('button', { name: 'Post erstellen' }).click();
  await expect(form.getByText('Dieses Feld ist erforderlich.').first()).toBeVisible();
  await form.getByLabel('Titel').fill(title);
  await form.getByLabel('Kurzbeschreibung').fill('Wie die Sonne unser Klassenzimmer versorgt.');
  await form.getByLabel('Inhalt').fill('Erster Absatz.\n\nZweiter Absatz mit <script>alert(1)</script> als Text.');
  await form.getByLabel('Kategorie').click();
  await page.getByRole('option', { name: category === 'Technologie' ? 'Technologie' : 'Fundraising' }).click();
  await form.getByLabel('Tags').fill('Solar, Energie, , Technik ');
  await form.getByRole('button', { name: 'Post erstellen' }).click();
  await expect(page.getByText('Post erstellt')).toBeVisible();

  const row = page.getByRole('article', { name: title });
  await expect(row.getByText('Entwurf')).toBeVisible();
  await expect(row).toContainText('Ada Admin'); // the default author: the admin's name

  // A draft is not public. (A visitor's page in the same browser; its reloads wait for hydration, so the
  // featured post's link below opens the dialog rather than, clicked too early, the article page.)
  const publicPage = waitingForHydration(await page.context().newPage());
  await publicPage.goto(`/blog?category=${category}`);
  await expect(publicPage.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  await expect(publicPage.getByText(title)).toHaveCount(0);

  await row.getByRole('button', { name: 'Veröffentlichen' }).click();
  await expect(page.getByText('Post veröffentlicht')).toBeVisible();
  await expect(row.getByText('Veröffentlicht', { exact: true })).toBeVisible();
  await publicPage.reload();
  await expect(publicPage.getByTestId('post-card').filter({ hasText: title })).toBeVisible();

  await row.getByRole('button', { name: 'Als Feature markieren' }).click();
  await expect(page.getByText('Als Feature markiert')).toBeVisible();
  await publicPage.reload();
  await expect(publicPage.getByTestId('featured-post')).toContainText(title);
  await expect(publicPage.getByTestId('post-card').filter({ hasText: title })).toHaveCount(0);

  await row.getByRole('button', { name: 'Bearbeiten' }).click();
  const editForm = page.getByRole('form', { name: 'Post bearbeiten' });
  await expect(editForm.getByLabel('Tags')).toHaveValue('Solar, Energie, Technik');
  await editForm.getByLabel('Titel').fill(`${title} (aktualisiert)`);
  await editForm.getByRole('button', { name: 'Änderungen speichern' }).click();
  await expect(page.getByText('Post aktualisiert')).toBeVisible();
  const updatedRow = page.getByRole('article', { name: `${title} (aktualisiert)` });
  await expect(updatedRow).toBeVisible();

  // The post's content is shown as text, never run as HTML.
  await publicPage.reload();
  await publicPage.getByTestId('featured-post').getByRole('link').click();
  const dialog = publicPage.getByTestId('post-dialog');
  await expect(dialog.getByTestId('post-content')).toContainText('<script>alert(1)</script>');
  await expect(dialog.locator('script')).toHaveCount(0);
  await publicPage.close();

  await updatedRow.getByRole('button', { name: 'Löschen' }).click();
  await expect(page.getByText('Sind Sie sicher, dass Sie diesen Post löschen möchten?')).toBeVisible();
  await page.getByRole('dialog', { name: 'Post löschen' }).getByRole('button', { name: 'Löschen' }).click();
  await expect(page.getByText('Post gelöscht')).toBeVisible();
  // The post's own buttons are gone with it: focus waits on "Neuer Post", not at the top of the page.
  await expect(page.getByRole('button', { name: 'Neuer Post' })).toBeFocused();
  await expect(page.getByRole('article', { name: `${title} (aktualisiert)` })).toHaveCount(0);
});

test('a visitor filters by category, loads more, opens a post in the dialog and by its own address', async ({
  page,
  baseURL,
  signedInAs,
}) => {
  // More published posts than one page holds, in a category no other test touches.
  await signedInAs('admin');
  const stamp = Date.now();
  for (let i = 1; i <= 11; i++) {
    await callMutation(
      page,
      'blog.create',
      {
        translations: { de: { title: `Teamnotiz ${stamp} Nr. ${i}`, content: `Inhalt ${i}`, tags: 'eins, zwei, drei, vier' } },
        category: 'Team',
        published: true,
      },
      baseURL,
    );
  }
  // From here on, a visitor: the browser forgets the admin's session.
  await page.context().clearCookies();

  await page.goto('/blog');
  const filters = page.getByRole('group', { name: 'Nach Kategorie filtern' });
  // A button for each category with published posts (other tests may add Technologie and Fundraising), in the fixed order.
  const order = [
    'Vereinsgeschichte',
    'Entwicklung',
    'Partnerschaften',
    'Bildung',
    'Installation',
    'Projektplanung',
    'Technologie',
    'Fundraising',
    'Team',
  ];
  const names = await filters.getByRole('link').allTextContents();
  expect(names[0]).toBe('Alle');
  expect(names).toEqual(
    expect.arrayContaining(['Vereinsgeschichte', 'Entwicklung', 'Partnerschaften', 'Bildung', 'Installation', 'Projektplanung', 'Team']),
  );
  expect(names.slice(1)).toEqual(order.filter((name) => names.includes(name)));
  await expect(filters.getByRole('link', { name: 'Alle' })).toHaveAttribute('aria-current', 'page');

  // The demo content has a post in "Vereinsgeschichte".
  await filters.getByRole('link', { name: 'Vereinsgeschichte' }).click();
  await expect(page).toHaveURL(/\?category=Vereinsgeschichte$/);
  await expect(filters.getByRole('link', { name: 'Vereinsgeschichte' })).toHaveAttribute('aria-current', 'page');
  const cards = page.getByTestId('post-card');
  await expect(cards.first()).toBeVisible();
  // Read all cards at one moment (the previous list may still be on its way out), until every one is in the category.
  await expect(async () => {
    const texts = await cards.allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toContain('Vereinsgeschichte');
  }).toPass();

  await page.goto('/blog?category=Team');
  await expect(cards).toHaveCount(9);
  await expect(cards.first()).toContainText(`Teamnotiz ${stamp} Nr. 11`); // newest first
  await expect(cards.first().getByTestId('card-tags')).toHaveText(/eins\s*zwei\s*\+2/);
  await expect(cards.first()).toContainText('5 Min Lesezeit');
  await page.getByRole('button', { name: 'Mehr laden' }).click();
  await expect(page.getByText(`Teamnotiz ${stamp} Nr. 1`, { exact: true })).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(11);

  await page.getByRole('link', { name: `Teamnotiz ${stamp} Nr. 5`, exact: true }).click();
  const dialog = page.getByTestId('post-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Inhalt 5');
  await expect(dialog).toContainText('vier');
  await expect(page).toHaveURL(new RegExp(`/blog/teamnotiz-${stamp}-nr-5`));
  await expect(page).toHaveTitle(new RegExp(`Teamnotiz ${stamp} Nr. 5`));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/blog\?category=Team$/);

  // A direct link opens the post as its own article page, with a real 200 and its own title for crawlers.
  const response = await page.goto(`/blog/teamnotiz-${stamp}-nr-3`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: `Teamnotiz ${stamp} Nr. 3` })).toBeVisible();
  await expect(page.getByTestId('article')).toContainText('Inhalt 3');
  await expect(page.getByTestId('post-dialog')).toHaveCount(0);
  expect(await response?.text()).toContain(`<title>Teamnotiz ${stamp} Nr. 3 · SchoolBox</title>`);
});

test('a newsletter subscription is confirmed through the link in the mail', async ({ page }) => {
  const email = uniqueEmail('newsletter');
  await page.goto('/blog');
  const form = page.getByRole('form', { name: 'Newsletter abonnieren' });
  await form.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill('kein-gueltiger-wert');
  await form.getByRole('button', { name: 'Abonnieren' }).click();
  await expect(form.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeVisible();
  await form.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
  await form.getByRole('button', { name: 'Abonnieren' }).click();
  await expect(page.getByText('Fast geschafft!')).toBeVisible();

  const token = await tokenFromMailTo(email, '/newsletter/confirm');
  await page.goto(`/newsletter/confirm?token=${token}`);
  await expect(page.getByText('Abonnement bestätigt')).toBeVisible();
});

test('the blog and the admin dashboard have no serious accessibility violations', async ({ page, signedInAs }) => {
  await page.goto('/blog');
  await expect(page.getByTestId('post-card').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await signedInAs('admin');
  await page.goto('/blog-admin');
  await expect(page.getByTestId('admin-post').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Neuer Post' }).click();
  await expect(page.getByRole('form', { name: 'Neuer Post' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('an unknown or unpublished post address answers 404', async ({ page, consoleErrors }) => {
  const response = await page.goto(`/blog/gibt-es-nicht-${uniqueEmail('x').slice(0, 8)}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !e.includes('404')));
});

test('the post form names a too long tag at the tags field, and warns that a passed moment fixes the date @desktop-only', async ({
  page,
  signedInAs,
}) => {
  await signedInAs('admin');
  await page.goto('/blog-admin');
  await page.getByRole('button', { name: 'Neuer Post' }).click();
  const form = page.getByRole('form', { name: 'Neuer Post' });
  await form.getByLabel('Titel').fill(`Nie gespeichert ${Date.now()}`);
  await form.getByLabel('Inhalt').fill('Text.');
  // The third tag is too long: its message goes to the tags field, the form stays open and unsaved.
  await form.getByLabel('Tags').fill(`eins, zwei, ${'x'.repeat(41)}`);
  await form.getByRole('button', { name: 'Post erstellen' }).click();
  await expect(form.getByText('Ein Tag darf höchstens 40 Zeichen lang sein.')).toBeVisible();
  await expect(page.getByText('Post erstellt')).toHaveCount(0);

  await form.getByRole('switch', { name: 'Veröffentlicht' }).check();
  const publishAt = form.getByLabel('Veröffentlichen am (Berliner Zeit)');
  await publishAt.fill('2020-01-01T10:00');
  await expect(form.getByText('Dieser Zeitpunkt ist vorbei: Der Post erscheint sofort, mit diesem Datum')).toBeVisible();
  await publishAt.fill('2099-01-01T10:00');
  await expect(form.getByText('Mit einem Zeitpunkt in der Zukunft erscheint der Post erst dann.')).toBeVisible();

  // Closing a changed form asks first, inside the dialog: kept, everything typed is still there; discarded, it closes.
  await page.keyboard.press('Escape');
  const question = page.getByRole('group', { name: 'Ihre Änderungen an diesem Post sind nicht gespeichert.' });
  await expect(question.getByRole('button', { name: 'Weiter bearbeiten' })).toBeFocused();
  await question.getByRole('button', { name: 'Weiter bearbeiten' }).click();
  await expect(question).toBeHidden();
  await expect(form.getByLabel('Inhalt')).toHaveValue('Text.');
  await form.getByRole('button', { name: 'Abbrechen' }).click();
  await page.getByRole('button', { name: 'Änderungen verwerfen' }).click();
  await expect(form).toBeHidden();
});

/**
 * Answers every tRPC call of a request whose path names `procedure` with HTTP 500, as a failing server
 * would: one error per call of the batch (httpBatchLink may send other queries with it).
 */
async function failProcedure(page: Page, procedure: string): Promise<string> {
  const pattern = `**/api/trpc/*${procedure}*`;
  await page.route(pattern, (route) => {
    const calls = decodeURIComponent(new URL(route.request().url()).pathname.replace(/^\/api\/trpc\//, '')).split(',');
    return route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify(
        calls.map(() => ({
          error: {
            message: 'Internal server error',
            code: -32603,
            data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, appCode: null, fieldErrors: null, details: null },
          },
        })),
      ),
    });
  });
  return pattern;
}

/** The browser's own line for an answer with status 500 of the API (a failure the test itself made). */
const isApiServerError = (message: string) => message.startsWith('Failed to load resource: the server responded with a status of 500');

test('a blog admin list that fails to load says so with "Erneut versuchen", never "no posts"; the retry shows the list', async ({
  page,
  signedInAs,
  consoleErrors,
}) => {
  await signedInAs('admin');
  // The list comes with a page the server renders: the browser fetches it itself on a navigation in the app.
  await page.goto('/newsletter-admin');
  const failing = await failProcedure(page, 'blog.listAll');
  await page.getByRole('navigation', { name: 'Verwaltung' }).getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/blog-admin$/);
  await expect(page.getByRole('heading', { name: 'Blog-Verwaltung' })).toBeVisible();

  // The browser asks a few times (with a growing wait) before it gives up: a generous wait.
  const retry = page.getByRole('button', { name: 'Erneut versuchen' });
  await expect(retry).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('alert').filter({ has: retry })).toContainText('Fehler beim Laden');
  await expect(page.getByText('Noch keine Blog-Posts vorhanden.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Ersten Post erstellen' })).toHaveCount(0);
  await expect(page.getByTestId('admin-post')).toHaveCount(0);

  // The server answers again: "Erneut versuchen" brings the list.
  await page.unroute(failing);
  await retry.click();
  await expect(page.getByTestId('admin-post').first()).toBeVisible({ timeout: 30_000 });
  await expect(retry).toHaveCount(0);
  await expect(page.getByText('Noch keine Blog-Posts vorhanden.')).toHaveCount(0);

  // The failures were this test's own doing.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((message) => !isApiServerError(message)));
});

test('the post form loads its post when it opens: a load that fails says so in the dialog with "Erneut versuchen"; the retry shows the form', async ({
  page,
  signedInAs,
  consoleErrors,
}) => {
  await signedInAs('admin');
  await page.goto('/blog-admin');
  // The list holds titles and states only; the form asks for the whole post (blog.adminGet). The oldest
  // post (demo content) is read only: the newest may be another test's, which deletes it meanwhile.
  const row = page.getByTestId('admin-post').last();
  const title = (await row.getAttribute('aria-label')) ?? '';
  const failing = await failProcedure(page, 'blog.adminGet');
  await row.getByRole('button', { name: 'Bearbeiten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Post bearbeiten' });
  const retry = dialog.getByRole('button', { name: 'Erneut versuchen' });
  await expect(retry).toBeVisible({ timeout: 30_000 });
  const alert = dialog.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Erneut versuchen' }) });
  await expect(alert).toContainText('Fehler beim Laden');
  await expect(alert).toContainText('Der Blog-Post konnte nicht geladen werden.');
  await expect(dialog.getByRole('button', { name: 'Änderungen speichern' })).toHaveCount(0);

  await page.unroute(failing);
  await retry.click();
  await expect(dialog.getByRole('textbox', { name: 'Titel' })).toHaveValue(title, { timeout: 30_000 });
  await expect(retry).toHaveCount(0);

  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((message) => !isApiServerError(message)));
});

test('a save that meets another admin hiding the post keeps the typed title, shows the post hidden, and saves it so on request', async ({
  page,
  baseURL,
  signedInAs,
}) => {
  await signedInAs('admin');
  const stamp = `${Date.now()}${isPhone(page) ? 'p' : 'd'}`;
  const title = `Zwei Admins ${stamp}`;
  const typedTitle = `Zwei Admins, neu betitelt ${stamp}`;
  const { slug } = await callMutation<{ slug: string }>(
    page,
    'blog.create',
    { category: ownCategory(page), published: true, translations: { de: { title, content: 'Ein Text.' } } },
    baseURL,
  );
  const publicAnswer = async () => (await fetch(`${new URL(baseURL as string).origin}/blog/${slug}`)).status;
  expect(await publicAnswer()).toBe(200);

  // Admin A opens the post's form.
  await page.goto('/blog-admin');
  await page.getByRole('article', { name: title, exact: true }).getByRole('button', { name: 'Bearbeiten' }).click();
  const form = page.getByRole('form', { name: 'Post bearbeiten' });
  await expect(form.getByLabel('Titel')).toHaveValue(title);
  await expect(form.getByRole('switch', { name: 'Veröffentlicht' })).toBeChecked();

  // Meanwhile admin B (another tab) hides it with the eye.
  const other = waitingForHydration(await page.context().newPage());
  await other.goto('/blog-admin');
  await other.getByRole('article', { name: title, exact: true }).getByRole('button', { name: 'Verstecken' }).click();
  await expect(other.getByText('Post versteckt')).toBeVisible();
  await expect(other.getByRole('article', { name: title, exact: true }).getByText('Entwurf', { exact: true })).toBeVisible();
  await other.close();
  expect(await publicAnswer()).toBe(404);

  // A renames it and saves: refused, with the notice; the typed title stays, the switch shows B's change.
  await form.getByLabel('Titel').fill(typedTitle);
  await form.getByRole('button', { name: 'Änderungen speichern' }).click();
  const notice = form.getByTestId('edit-conflict');
  await expect(notice).toBeVisible();
  await expect(notice).toHaveAttribute('role', 'alert');
  await expect(notice).toContainText('Jemand anderes hat diesen Post geändert, während Sie ihn bearbeitet haben.');
  await expect(notice).toContainText('Der Post ist inzwischen versteckt; das Formular zeigt ihn jetzt so.');
  await expect(form.getByLabel('Titel')).toHaveValue(typedTitle);
  await expect(form.getByRole('switch', { name: 'Veröffentlicht' })).not.toBeChecked();
  await expect(page.getByText('Post aktualisiert')).toHaveCount(0);

  // "Trotzdem speichern": A's title, and the post stays hidden.
  await notice.getByRole('button', { name: 'Trotzdem speichern' }).click();
  await expect(page.getByText('Post aktualisiert')).toBeVisible();
  await expect(form).toBeHidden();
  const row = page.getByRole('article', { name: typedTitle, exact: true });
  await expect(row.getByText('Entwurf', { exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: title, exact: true })).toHaveCount(0);
  expect(await publicAnswer()).toBe(404);
  // Reloaded, the stored post says the same.
  await page.reload();
  await expect(page.getByRole('article', { name: typedTitle, exact: true }).getByText('Entwurf', { exact: true })).toBeVisible();
});
