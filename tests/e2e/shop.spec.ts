import type { Page } from '@playwright/test';
import { ORDER_LINE_MAX_QUANTITY } from '../../src-shared/constants';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import {
  CART_KEY,
  createShopAdmin,
  fakePrintfulOrders,
  servePrintfulPictures,
  shopMailTo,
  shopServer,
  shopStatesServer,
  steerFakePrintful,
  storeCart,
} from './support';

// The shop, the cart and checkout (issue 10; spec §2, §4, §8). Three servers (playwright.config.ts):
// the main one with orders off and the demo catalog; "shop" with orders on and a fake Printful;
// "shop-states" with a fake Printful of its own, steered into failures, latency and an empty store.

/** Signs in on /auth; /auth then sends the user on by itself (to its ?redirect=, else to /). */
async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  const form = page.getByRole('form', { name: 'Anmelden' });
  await form.getByRole('textbox', { name: 'E-Mail' }).fill(account.email);
  await form.getByRole('textbox', { name: 'Passwort' }).fill(account.password);
  await form.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByText('Willkommen zurück!')).toBeVisible({ timeout: 20_000 });
}

const productCard = (page: Page, name: string) =>
  page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
const cartSheet = (page: Page) => page.getByRole('dialog', { name: 'Warenkorb' });
const cartLine = (page: Page, name: string) => cartSheet(page).getByTestId('cart-line').filter({ hasText: name });

