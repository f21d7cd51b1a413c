import { expect, test } from './fixtures';
import { type ShopTestServer, fakePrintfulOrders, servePrintfulPictures, storeCart, waitForMailTo } from './support';
import { join } from 'node:path';

// The shop charging before it orders (issue 18 point 3) on the "shop-pay" server (playwright.config.ts):
// orders go through Stripe Checkout at its own fake Stripe, and reach its fake Printful confirmed.

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (playwright.config.ts sets it)`);
  return value;
};
const shopPay = (): ShopTestServer => ({ url: env('E2E_SHOP_PAY_URL'), fakePrintfulUrl: env('E2E_SHOP_PAY_FAKE_PRINTFUL_URL') });
const fakeStripe = () => env('E2E_SHOP_PAY_FAKE_STRIPE_URL');

test.use({ baseURL: env('E2E_SHOP_PAY_URL') });

test.describe('shop with Stripe', () => {
  test.beforeEach(async ({ page }) => {
    await servePrintfulPictures(page);
    await page.route(`${fakeStripe()}/favicon.ico`, (route) => route.fulfill({ status: 204 }));
  });

  test('order → Zahlungspflichtig bestellen → Stripe’s page → pay by card → thanks → confirmed at Printful → admin cancels with a refund', async ({
    page,
    signedInAs,
  }) => {
    test.setTimeout(150_000);
    const buyer = await signedInAs('member');
    await page.goto('/');
    await storeCart(page, [{ id: '5201', name: 'SchoolBox Poster', image: null, quantity: 2, priceCents: 1 }]);
    await page.goto('/checkout');

    const form = page.getByRole('form', { name: 'Lieferadresse' });
    await form.getByLabel('Adresse').fill('Domstraße 1');
    await form.getByLabel('Postleitzahl').fill('50667');
    await form.getByLabel('Stadt').fill('Köln');
    // Above our order button: paying through Stripe right after it.
    await expect(page.getByText(/Zahlungsart: Kreditkarte oder SEPA-Lastschrift über Stripe/)).toBeVisible();
    await form.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();

    // Stripe's page (the fake's) with the server's total: 2 × 19,00 € + 4,99 € shipping, whatever the cart said.
    await page.waitForURL((url) => url.origin === new URL(fakeStripe()).origin, { timeout: 20_000 });
    await expect(page.getByTestId('total')).toHaveText('Total: 42.99 EUR');
    await page.getByRole('button', { name: 'Pay with card' }).click();

    await page.waitForURL(/\/checkout\/danke\?session_id=/, { timeout: 20_000 });
    await expect(page.getByTestId('order-state')).toHaveAttribute('data-state', 'paid');
    const text = (await page.getByTestId('order-state').textContent()) ?? '';
    const orderNumber = /Bestellung (SB-[A-Z0-9-]+)/.exec(text)?.[1];
    expect(orderNumber, text).toBeTruthy();
    await expect(page.getByTestId('order-state')).toContainText(/42,99\s€/);
    await expect(page.getByTestId('cart-button')).toHaveAccessibleName('Warenkorb öffnen');

    // Printful got it confirmed (not a draft), exactly once.
    await expect
      .poll(async () => (await fakePrintfulOrders(shopPay())).filter((o) => o.external_id === orderNumber).map((o) => o.status), {
        timeout: 20_000,
      })
      .toEqual(['pending']);

    const mail = await waitForMailTo(buyer.email, (m) => m.text.includes(orderNumber!), join(env('E2E_SHOP_PAY_DATA_DIR'), 'mail'));
    expect(mail.text).toContain('Ihre Zahlung ist eingegangen');

    // An admin cancels it: Printful's order cancelled, the payment refunded, the buyer told.
    await signedInAs('admin');
    await page.goto('/orders-admin');
    const row = page.getByTestId('order-row').filter({ hasText: orderNumber! });
    await expect(row).toContainText('Bezahlt, bei Printful bestätigt');
    await row.getByTestId('order-cancel').click();
    await row.getByTestId('order-cancel-confirm').click();
    await expect(row).toContainText('Erstattet und storniert', { timeout: 20_000 });
    await expect
      .poll(async () => (await fakePrintfulOrders(shopPay())).filter((o) => o.external_id === orderNumber).map((o) => o.status))
      .toEqual(['canceled']);
    const cancelled = await waitForMailTo(buyer.email, (m) => m.text.includes('storniert'), join(env('E2E_SHOP_PAY_DATA_DIR'), 'mail'));
    expect(cancelled.text).toContain(orderNumber!);
  });
});
