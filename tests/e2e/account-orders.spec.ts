import { randomUUID } from 'node:crypto';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { callMutation, cologneShipping, shopServer } from './support';

// "Meine Bestellungen" on /account: the buyer's own orders, rendered on the server with the page (the
// route prefetches them), so hydration finds the same list. On the "shop" server, which takes orders.

test.describe('my orders on /account', () => {
  test.use({ baseURL: shopServer().url });
  test.describe.configure({ timeout: 60_000 });

  test('no orders yet: the empty state; then the order placed, with status, lines, total and the withdrawal link; no a11y violations or hydration warnings', async ({
    page,
    signedInAs,
  }) => {
    const hydrationWarnings: string[] = [];
    page.on('console', (message) => {
      if (/hydrat/i.test(message.text())) hydrationWarnings.push(message.text());
    });
    const buyer = await signedInAs('member');

    await page.goto('/account');
    const section = page.getByRole('region', { name: 'Meine Bestellungen' });
    await expect(section.getByTestId('my-orders-empty')).toContainText('Sie haben noch nichts bestellt.');
    await expect(section.getByRole('link', { name: 'Zum Shop' })).toHaveAttribute('href', '/shop');
    await expectNoSeriousA11yViolations(page);

    // An order, placed through the API as the checkout places it (Black, M: 26,50 € and 4,99 € shipping).
    const { orderNumber } = await callMutation<{ orderNumber: string }>(page, 'orders.create', {
      shipping: cologneShipping(buyer.email),
      lines: [{ variantId: '5003', quantity: 2 }],
      idempotencyKey: randomUUID(),
      locale: 'de',
    });

    await page.reload();
    await expect(section.getByTestId('my-orders-empty')).toHaveCount(0);
    const order = section.getByTestId('my-order');
    await expect(order).toHaveCount(1);
    await expect(order.getByRole('heading', { level: 3, name: `Bestellung ${orderNumber}` })).toBeVisible();
    await expect(order).toContainText(/Bestellt am \d{1,2}\. \S+ \d{4}/);
    await expect(order.getByTestId('my-order-status')).toHaveText('In Bearbeitung');
    await expect(order.getByTestId('my-order-line')).toHaveText('2 × SchoolBox Tee (Black, M)');
    await expect(order.getByTestId('my-order-total')).toHaveText('Gesamt: 57,99 € (inkl. 4,99 € Versand)');
    const withdraw = order.getByRole('link', { name: `Bestellung ${orderNumber} widerrufen` });
    await expect(withdraw).toHaveAttribute('href', `/widerruf/erklaeren?order=${orderNumber}`);
    await expectNoSeriousA11yViolations(page);

    await withdraw.click();
    await expect(page).toHaveURL(new RegExp(`/widerruf/erklaeren\\?order=${orderNumber}$`));
    // The form knows the order; the address is the buyer's to type (the order's own may differ from the account's).
    await expect(page.locator('input[name="orderNumber"]')).toHaveValue(orderNumber);
    await expect(page.locator('input[name="email"]')).toHaveValue('');
    expect(hydrationWarnings).toEqual([]);
  });
});