test.describe('orders switched off (main server, demo catalog)', () => {
  test.describe.configure({ timeout: 60_000 });
  test('/shop: banner, products with "Bald verfügbar", impact cards and statement; no a11y violations', async ({ page }) => {
    await page.goto('/shop');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Der SchoolBox Shop');
    const banner = page.getByTestId('shop-banner');
    await expect(banner).toContainText('Unser Shop ist im Aufbau');
    await expect(banner).toContainText('Kartenzahlung ist geplant');
    await expect(banner).toContainText('echte Bestellungen sind aber noch nicht möglich');

    const tee = productCard(page, 'SchoolBox T-Shirt');
    await expect(tee.getByTestId('product-price')).toHaveText('24,90 €');
    // § 6 PAngV: beside the price, that it includes VAT and the shipping on top, linked to the terms.
    await expect(tee.getByTestId('price-note')).toHaveText('inkl. MwSt., zzgl. 4,99 € Versand');
    await expect(tee.getByRole('link', { name: '4,99 € Versand' })).toHaveAttribute('href', '/agb#prices');
    await expect(tee.getByLabel('Größe')).toHaveValue('S');
    await expect(tee.getByRole('button', { name: 'Marineblau' })).toHaveAttribute('aria-pressed', 'true');
    // The selected variant's price: XXL costs more.
    await tee.getByLabel('Größe').selectOption('XXL');
    await expect(tee.getByTestId('product-price')).toHaveText('26,90 €');

    await expect(page.getByTestId('product-card')).toHaveCount(7);
    await expect(page.getByRole('button', { name: 'In den Warenkorb' })).toHaveCount(0);
    await expect(tee.getByRole('button', { name: 'Bald verfügbar' })).toBeDisabled();
    await expect(tee.getByText('Der Shop öffnet bald')).toBeVisible();

    await expect(page.getByTestId('shop-impact-card')).toHaveCount(3);
    await expect(page.getByTestId('shop-impact-figure').locator('dd')).toHaveText(['100 %', '0 %', '∞']);
    await expectNoSeriousA11yViolations(page);
  });

  test('/checkout says that orders are not possible yet, instead of the form', async ({ page }) => {
    const response = await page.goto('/checkout');
    expect(await response!.text()).toContain('noindex');
    await expect(page.getByTestId('checkout-disabled')).toContainText('Bestellungen sind noch nicht möglich');
    await expect(page.getByRole('form', { name: 'Lieferadresse' })).toHaveCount(0);
    await page.getByTestId('checkout-disabled').getByRole('link', { name: 'Zum Shop' }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await page.goto('/checkout');
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('orders switched on (fake Printful)', () => {
  test.use({ baseURL: shopServer().url });
  // Journeys through several pages and a full page load: generous, as the rules for slow steps ask.
  test.describe.configure({ timeout: 90_000 });

  test.beforeEach(async ({ page }) => {
    await servePrintfulPictures(page);
  });

  test('add → sheet → quantity → checkout → sign in and back → order placed, mailed, drafted at Printful, listed for admins', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const buyer = createShopAdmin();
    await page.goto('/shop');
    await expect(page.getByTestId('shop-banner')).toHaveCount(0);

    // The first variant is preselected; another colour takes a size it exists in, and its price.
    const tee = productCard(page, 'SchoolBox Tee');
    await expect(tee.getByTestId('product-price')).toHaveText('24,90 €');
    await expect(tee.getByLabel('Größe')).toHaveValue('S');
    await tee.getByRole('button', { name: 'Black' }).click();
    await expect(tee.getByRole('button', { name: 'Black' })).toHaveAttribute('aria-pressed', 'true');
    await expect(tee.getByLabel('Größe')).toHaveValue('M');
    await expect(tee.getByTestId('product-price')).toHaveText('26,50 €');

    // A new line: its toast, and the sheet opens.
    await tee.getByRole('button', { name: 'In den Warenkorb' }).click();
    await expect(page.getByText('SchoolBox Tee zum Warenkorb hinzugefügt')).toBeVisible();
    const line = cartLine(page, 'SchoolBox Tee');
    await expect(line).toContainText('Black · M');
    await expect(line.getByTestId('cart-line-total')).toHaveText('26,50 €');
    await line.getByRole('button', { name: 'Menge von SchoolBox Tee erhöhen' }).click();
    await expect(line.getByTestId('cart-line-quantity')).toHaveText('2');
    await expect(line.getByTestId('cart-line-total')).toHaveText('53,00 €');
    await line.getByRole('button', { name: 'Menge von SchoolBox Tee verringern' }).click();
    await expect(line.getByTestId('cart-line-quantity')).toHaveText('1');
    await cartSheet(page).getByRole('button', { name: 'Weiter einkaufen' }).click();
    await expect(cartSheet(page)).toBeHidden();

    // The same combination again: its toast, and the sheet opens again.
    await tee.getByRole('button', { name: 'In den Warenkorb' }).click();
    await expect(page.getByText('SchoolBox Tee Menge erhöht')).toBeVisible();
    await expect(line.getByTestId('cart-line-quantity')).toHaveText('2');
    await page.keyboard.press('Escape');
    await productCard(page, 'SchoolBox Mug').getByRole('button', { name: 'In den Warenkorb' }).click();
    await expect(cartLine(page, 'SchoolBox Mug')).toContainText('White · 11oz');
    await cartLine(page, 'SchoolBox Mug').getByRole('button', { name: 'SchoolBox Mug entfernen' }).click();
    await expect(page.getByText('Produkt entfernt')).toBeVisible();
    await expect(cartLine(page, 'SchoolBox Mug')).toHaveCount(0);
    await expect(cartSheet(page).getByTestId('cart-subtotal')).toHaveText('53,00 €');
    await expect(cartSheet(page).getByTestId('price-note')).toHaveText('inkl. MwSt., zzgl. 4,99 € Versand');
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName('Warenkorb öffnen (2 Artikel)');

    // Checkout is a full page load; without a session the visitor is sent to sign in, and back.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await cartSheet(page).getByRole('link', { name: 'Zur Kasse' }).click();
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fcheckout$/, { timeout: 15_000 });
    await expect(page.getByText('Bitte melde dich an, um eine Bestellung aufzugeben')).toBeVisible();
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(false);
    await signIn(page, buyer);
    await expect(page).toHaveURL(/\/checkout$/, { timeout: 20_000 });

    // The form, prefilled from the account; the summary with shipping and total.
    const form = page.getByRole('form', { name: 'Lieferadresse' });
    await expect(form.getByLabel('Vorname')).toHaveValue('Ada');
    await expect(form.getByLabel('Nachname')).toHaveValue('Admin');
    await expect(form.getByLabel('E-Mail')).toHaveValue(buyer.email);
    await expect(form.getByLabel('Land')).toHaveValue('DE');
    await expect(form.getByLabel('Land').locator('option:checked')).toHaveText('Deutschland');
    await expect(page.getByTestId('summary-line')).toHaveCount(1);
    await expect(page.getByTestId('summary-subtotal')).toHaveText('53,00 €');
    await expect(page.getByTestId('summary-shipping')).toHaveText('4,99 €');
    await expect(page.getByTestId('summary-total')).toHaveText('57,99 €');

    // Validation: the spec's toast, nothing sent.
    await form.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
    await expect(page.getByText('Bitte fülle alle Pflichtfelder aus', { exact: true })).toBeVisible();
    await form.getByLabel('Adresse').fill('Domstraße 1');
    await form.getByLabel('Postleitzahl').fill('50667');
    await form.getByLabel('Stadt').fill('Köln');

    // While the order is on its way (held back here until the button has said so), the button says so.
    let releaseOrder!: () => void;
    const orderHeld = new Promise<void>((resolve) => (releaseOrder = resolve));
    await page.route('**/api/trpc/orders.create**', async (route) => {
      await orderHeld;
      await route.continue();
    });
    await form.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
    await expect(form.getByRole('button', { name: 'Wird verarbeitet...' })).toBeDisabled();
    releaseOrder();
    await expect(page.getByText('Bestellung erfolgreich! Du erhältst gleich eine Bestätigungs-E-Mail.')).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName('Warenkorb öffnen');
    // The cart is written to storage by an effect after the render that empties the button: polled.
    await expect.poll(() => page.evaluate((key) => window.localStorage.getItem(key), CART_KEY)).toBeNull();

    // The confirmation mail, priced by the server.
    const mail = await shopMailTo(buyer.email, 'Bestellnummer');
    const orderNumber = /Bestellnummer: ([A-Za-z0-9_-]+)/.exec(mail)?.[1];
    expect(orderNumber).toBeTruthy();
    expect(mail).toMatch(/Gesamtsumme inkl. MwSt.: 57,99/);
    expect(mail).toContain('Domstra');

    // A draft at Printful under our order number, with the variant and quantity from the cart.
    const drafts = (await fakePrintfulOrders(shopServer())).filter((order) => order.external_id === orderNumber);
    expect(drafts).toHaveLength(1);
    expect(drafts[0]!.status).toBe('draft');
    expect(drafts[0]!.items.map((item) => [item.sync_variant_id, item.quantity])).toEqual([[5003, 2]]);

    // The admins' list shows it with Printful's id.
    await page.goto('/orders-admin');
    const row = page.getByTestId('order-row').filter({ hasText: orderNumber! });
    await expect(row).toContainText('57,99 €');
    await expect(row).toContainText('Entwurf bei Printful');
    await expect(row).toContainText(String(drafts[0]!.id));
  });

  test('minus to zero and remove say "Produkt entfernt", clear says "Warenkorb geleert"; an empty cart at checkout', async ({
    page,
    signedInAs,
  }) => {
    await page.goto('/shop');
    const poster = productCard(page, 'SchoolBox Poster');
    await poster.getByRole('button', { name: 'In den Warenkorb' }).click();
    await expect(page.getByText('SchoolBox Poster zum Warenkorb hinzugefügt')).toBeVisible();
    await cartLine(page, 'SchoolBox Poster').getByRole('button', { name: 'Menge von SchoolBox Poster verringern' }).click();
    await expect(page.getByText('Produkt entfernt')).toBeVisible();
    await expect(cartSheet(page).getByText('Dein Warenkorb ist leer')).toBeVisible();
    await page.keyboard.press('Escape');

    await poster.getByRole('button', { name: 'In den Warenkorb' }).click();
    await page.keyboard.press('Escape');
    await productCard(page, 'SchoolBox Mug').getByRole('button', { name: 'In den Warenkorb' }).click();
    await expect(cartSheet(page).getByTestId('cart-line')).toHaveCount(2);
    await cartSheet(page).getByRole('button', { name: 'Warenkorb leeren' }).click();
    await expect(page.getByText('Warenkorb geleert')).toBeVisible();
    await expect(cartSheet(page).getByText('Dein Warenkorb ist leer')).toBeVisible();
    await expect(cartSheet(page).getByRole('link', { name: 'Zum Shop' })).toHaveAttribute('href', '/shop');

    await signedInAs('member');
    await page.goto('/checkout');
    const empty = page.getByTestId('checkout-empty');
    await expect(empty).toContainText('Dein Warenkorb ist leer');
    await empty.getByRole('link', { name: 'Zum Shop' }).click();
    await expect(page).toHaveURL(/\/shop$/);
  });

  test('a stored cart is checked against the catalog when the sheet opens: new price, vanished line removed', async ({ page }) => {
    await page.goto('/shop');
    await storeCart(page, [
      { id: '5001', name: 'SchoolBox Tee', image: null, color: 'Navy', size: 'S', quantity: 2, priceCents: 1990 },
      { id: '999999', name: 'Alte Tasse', image: null, quantity: 1, priceCents: 990 },
    ]);
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName('Warenkorb öffnen (3 Artikel)');
    await page.getByTestId('cart-button').click();
    await expect(page.getByText('Warenkorb aktualisiert')).toBeVisible();
    await expect(page.getByText('Preise oder Angaben haben sich geändert: SchoolBox Tee.')).toBeVisible();
    await expect(page.getByText('Nicht mehr erhältlich und entfernt: Alte Tasse.')).toBeVisible();
    await expect(cartSheet(page).getByTestId('cart-line')).toHaveCount(1);
    await expect(cartLine(page, 'SchoolBox Tee').getByTestId('cart-line-total')).toHaveText('49,80 €');
    await expect(cartSheet(page).getByTestId('cart-subtotal')).toHaveText('49,80 €');
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName('Warenkorb öffnen (2 Artikel)');
    // The catalog's picture replaces the stored one.
    await expect(cartLine(page, 'SchoolBox Tee').locator('img')).toHaveAttribute('src', /files\.cdn\.printful\.example/);
    // The checked cart is written to storage by an effect after the render shown above: polled.
    await expect
      .poll(async () => {
        const stored = await page.evaluate(
          (key) => JSON.parse(window.localStorage.getItem(key) ?? '[]') as Array<{ priceCents: number }>,
          CART_KEY,
        );
        return stored.map((line) => line.priceCents);
      })
      .toEqual([2490]);
  });

  test('adding a line that holds the most one order takes says "Höchstmenge erreicht" and keeps the quantity', async ({ page }) => {
    const max = ORDER_LINE_MAX_QUANTITY;
    await page.goto('/shop');
    // The tee's preselected variant (Navy, S), already at the most one order line may carry.
    await storeCart(page, [{ id: '5001', name: 'SchoolBox Tee', image: null, color: 'Navy', size: 'S', quantity: max, priceCents: 2490 }]);
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName(`Warenkorb öffnen (${max} Artikel)`);
    const tee = productCard(page, 'SchoolBox Tee');
    await expect(tee.getByLabel('Größe')).toHaveValue('S');
    await expect(tee.getByRole('button', { name: 'Navy' })).toHaveAttribute('aria-pressed', 'true');

    await tee.getByRole('button', { name: 'In den Warenkorb' }).click();
    await expect(page.getByText('Höchstmenge erreicht')).toBeVisible();
    await expect(page.getByText(`SchoolBox Tee: höchstens ${max} Stück pro Bestellung.`)).toBeVisible();
    await expect(page.getByText('SchoolBox Tee Menge erhöht')).toHaveCount(0);
    // The sheet is open and shows the line as it is.
    await expect(cartSheet(page)).toBeVisible();
    const line = cartLine(page, 'SchoolBox Tee');
    await expect(line.getByTestId('cart-line-quantity')).toHaveText(String(max));
    await expect(cartSheet(page).getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName(`Warenkorb öffnen (${max} Artikel)`);
    const stored = await page.evaluate(
      (key) => JSON.parse(window.localStorage.getItem(key) ?? '[]') as Array<{ id: string; quantity: number }>,
      CART_KEY,
    );
    expect(stored.map((entry) => [entry.id, entry.quantity])).toEqual([['5001', max]]);
  });

  test('checkout refuses a postal code with a stray character with "please check", an empty field with the spec\'s toast', async ({
    page,
    signedInAs,
  }) => {
    await signedInAs('member');
    await page.goto('/');
    await storeCart(page, [{ id: '5201', name: 'SchoolBox Poster', image: null, quantity: 1, priceCents: 1900 }]);
    await page.goto('/checkout');
    const orders: string[] = [];
    page.on('request', (request) => request.url().includes('/api/trpc/orders.create') && orders.push(request.url()));
    const form = page.getByRole('form', { name: 'Lieferadresse' });
    const order = form.getByRole('button', { name: 'Zahlungspflichtig bestellen' });
    await expect(order).toBeVisible();

    // Every required field filled, the postal code wrongly: not "fill in every field".
    await form.getByLabel('Adresse').fill('Domstraße 1');
    await form.getByLabel('Postleitzahl').fill('50667!');
    await form.getByLabel('Stadt').fill('Köln');
    await order.click();
    await expect(page.getByText('Bitte überprüfen Sie Ihre Eingaben.', { exact: true })).toBeVisible();
    await expect(page.getByText('Bitte fülle alle Pflichtfelder aus', { exact: true })).toHaveCount(0);
    await expect(form.getByLabel('Postleitzahl')).toHaveAttribute('aria-invalid', 'true');

    // A required field left empty: the spec's toast.
    await form.getByLabel('Postleitzahl').fill('50667');
    await form.getByLabel('Stadt').fill('');
    await order.click();
    await expect(page.getByText('Bitte fülle alle Pflichtfelder aus', { exact: true })).toBeVisible();
    await expect(form.getByLabel('Stadt')).toHaveAttribute('aria-invalid', 'true');
    // Nothing was sent; the cart is still there.
    expect(orders).toEqual([]);
    await expect(page.getByTestId('summary-line')).toHaveCount(1);
    await expect(page).toHaveURL(/\/checkout$/);
  });

  test('a failed order shows "Fehler bei der Bestellung: …", with the fallback for an unnamed failure', async ({ page, signedInAs }) => {
    await signedInAs('member');
    await page.goto('/');
    await storeCart(page, [{ id: '5201', name: 'SchoolBox Poster', image: null, quantity: 1, priceCents: 1900 }]);
    await page.goto('/checkout');
    const form = page.getByRole('form', { name: 'Lieferadresse' });
    await form.getByLabel('Adresse').fill('Rue de Rivoli 1');
    await form.getByLabel('Postleitzahl').fill('75001');
    await form.getByLabel('Stadt').fill('Paris');
    await form.getByLabel('Land').selectOption('FR');

    // The server's answers, as it would give them (the journeys themselves are tested on the server).
    const refuse = (appCode: string | null, status: number) =>
      page.route('**/api/trpc/orders.create**', (route) =>
        route.fulfill({
          status,
          contentType: 'application/json',
          body: JSON.stringify([
            {
              error: {
                message: 'refused',
                code: -32009,
                data: { code: 'CONFLICT', httpStatus: status, appCode, fieldErrors: null, details: null },
              },
            },
          ]),
        }),
      );
    await refuse('PRODUCT_UNAVAILABLE', 409);
    await form.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
    await expect(
      page.getByText(
        'Fehler bei der Bestellung: Ein Produkt in Ihrem Warenkorb ist nicht mehr erhältlich. Bitte prüfen Sie Ihren Warenkorb.',
      ),
    ).toBeVisible();
    await page.unroute('**/api/trpc/orders.create**');
    await refuse(null, 400);
    await form.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
    await expect(page.getByText('Fehler bei der Bestellung: Bestellung fehlgeschlagen')).toBeVisible();
    // Nothing was ordered: the cart is still there.
    await expect(page.getByTestId('summary-line')).toHaveCount(1);
    await expect(page).toHaveURL(/\/checkout$/);
  });

  test('/shop, the cart sheet and /checkout have no serious a11y violations', async ({ page, signedInAs }) => {
    await page.goto('/shop');
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await productCard(page, 'SchoolBox Tee').getByRole('button', { name: 'In den Warenkorb' }).click();
    await expect(cartLine(page, 'SchoolBox Tee')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await signedInAs('member');
    await page.goto('/checkout');
    await expect(page.getByRole('form', { name: 'Lieferadresse' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

// One fake Printful, steered step by step: these run one after the other, on the desktop only
// (the states do not depend on the width, and both projects would steer the same fake).
test.describe
  .serial('catalog states (shop-states server) @desktop-only', () => {
    test.use({ baseURL: shopStatesServer().url });

    // A catalog that cannot be loaded is answered with HTTP 503, which the browser logs: here that is the
    // state under test, not a fault of the page.
    test.afterEach(({ consoleErrors }) => {
      const expected = consoleErrors.filter((message) => message.includes('status of 503'));
      for (const message of expected) consoleErrors.splice(consoleErrors.indexOf(message), 1);
    });

    test('loading on client navigation, then the error alert; the server renders the error state too', async ({ page }) => {
      test.setTimeout(60_000);
      const server = shopStatesServer();
      await steerFakePrintful(server, 'reset');
      await steerFakePrintful(server, 'latency', { ms: 2500 });
      await steerFakePrintful(server, 'faults', { status: 500 });

      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name: 'Shop' }).click();
      await expect(page).toHaveURL(/\/shop$/);
      await expect(page.getByTestId('shop-loading')).toBeVisible();
      await expect(page.getByRole('status', { name: 'Produkte werden geladen' })).toBeVisible();
      const error = page.getByTestId('shop-error');
      await expect(error).toContainText(
        'Fehler beim Laden der Produkte: Der Shop ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut.',
        { timeout: 15_000 },
      );
      await expect(page.getByTestId('product-card')).toHaveCount(0);

      // Rendered by the server: the page (not the error page) with the error state in its HTML, answered
      // 503 with Retry-After and never cached (src-server/pages/failed-data.ts).
      const response = await page.goto('/shop');
      expect(response!.status()).toBe(503);
      expect(response!.headers()['retry-after']).toBe('30');
      expect(response!.headers()['cache-control']).toBe('private, no-store');
      expect(await response!.text()).toContain('Fehler beim Laden der Produkte');
      await expect(error).toContainText('Fehler beim Laden der Produkte', { timeout: 15_000 });
    });

    test('an empty store shows the empty state; products appear once the store has some', async ({ page }) => {
      test.setTimeout(60_000);
      const server = shopStatesServer();
      await steerFakePrintful(server, 'reset');
      await steerFakePrintful(server, 'products', { fixture: 'empty' });
      // The server retries a failed catalog after a second: reload until it has asked again.
      await expect(async () => {
        await page.goto('/shop');
        await expect(page.getByTestId('shop-empty')).toHaveText(
          'Keine Produkte verfügbar. Bitte füge Produkte in deinem Printful Store hinzu.',
          {
            timeout: 3000,
          },
        );
      }).toPass({ timeout: 30_000 });

      await steerFakePrintful(server, 'products', { fixture: 'default' });
      await servePrintfulPictures(page);
      await expect(async () => {
        await page.goto('/shop');
        await expect(productCard(page, 'SchoolBox Tee')).toBeVisible({ timeout: 3000 });
      }).toPass({ timeout: 30_000 });
    });
  });
