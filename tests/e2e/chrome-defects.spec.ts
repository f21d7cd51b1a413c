import { expect, expectNoSeriousA11yViolations, test, waitForHydration } from './fixtures';

// Issue 19, the small defects of the chrome: "Mehr" after pointing, focus return from the cart sheet and
// the post dialog, the broken-image fallback's name and size, and the toast's contrast.

const CART_KEY = 'schoolbox.cart';
/** A line of the demo catalog (src-server/shop/demo-catalog.ts), so the sheet's check keeps it. */
const MUG = { id: 'sb-mug', name: 'SchoolBox Tasse', image: '/images/shop/mug.svg', quantity: 1, priceCents: 1290 };

test('pointing at "Mehr", then clicking, leaves it open; a second click closes it @desktop-only', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  const more = nav.locator('details').filter({ has: page.locator('summary', { hasText: 'Mehr' }) });
  const summary = more.locator('summary');
  await summary.hover();
  await page.waitForTimeout(300);
  await summary.click();
  await expect(more).toHaveAttribute('open', '');
  await expect(more.getByRole('link', { name: 'Kontakt' })).toBeVisible();
  // Still open a while later, with the pointer resting on it.
  await page.waitForTimeout(500);
  await expect(more).toHaveAttribute('open', '');

  await summary.click();
  await expect(more).not.toHaveAttribute('open');

  // Escape closes it and leaves focus on the summary.
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(more).toHaveAttribute('open', '');
  await page.keyboard.press('Escape');
  await expect(more).not.toHaveAttribute('open');
  await expect(summary).toBeFocused();

  // An Escape that comes before the page has handled the opening (its toggle event comes a task later)
  // closes it too: on a busy CI machine the Escape above once came that early and was lost. Opened and
  // escaped in one task, as the browser's default action of Enter and a fast Escape would.
  await summary.evaluate((element) => {
    (element.parentElement as HTMLDetailsElement).open = true;
    element.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  });
  await expect(more).not.toHaveAttribute('open');
  await expect(summary).toBeFocused();
});

test('"Mehr" shows as active on its own pages only @desktop-only', async ({ page }) => {
  await page.goto('/contact');
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  const more = nav.locator('details').filter({ has: page.locator('summary', { hasText: 'Mehr' }) });
  const summary = more.locator('summary');
  await expect(summary).toHaveAttribute('data-active', 'true');
  await expect(more.getByRole('link', { name: 'Kontakt', includeHidden: true })).toHaveAttribute('aria-current', 'page');
  // The same look as an active main link.
  const active = await summary.evaluate((el) => getComputedStyle(el).backgroundColor);
  await nav.getByRole('link', { name: 'Blog', exact: true }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(summary).not.toHaveAttribute('data-active');
  // Polled: the link's own mark of the current page comes with the router's update, not necessarily in the
  // render that took the summary's away.
  await expect
    .poll(() => nav.getByRole('link', { name: 'Blog', exact: true }).evaluate((el) => getComputedStyle(el).backgroundColor))
    .toBe(active);
});

test('a link back to the page above is not the current page; the navigation still marks its section', async ({ page }) => {
  await page.goto('/auth/forgot');
  await expect(page.getByRole('link', { name: 'Zurück zur Anmeldung' })).not.toHaveAttribute('aria-current');

  await page.goto('/partnership/brochure');
  await expect(page.getByRole('link', { name: 'Zurück zur Partnerschaftsseite' })).not.toHaveAttribute('aria-current');

  await page.goto('/blog');
  const firstPost = (await page.getByRole('main').locator('a[href^="/blog/"]:not([href*=".xml"])').first().getAttribute('href')) ?? '';
  expect(firstPost).toMatch(/^\/blog\/[\w-]+$/);
  await page.goto(firstPost);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zurück zum Blog' })).not.toHaveAttribute('aria-current');
  // The header's "Blog" stays marked on a post: the section the visitor is in.
  // (A CSS locator: on a phone that link is in the closed menu.)
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(nav.locator('a[href="/blog"]').first()).toHaveAttribute('data-status', 'active');
});

test("an admin's header keeps the main links on one row, in the longest language @desktop-only", async ({ page, signedInAs }) => {
  await signedInAs('admin');
  await page.goto('/?lang=fr');
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  // Measured once the web font is in (as reflow.spec.ts does): the fallback font's words have other widths.
  await page.evaluate(() => document.fonts.ready);
  const middle = async (name: string, role: 'link' | 'button' = 'link') => {
    const box = await nav.getByRole(role, { name, exact: true }).boundingBox();
    return box ? Math.round(box.y + box.height / 2) : Number.NaN;
  };
  const row = await middle('Projet');
  for (const [name, role] of [
    ['Blog', 'link'],
    ['À propos', 'link'],
    ['Admin du blog', 'link'],
    ['Mon compte', 'link'],
    ['Se déconnecter', 'button'],
  ] as const) {
    expect(Math.abs((await middle(name, role)) - row), name).toBeLessThanOrEqual(2);
  }
  // The account links are icons here, named by a tooltip too.
  await expect(nav.getByRole('link', { name: 'Admin du blog' })).toHaveAttribute('title', 'Admin du blog');
});

test('closing the cart sheet gives focus back to the cart button', async ({ page }) => {
  await page.goto('/');
  const cartButton = page.getByTestId('cart-button');
  await cartButton.click();
  const drawer = page.getByRole('dialog', { name: 'Warenkorb' });
  await expect(drawer).toBeVisible();
  await expect(cartButton).not.toBeFocused();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(cartButton).toBeFocused();

  // Again (the sheet is loaded now), closed by its button.
  await cartButton.click();
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: 'Schließen' }).click();
  await expect(drawer).toBeHidden();
  await expect(cartButton).toBeFocused();
});

