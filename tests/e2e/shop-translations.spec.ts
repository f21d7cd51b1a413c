import { expect, isPhone, test } from './fixtures';

// Product names in the reader's language (issue 20), on the main server's demo catalog: its own English
// and French names, and the admins' translation table (/shop-admin) overriding one of them.

test('the English shop shows the demo products’ English names and colours', async ({ page }) => {
  await page.goto('/shop?lang=en');
  const cards = page.getByTestId('product-card');
  await expect(cards.getByRole('heading', { name: 'Stainless steel water bottle', exact: true })).toBeVisible();
  await expect(cards.getByRole('heading', { name: 'Tote bag “Education for All”', exact: true })).toBeVisible();
  await expect(cards.getByRole('heading', { name: 'Trinkflasche aus Edelstahl' })).toHaveCount(0);
  const hoodie = cards.filter({ has: page.getByRole('heading', { name: 'SchoolBox Hoodie', exact: true }) });
  await expect(hoodie.getByRole('button', { name: 'Charcoal' })).toBeVisible();
});

test('an admin’s French name from the translation table shows on the French shop', async ({ page, signedInAs }) => {
  await signedInAs('admin');
  // Each browser project translates a product of its own: the two run side by side on one server.
  const product = isPhone(page)
    ? { german: 'SchoolBox Cap', french: 'Casquette SchoolBox' }
    : { german: 'Sticker-Set (5 Stück)', french: 'Lot de 5 autocollants' };
  const name = `${product.french} – édition ${Date.now()}`;

  await page.goto('/shop-admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Produktnamen übersetzen' })).toBeVisible();
  const row = page.getByRole('form', { name: product.german, exact: true });
  const french = row.getByRole('textbox', { name: 'Französisch' });
  // Empty until an admin writes one: the demo catalog's own French name is the placeholder.
  await expect(french).toHaveAttribute('placeholder', product.french);
  await french.fill(name);
  await row.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Übersetzung gespeichert')).toBeVisible();

  await page.goto('/shop?lang=fr');
  await expect(page.getByTestId('product-card').getByRole('heading', { name, exact: true })).toBeVisible();

  // Emptied again, the shop falls back to the catalog's own name. (?lang=de: the French shop's address
  // made French the browser's language, kept in the lang cookie.)
  await page.goto('/shop-admin?lang=de');
  await row.getByRole('textbox', { name: 'Französisch' }).fill('');
  await row.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Übersetzung gespeichert')).toBeVisible();
  await page.goto('/shop?lang=fr');
  await expect(page.getByTestId('product-card').getByRole('heading', { name: product.french, exact: true })).toBeVisible();
});
