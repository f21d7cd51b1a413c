import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// ADR 048: zod and the shared schemas (about 26 KiB gzip) are not part of a public page's load; a form
// fetches them when a field first gets focus, or when it is sent, and checks with them as before.

/** The script files the page has requested so far, by file name. */
function scriptRequests(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') names.push(new URL(request.url()).pathname.split('/').pop() ?? '');
  });
  return names;
}

const SCHEMAS_FILE = /^schemas-.+\.js$/;

test('the blog page fetches the form checking code only when its newsletter field gets focus, then checks with it', async ({ page }) => {
  const scripts = scriptRequests(page);
  await page.goto('/blog');
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((name) => SCHEMAS_FILE.test(name))).toEqual([]);

  const form = page.getByRole('form', { name: 'Newsletter abonnieren' });
  const fetched = page.waitForRequest((request) => SCHEMAS_FILE.test(new URL(request.url()).pathname.split('/').pop() ?? ''));
  await form.getByLabel('E-Mail-Adresse').click();
  await fetched;

  await form.getByLabel('E-Mail-Adresse').fill('keine-adresse');
  await form.getByRole('button', { name: 'Abonnieren' }).click();
  await expect(form.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeVisible();
  // Checked in the browser: the page stayed where it was (a plain post would have loaded /blog again).
  await expect(page).toHaveURL(/\/blog$/);
});

test('the shop page fetches no form code at all', async ({ page }) => {
  const scripts = scriptRequests(page);
  await page.goto('/shop');
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((name) => SCHEMAS_FILE.test(name) || /^forms-.+\.js$/.test(name))).toEqual([]);
});

test('the unsubscribe page fetches the checking code only when its button is pressed', async ({ page }) => {
  const scripts = scriptRequests(page);
  // A token of the right shape that belongs to nobody: the page offers the button.
  await page.goto(`/newsletter/unsubscribe?token=${'a'.repeat(32)}`);
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((name) => SCHEMAS_FILE.test(name))).toEqual([]);

  const fetched = page.waitForRequest((request) => SCHEMAS_FILE.test(new URL(request.url()).pathname.split('/').pop() ?? ''));
  await page.getByRole('button', { name: 'Vom Newsletter abmelden' }).click();
  await fetched;
  await expect(page.getByText('Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet.')).toBeVisible();
});