test('closing a post gives focus back to its link in the list, by Escape and by the close button', async ({ page }) => {
  await page.goto('/blog');
  const link = page.getByTestId('featured-post').getByRole('link');
  const title = (await link.textContent())?.trim() ?? '';
  await link.click();
  const dialog = page.getByTestId('post-dialog');
  await expect(dialog).toBeVisible();
  // The dialog is named by the post's title (it was named by its category badge).
  await expect(page.getByRole('dialog', { name: title })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(link).toBeFocused();

  // (Opened by its address, a post is its own article page, with no dialog to close: blog-article.spec.ts.)
  await link.click();
  await expect(dialog).toBeVisible();
  await page.getByRole('button', { name: 'Schließen' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(link).toBeFocused();
});

test('a picture that fails to load is named by its alt text', async ({ page, consoleErrors }) => {
  await page.route('**/assets/hero-schoolbox-*.svg', (route) => route.abort());
  await page.goto('/');
  const fallback = page.getByRole('img', { name: /SchoolBox-Klassenzimmer/ });
  await expect(fallback).toBeVisible();
  await expect(fallback).toHaveAttribute('data-testid', 'image-fallback');
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !e.includes('net::ERR_FAILED')));
});

test('in the cart, a broken thumbnail fits its box and stays decorative; a toast passes the contrast check', async ({
  page,
  consoleErrors,
}) => {
  await page.addInitScript(
    ([key, line]) => {
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, JSON.stringify([line]));
    },
    [CART_KEY, MUG] as const,
  );
  await page.route('**/images/shop/**', (route) => route.abort());
  await page.goto('/');
  await page.getByTestId('cart-button').click();
  const line = page.getByTestId('cart-line');
  await expect(line).toHaveCount(1);
  const fallback = line.getByTestId('image-fallback');
  await expect(fallback).toBeVisible();
  // The line's name stands beside it: the picture is decorative (alt=""), so is its fallback.
  await expect(fallback).toHaveAttribute('aria-hidden', 'true');
  const frame = (await fallback.boundingBox())!;
  expect(frame.width).toBeLessThanOrEqual(64);
  // Only the icon: the text would overflow a thumbnail.
  await expect(fallback.getByText('Bild nicht verfügbar')).toBeHidden();
  const icon = (await fallback.locator('svg').boundingBox())!;
  expect(icon.x).toBeGreaterThanOrEqual(frame.x);
  expect(icon.x + icon.width).toBeLessThanOrEqual(frame.x + frame.width);

  // A toast with a title and a message ("Produkt entfernt" / the product), scanned while it is shown.
  await page.getByRole('button', { name: 'SchoolBox Tasse entfernen' }).click();
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Produkt entfernt' });
  await expect(toast).toBeVisible();
  await expect(toast.locator('.mantine-Notification-description')).toHaveText('SchoolBox Tasse');
  await toast.hover(); // keeps it from closing during the scan
  await expectNoSeriousA11yViolations(page);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !e.includes('net::ERR_FAILED')));
});

test('after a refused submit, focus goes to the first field in error; after a refusal without one, back to the button', async ({
  page,
}) => {
  await page.goto('/auth');
  await waitForHydration(page);
  const signIn = page.getByRole('form', { name: 'Anmelden' });
  // Empty: the first field in error gets focus, so a screen reader reads its label and message.
  await signIn.getByRole('button', { name: 'Anmelden' }).click();
  await expect(signIn.getByLabel('E-Mail')).toBeFocused();
  await expect(signIn.getByLabel('E-Mail')).toHaveAttribute('aria-invalid', 'true');

  // A wrong password (no field in error, a toast): focus is not left on <body> by the disabled button.
  await signIn.getByLabel('E-Mail').fill('nobody-here@example.org');
  await signIn.getByLabel(/^Passwort( \*)?$/).fill('not the password');
  await signIn.getByRole('button', { name: 'Anmelden' }).press('Enter');
  await expect(page.getByText('Ungültige E-Mail-Adresse oder Passwort.')).toBeVisible();
  await expect(signIn.getByRole('button', { name: 'Anmelden' })).toBeFocused();
});
