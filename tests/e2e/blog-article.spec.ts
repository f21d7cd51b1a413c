import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, isPhone, test } from './fixtures';
import { callMutation } from './support';

/** Each browser project works in a category of its own, so parallel runs do not crowd each other's list. */
const ownCategory = (page: Page) => (isPhone(page) ? 'Installation' : 'Projektplanung');

type CreatedPost = { slug: string };

/** Two published posts, the second one newer, written over the API as a fresh admin; then a visitor again. */
async function twoPosts(page: Page, baseURL: string | undefined, signedInAs: (role: 'admin') => Promise<unknown>) {
  await signedInAs('admin');
  const stamp = `${Date.now()}${isPhone(page) ? 'p' : 'd'}`;
  const create = (title: string, content: string) =>
    callMutation<CreatedPost>(
      page,
      'blog.create',
      { category: ownCategory(page), published: true, translations: { de: { title, content, tags: 'Artikel, Seite' } } },
      baseURL,
    );
  const older = { title: `Artikel ${stamp} eins`, ...(await create(`Artikel ${stamp} eins`, 'Der erste Text.\n\nMit Absatz.')) };
  const newer = { title: `Artikel ${stamp} zwei`, ...(await create(`Artikel ${stamp} zwei`, 'Der zweite Text.')) };
  await page.context().clearCookies();
  return { older, newer };
}

test('a post opens as a dialog from the list and as its own article page by its address', async ({ page, baseURL, signedInAs }) => {
  const { older, newer } = await twoPosts(page, baseURL, signedInAs);

  // From the list: the dialog above the list, at the article's own address.
  await page.goto(`/blog?category=${ownCategory(page)}`);
  await page.getByRole('link', { name: older.title, exact: true }).click();
  const dialog = page.getByTestId('post-dialog');
  await expect(dialog).toContainText('Der erste Text.');
  await expect(page).toHaveURL(new RegExp(`/blog/${older.slug}\\?category=${ownCategory(page)}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeAttached();

  // Reloaded, the same address is the article page: the post's title is the h1, no dialog, no list.
  const scripts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: older.title })).toBeVisible();
  await expect(page.getByTestId('post-dialog')).toHaveCount(0);
  // The dialog's code (Modal, ScrollArea) is not fetched for the article page.
  await page.waitForLoadState('load');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((path) => /\/(PostDialog|Modal|ScrollArea)-/.test(path))).toEqual([]);
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toHaveCount(0);
  await expect(page.getByTestId('article')).toContainText('Der erste Text.');
  await expect(page.getByTestId('article')).toHaveAttribute('lang', 'de');

  // Share links are plain links to each service, carrying the article's address.
  const shares = page.getByRole('navigation', { name: 'Beitrag teilen' });
  const address = encodeURIComponent(`${baseURL}/blog/${older.slug}`);
  await expect(shares.getByRole('link', { name: 'Auf LinkedIn teilen' })).toHaveAttribute(
    'href',
    `https://www.linkedin.com/sharing/share-offsite/?url=${address}`,
  );
  await expect(shares.getByRole('link', { name: 'Per E-Mail teilen' })).toHaveAttribute(
    'href',
    new RegExp(`^mailto:\\?subject=.*${address}`),
  );
  await expect(shares.getByRole('link', { name: 'Auf WhatsApp teilen' })).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=/);
  await expect(shares.getByRole('link', { name: 'Auf Mastodon teilen' })).toHaveAttribute('href', /^https:\/\/mastodonshare\.com\/\?text=/);

  await expectNoSeriousA11yViolations(page);

  // Next leads to a newer post (the one written after it, unless another test's post came between), and
  // that post's "previous" leads back.
  const neighbours = page.getByRole('navigation', { name: 'Weitere Beiträge' });
  await neighbours.getByRole('link', { name: /Nächster Beitrag/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: older.title })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Weitere Beiträge' })
    .getByRole('link', { name: /Vorheriger Beitrag/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: older.title })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/blog/${older.slug}(\\?|$)`));

  // The newer post is a page of its own too, and the way back leads to the list.
  await page.goto(`/blog/${newer.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: newer.title })).toBeVisible();
  await page.getByRole('link', { name: 'Zurück zum Blog' }).click();
  await expect(page).toHaveURL(/\/blog(\?|$)/);
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
});

test('a German-only post on the English site says so and is marked as German', async ({ page, baseURL, signedInAs }) => {
  const { older } = await twoPosts(page, baseURL, signedInAs);
  await page.goto(`/blog/${older.slug}?lang=en`);
  await expect(page.getByRole('heading', { level: 1, name: older.title })).toBeVisible();
  await expect(page.getByTestId('post-language-note')).toBeVisible();
  await expect(page.getByTestId('article')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('link', { name: 'Back to the blog' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('on the French blog the cards link to the French article; a click opens the dialog, a reload the French article page', async ({
  page,
  baseURL,
  signedInAs,
}) => {
  await signedInAs('admin');
  const stamp = `${Date.now()}${isPhone(page) ? 'p' : 'd'}`;
  const german = `Sprache der Karte ${stamp}`;
  const french = `La langue de la carte ${stamp}`;
  const { slug } = await callMutation<CreatedPost>(
    page,
    'blog.create',
    {
      category: ownCategory(page),
      published: true,
      translations: { de: { title: german, content: 'Der deutsche Text.' }, fr: { title: french, content: 'Le texte français.' } },
    },
    baseURL,
  );
  await page.context().clearCookies();

  // The server's HTML: every card's link (the featured one's too) carries the page's language.
  const response = await page.goto('/blog?lang=fr');
  const html = (await response?.text()) ?? '';
  // Each card's first link to an article, read from the markup after the card's test id.
  const cardLinks = html
    .split(/data-testid="(?:post-card|featured-post)"/)
    .slice(1)
    .map((card) => /<a [^>]*href="(\/blog\/[^"]+)"/.exec(card)?.[1]?.replaceAll('&amp;', '&'));
  expect(cardLinks.length).toBeGreaterThan(1);
  for (const href of cardLinks) expect(href).toMatch(/^\/blog\/[a-z0-9-]+\?lang=fr$/);
  // As the page shows them once it runs.
  const hrefs = await page
    .getByTestId('post-card')
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) expect(href).toMatch(/\?lang=fr$/);

  // The new post, in its category's list: French title, link with the language; a click is the dialog.
  await page.goto(`/blog?category=${ownCategory(page)}&lang=fr`);
  const link = page.getByRole('link', { name: french, exact: true });
  await expect(link).toHaveAttribute('href', `/blog/${slug}?lang=fr`);
  await link.click();
  const dialog = page.getByTestId('post-dialog');
  await expect(dialog).toContainText('Le texte français.');
  await expect(page).toHaveURL(new RegExp(`/blog/${slug}\\?(.+&)?lang=fr(&|$)`));
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeAttached();

  // Reloaded, the address is the article page, in French (text and the page's own words).
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: french })).toBeVisible();
  await expect(page.getByTestId('post-dialog')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByTestId('article')).toContainText('Le texte français.');
  await expect(page.getByRole('link', { name: 'Retour au blog' })).toBeVisible();
});
