import { PUBLIC_PAGES } from '../../src-shared/routes';
import { expect, test } from './fixtures';

// Server rendering (issue 7): the text is there before any script runs, and hydrating it produces no
// error or warning on any page (the fixture fails a test on any console error).

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page, the blog and a post show their text', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Eine Schule in der Box');
    await expect(page.getByTestId('feature-card')).toHaveCount(4);
    await expect(page.getByTestId('feature-card').first()).toBeVisible();

    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
    const title = (await page.getByTestId('featured-post').getByRole('heading').innerText()).trim();
    expect(title.length).toBeGreaterThan(5);

    // Without scripts the link is a plain page load: the post's own article page (h1 = its title).
    await page.getByTestId('featured-post').getByRole('link').click();
    await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByTestId('post-content')).not.toBeEmpty();
  });
});

// The public pages but the shop (shop.spec.ts covers it) and the sign-in pages, which any visitor can open.
const PAGES = [...PUBLIC_PAGES.filter((path) => path !== '/shop'), '/auth', '/auth/forgot'];

test('every page hydrates without an error or warning, in every language', async ({ page }) => {
  // Every public page in three languages: nearly 3 minutes alone on two cores, longer beside other work.
  test.setTimeout(600_000);
  const warnings: string[] = [];
  page.on('console', (message) => message.type() === 'warning' && warnings.push(`${page.url()}: ${message.text()}`));
  for (const path of PAGES) {
    for (const lang of ['de', 'en', 'fr']) {
      const response = await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
      expect(response?.status(), path).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
    }
  }
  expect(warnings).toEqual([]);
});

test('a page rendered with a session shows the admin chrome at once, before any request of its own', async ({ page, signedInAs }) => {
  await signedInAs('admin');
  // Rendered once for every admin and then served from the cache (ADR 045): here it arrives as if five
  // minutes after its rendering, and its data still counts as current.
  expect((await page.request.get('/blog')).status()).toBe(200);
  await page.clock.setFixedTime(Date.now() + 5 * 60_000);
  const trpcCalls: string[] = [];
  page.on('request', (request) => request.url().includes('/api/trpc/') && trpcCalls.push(request.url()));
  const response = await page.goto('/blog');
  expect(await response?.text()).toContain('Blog Admin');
  // The session, the site settings and the posts came with the page: hydrating asks for nothing.
  expect(trpcCalls).toEqual([]);
});

test('a shared link with tracking parameters shows the page without them, and the address bar loses them (ADR 052)', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
  // The fixture's goto waits for hydration and fails the test on any console error (a mismatch included).
  const response = await page.goto('/blog?utm_source=newsletter&lang=en&fbclid=IwAR0abc');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/blog\?lang=en$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  // The page's own links keep the parameters a page reads, and only those.
  await expect(page.locator('a[hreflang="fr"]').first()).toHaveAttribute('href', '/blog?lang=fr');
  expect(warnings).toEqual([]);
});
