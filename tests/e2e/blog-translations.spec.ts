import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, isPhone, test } from './fixtures';
import { callMutation } from './support';

/** Each browser project works in a category of its own, so parallel runs find their own posts on the first page. */
const ownCategory = (page: Page) => (isPhone(page) ? 'Fundraising' : 'Technologie');

test('an admin writes an English version in its tab; /blog?lang=en shows it in English, a German-only post in German', async ({
  page,
  baseURL,
  signedInAs,
}) => {
  await signedInAs('admin');
  const category = ownCategory(page);
  const stamp = `${Date.now()}${isPhone(page) ? 'p' : 'd'}`;
  const german = `Sonne im Klassenzimmer ${stamp}`;
  const english = `Sunshine in the classroom ${stamp}`;

  await page.goto('/blog-admin');
  await page.getByRole('button', { name: 'Neuer Post' }).click();
  const form = page.getByRole('form', { name: 'Neuer Post' });
  await form.getByLabel('Titel').fill(german);
  await form.getByLabel('Inhalt').fill('Der deutsche Text.');
  await form.getByLabel('Kategorie').click();
  await page.getByRole('option', { name: category }).click();
  // The English tab: left empty it would mean "no English version".
  await form.getByRole('tab', { name: 'English' }).click();
  await form.getByLabel('Titel').fill(english);
  await form.getByLabel('Inhalt').fill('The English text.');
  await form.getByLabel('Tags').fill('Solar, School');
  await form.getByRole('button', { name: 'Post erstellen' }).click();
  await expect(page.getByText('Post erstellt')).toBeVisible();
  const row = page.getByRole('article', { name: german });
  await row.getByRole('button', { name: 'Veröffentlichen' }).click();
  await expect(page.getByText('Post veröffentlicht')).toBeVisible();

  // Saved: editing shows the English version in its tab.
  await row.getByRole('button', { name: 'Bearbeiten' }).click();
  const editForm = page.getByRole('form', { name: 'Post bearbeiten' });
  await editForm.getByRole('tab', { name: 'English' }).click();
  await expect(editForm.getByLabel('Titel')).toHaveValue(english);
  await editForm.getByRole('tab', { name: 'Français' }).click();
  await expect(editForm.getByLabel('Titel')).toHaveValue('');
  await editForm.getByRole('button', { name: 'Abbrechen' }).click();

  const germanOnly = `Nur auf Deutsch ${stamp}`;
  await callMutation(
    page,
    'blog.create',
    { category, published: true, translations: { de: { title: germanOnly, content: 'Nur deutsch.' } } },
    baseURL,
  );
  await page.context().clearCookies();

  await page.goto(`/blog?lang=en&category=${category}`);
  const translatedCard = page.locator('[data-testid="post-card"], [data-testid="featured-post"]').filter({ hasText: english });
  await expect(translatedCard).toHaveAttribute('lang', 'en');
  await expect(page.getByText(german)).toHaveCount(0);
  const germanCard = page.locator('[data-testid="post-card"], [data-testid="featured-post"]').filter({ hasText: germanOnly });
  await expect(germanCard).toHaveAttribute('lang', 'de');
  // The page's feed, in its language: in the head and as a visible link.
  await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/blog/rss.xml?lang=en');
  await expect(page.getByRole('main').locator('a[href="/blog/rss.xml?lang=en"]')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const feed = await (await page.request.get(`${baseURL}/blog/rss.xml?lang=en`)).text();
  expect(feed).toContain(english);
  expect(feed).not.toContain(german);
});
