import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// Issue 19: the navigation works as plain HTML. These visitors run no script at all: every step below
// is the browser's own behaviour (a <details> disclosure, a link, a full page load).
test.use({ javaScriptEnabled: false });

const MORE = ['Warum SchoolBox funktioniert', 'Fakten & Zahlen', 'Partnerschaft', 'Unterstützen', 'Kontakt', 'Shop'];

function mainNav(page: Page) {
  return page.getByRole('navigation', { name: /^(Hauptnavigation|Main navigation|Navigation principale)$/ });
}

test('"Mehr" opens and its link leads to the page, where "Mehr" shows as active @desktop-only', async ({ page }) => {
  await page.goto('/');
  const nav = mainNav(page);
  const more = nav.locator('details').filter({ has: page.locator('summary', { hasText: 'Mehr' }) });
  await expect(more.getByRole('link', { name: 'Fakten & Zahlen' })).toBeHidden();
  await expect(more.locator('summary')).not.toHaveAttribute('data-active');

  await more.locator('summary').click();
  await expect(more).toHaveAttribute('open', '');
  await expect(more.getByRole('link')).toHaveText(MORE);
  await more.getByRole('link', { name: 'Fakten & Zahlen' }).click();

  await expect(page).toHaveURL(/\/facts-and-figures$/);
  const moreThere = mainNav(page)
    .locator('details')
    .filter({ has: page.locator('summary', { hasText: 'Mehr' }) });
  await expect(moreThere).not.toHaveAttribute('open');
  await expect(moreThere.locator('summary')).toHaveAttribute('data-active', 'true');
  await expect(moreThere.getByRole('link', { name: 'Fakten & Zahlen', includeHidden: true })).toHaveAttribute('aria-current', 'page');
});

test('the WhatsApp button opens its panel with the chat link @desktop-only', async ({ page }) => {
  await page.goto('/');
  const widget = page.getByTestId('whatsapp-widget');
  await expect(widget.getByRole('dialog', { name: 'SchoolBox-Team' })).toBeHidden();
  await widget.locator('summary').click();
  const panel = widget.getByRole('dialog', { name: 'SchoolBox-Team' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Chat starten' })).toHaveAttribute('href', /^https:\/\/wa\.me\/491701112223\?text=/);
});

test('the language links load the page in that language, and the choice is kept for pages without ?lang', async ({ page }) => {
  await page.goto('/about');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const switcher = page.getByRole('group', { name: 'Sprache wählen' });
  await expect(switcher.getByRole('link', { name: 'Deutsch' })).toHaveAttribute('aria-current', 'page');
  const english = switcher.getByRole('link', { name: 'English' });
  await expect(english).toHaveAttribute('href', '/about?lang=en');
  await expect(english).toHaveAttribute('hreflang', 'en');
  await english.click();

  await expect(page).toHaveURL(/\/about\?lang=en$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('group', { name: 'Choose language' }).getByRole('link', { name: 'English' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  // The server set the cookie: an address without ?lang comes in English too.
  const home = await page.goto('/');
  expect(await home?.text()).toContain('<html lang="en"');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('A school in a box');

  // Back to German the same way.
  await page.getByRole('group', { name: 'Choose language' }).getByRole('link', { name: 'Deutsch' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.goto('/contact');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});

test.describe('on a phone (390 × 844) @phone-only', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu opens and its link leads to the page', async ({ page }) => {
    await page.goto('/');
    const nav = mainNav(page);
    const menu = page.getByTestId('mobile-menu');
    await expect(menu).toBeHidden();
    await nav.locator('summary[aria-label="Menü"]').click();
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'Über uns' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByTestId('mobile-menu')).toBeHidden();
  });

  test('the donate button stands in the header, beside cart and menu', async ({ page }) => {
    await page.goto('/');
    const nav = mainNav(page);
    const donate = nav.getByRole('link', { name: 'Spenden' });
    await expect(donate).toBeVisible();
    await expect(donate).toHaveAttribute('href', '/spenden');
    await expect(page.getByTestId('mobile-menu').getByRole('link', { name: 'Spenden', includeHidden: true })).toHaveCount(0);
  });
});

test.describe('the phone header fits from 360 to 420 px in every language @phone-only', () => {
  for (const width of [360, 420]) {
    for (const [lang, donateName] of [
      ['de', 'Spenden'],
      ['en', 'Donate'],
      ['fr', 'Faire un don'],
    ] as const) {
      test(`${width} px, ${lang}`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`/?lang=${lang}`);
        const nav = mainNav(page);
        const donate = nav.getByRole('link', { name: donateName });
        await expect(donate).toBeVisible();
        // The header is laid out for the site's own font; the fallback shown until it arrives is wider.
        await page.evaluate(() => document.fonts.ready);
        const box = (await donate.boundingBox())!;
        const burger = (await nav.locator('summary').filter({ visible: true }).last().boundingBox())!;
        const cart = (await page.getByTestId('cart-button').boundingBox())!;
        expect(cart.x + cart.width).toBeLessThanOrEqual(box.x);
        expect(box.x + box.width).toBeLessThanOrEqual(burger.x);
        expect(burger.x + burger.width).toBeLessThanOrEqual(width);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      });
    }
  }
});
