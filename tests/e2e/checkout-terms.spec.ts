import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { servePrintfulPictures, shopMailTo, shopServer, storeCart } from './support';

// The shop's terms in the browser (issue 17.4): what § 312j BGB wants directly above the order button,
// the button's words, and the withdrawal button from /widerruf to the receipt. On the "shop" server
// (orders on, fake Printful; playwright.config.ts).

test.describe('checkout terms and the withdrawal button', () => {
  test.use({ baseURL: shopServer().url });
  test.describe.configure({ timeout: 120_000 });

  test('the order button says "Zahlungspflichtig bestellen" with total, shipping, delivery time, payment and links above it; then withdraw', async ({
    page,
    signedInAs,
  }) => {
    const buyer = await signedInAs('member');
    await servePrintfulPictures(page);
    await page.goto('/');
    await storeCart(page, [{ id: '5003', name: 'SchoolBox Tee', image: null, color: 'Black', size: 'M', quantity: 2, priceCents: 2650 }]);
    await page.goto('/checkout');

    const form = page.getByRole('form', { name: 'Lieferadresse' });
    const terms = form.getByTestId('order-terms');
    const button = form.getByRole('button', { name: 'Zahlungspflichtig bestellen' });
    await expect(button).toBeVisible();
    await expect(terms).toContainText('2 × SchoolBox Tee · Black · M');
    await expect(terms).toContainText('Gesamtsumme inkl. MwSt.');
    await expect(terms.getByTestId('order-terms-total')).toHaveText('57,99 €');
    await expect(terms.getByTestId('order-terms-shipping')).toHaveText('4,99 €');
    await expect(terms.getByTestId('order-terms-delivery')).toContainText('Lieferzeit: 5–10 Werktage');
    await expect(terms.getByTestId('order-terms-payment')).toContainText('Vorkasse per Banküberweisung');
    await expect(terms.getByRole('link', { name: 'AGB' })).toHaveAttribute('href', '/agb');
    await expect(terms.getByRole('link', { name: 'Widerrufsbelehrung' })).toHaveAttribute('href', '/widerruf');
    // The privacy notice names who gets the order's data (Printful here; no Stripe without online payment).
    const privacy = terms.getByTestId('privacy-notice');
    await expect(privacy).toContainText('Printful');
    await expect(privacy).not.toContainText('Stripe');
    await expect(privacy.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute('href', '/datenschutz#orders');
    // Directly above the button.
    const termsBox = await terms.boundingBox();
    const buttonBox = await button.boundingBox();
    expect(termsBox && buttonBox && termsBox.y + termsBox.height <= buttonBox.y).toBe(true);
    await expectNoSeriousA11yViolations(page);

    // The order, and its confirmation mail with the terms and the withdrawal information in it.
    await form.getByLabel('Adresse').fill('Domstraße 1');
    await form.getByLabel('Postleitzahl').fill('50667');
    await form.getByLabel('Stadt').fill('Köln');
    await button.click();
    await expect(page.getByText('Bestellung erfolgreich! Du erhältst gleich eine Bestätigungs-E-Mail.')).toBeVisible({ timeout: 20_000 });
    const mail = await shopMailTo(buyer.email, 'Bestellnummer');
    const orderNumber = /Bestellnummer: ([A-Za-z0-9_-]+)/.exec(mail)?.[1];
    expect(orderNumber).toBeTruthy();
    expect(mail).toContain('Muster-Widerrufsformular');
    expect(mail).toContain('Vertragsschluss');

    // The withdrawal button works without a session.
    await page.context().clearCookies();
    await page.goto('/widerruf');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Widerrufsbelehrung');
    await page.getByTestId('withdrawal-button').click();
    await expect(page).toHaveURL(/\/widerruf\/erklaeren$/);
    // The summary of the disclosure that holds the form (it opens without scripts too).
    await page.getByTestId('withdrawal-open').click();
    const declaration = page.getByRole('form', { name: 'Widerrufserklärung' });
    await declaration.getByLabel('Name').fill('Ada Member');
    await declaration.getByLabel('Bestellnummer').fill(orderNumber!);
    await declaration.getByLabel('E-Mail-Adresse der Bestellung').fill(buyer.email);
    await expectNoSeriousA11yViolations(page);
    await declaration.getByRole('button', { name: 'Widerruf bestätigen' }).click();
    const receipt = page.getByTestId('withdrawal-receipt');
    await expect(receipt).toContainText(`Wir haben Ihren Widerruf der Bestellung ${orderNumber} am`);
    await expect(receipt).toContainText(/\d{4} um \d{2}:\d{2}:\d{2}/);
    const receiptMail = await shopMailTo(buyer.email, 'Eingegangen am');
    expect(receiptMail).toContain(orderNumber!);
  });

  test('a wrong e-mail address is refused with the association’s address to write to', async ({ page }) => {
    await page.goto('/widerruf/erklaeren');
    await page.getByTestId('withdrawal-open').click();
    const declaration = page.getByRole('form', { name: 'Widerrufserklärung' });
    await declaration.getByLabel('Name').fill('Nobody');
    await declaration.getByLabel('Bestellnummer').fill('SB-260302-ZZZZZ');
    await declaration.getByLabel('E-Mail-Adresse der Bestellung').fill('nobody@example.org');
    await declaration.getByRole('button', { name: 'Widerruf bestätigen' }).click();
    const error = page.getByTestId('withdrawal-error');
    await expect(error).toContainText('Wir finden keine Bestellung mit dieser Bestellnummer und dieser E-Mail-Adresse.');
    await expect(error.getByRole('link')).toHaveAttribute('href', /^mailto:/);
  });
});
