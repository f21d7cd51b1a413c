import { expect, expectNoSeriousA11yViolations, test } from './fixtures';

test('home: hero, four feature cards after their skeletons, impact figures and the contact call to action', async ({ page }) => {
  await page.goto('/');
  // The server sends the cards with a skeleton over each for their first second (a CSS delay, so it
  // works before and without JavaScript).
  const skeletons = page.getByTestId('feature-skeleton');
  const cards = page.getByTestId('feature-card');
  await expect(skeletons).toHaveCount(4);
  await expect(cards).toHaveCount(4);
  for (const card of await cards.all()) await expect(card).toBeVisible();
  for (const skeleton of await skeletons.all()) await expect(skeleton).toBeHidden();

  await expect(page.getByRole('link', { name: 'Projekt entdecken' })).toHaveAttribute('href', '/project');
  const figures = page.getByTestId('impact-figure');
  await expect(figures).toHaveCount(4);
  await expect(figures.nth(0)).toContainText('90');
  await expect(figures.nth(1)).toContainText('100 %');
  await expect(figures.nth(3)).toContainText('2025');
  await expect(page.getByRole('link', { name: 'Kontakt aufnehmen' })).toHaveAttribute('href', '/contact');
  await expect(page.getByRole('img', { name: /SchoolBox-Klassenzimmer/ })).toBeVisible();
});

test('home and color-theme have no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('feature-card').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto('/color-theme');
  await expect(page.getByRole('heading', { name: 'Farbthemen' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('color-theme: choosing a theme sets the body class and the primary colour at once', async ({ page }) => {
  await page.goto('/color-theme');
  await expect(page.locator('body')).toHaveClass(/\btheme-orange\b/);
  const primaryButton = page.getByRole('button', { name: 'Primäre Schaltfläche' });
  const orange = await primaryButton.evaluate((el) => getComputedStyle(el).backgroundColor);

  const choices = page.getByRole('group', { name: 'Farbthema wählen' }).getByRole('button');
  await expect(choices).toHaveCount(6);
  await choices.filter({ hasText: 'Ozean' }).click();
  await expect(page.locator('body')).toHaveClass(/\btheme-ocean\b/);
  await expect(page.locator('body')).not.toHaveClass(/\btheme-orange\b/);
  await expect(choices.filter({ hasText: 'Ozean' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => primaryButton.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(14, 116, 144)');
  expect(orange).toBe('rgb(194, 65, 12)');

  await choices.filter({ hasText: 'Warmes Rot' }).click();
  await expect(page.locator('body')).toHaveClass(/\btheme-warm-red\b/);
  // Back to the default: its colours come from the stylesheet again (ThemedMantineProvider).
  await choices.filter({ hasText: 'Standard (Orange)' }).click();
  await expect(page.locator('body')).toHaveClass(/\btheme-orange\b/);
  await expect.poll(() => primaryButton.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(194, 65, 12)');

  // Nothing is persisted: a new page load starts with the default again.
  await page.reload();
  await expect(page.locator('body')).toHaveClass(/\btheme-orange\b/);
});

test('a picture that fails to load shows "Bild nicht verfügbar"', async ({ page, consoleErrors }) => {
  await page.route('**/assets/hero-schoolbox-*.svg', (route) => route.abort());
  await page.goto('/');
  await expect(page.getByText('Bild nicht verfügbar')).toBeVisible();
  await expect(page.getByRole('img', { name: /SchoolBox-Klassenzimmer/ })).toContainText('Bild nicht verfügbar');
  // The aborted request itself is reported by the browser; that is the point of this test.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !e.includes('net::ERR_FAILED')));
});

test('an unknown path answers 404 and shows the 404 page; a 404 met inside the app is reported to the server', async ({
  page,
  consoleErrors,
}) => {
  const reports: string[] = [];
  page.on('request', (request) => request.url().includes('/api/trpc/site.reportNotFound') && reports.push(request.postData() ?? ''));
  const warnings: string[] = [];
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
  const response = await page.goto('/does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
  await expect(page.getByText('/does-not-exist')).toBeVisible();
  await expect(page).toHaveTitle(/Seite nicht gefunden/);
  await expect.poll(() => warnings.some((w) => w.includes('/does-not-exist'))).toBe(true);

  await page.getByRole('link', { name: 'Zur Startseite', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Eine Schule in der Box');
  // The server logged the first 404 when it rendered it; only a 404 inside the app is reported.
  expect(reports).toEqual([]);

  const report = page.waitForResponse((r) => r.url().includes('/api/trpc/site.reportNotFound'));
  await page.evaluate(() => {
    window.history.pushState({}, '', '/auch-nicht-da');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
  expect((await report).status()).toBe(200);
  expect(reports.join()).toContain('/auch-nicht-da');
  // The browser logs the document's own 404 status; that is expected here.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !e.includes('404')));
});
