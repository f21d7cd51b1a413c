import { randomUUID } from 'node:crypto';
import { CONTACT_MIN_FILL_MS } from '../../src-shared/constants';
import { expect, test } from './fixtures';
import { callMutation, cologneShipping, shopMailTo, shopServer, tokenFromMailTo, uniqueEmail, waitForMailTo } from './support';

// Issue 19.2: with JavaScript off, the contact form and the newsletter sign-up are plain HTML forms that
// the server answers through the same procedures (post, redirect, get).
test.use({ javaScriptEnabled: false });

// Desktop only: each post is a contact.send, and the whole run shares one IP's limit of those.
test('a contact message without scripts: a refusal keeps what was typed; sent, it arrives and the form thanks @desktop-only', async ({
  page,
}) => {
  const email = uniqueEmail('noscript-kontakt');
  await page.goto('/contact');
  // The server measures the fill time from the token it rendered into the page: a person takes longer
  // than CONTACT_MIN_FILL_MS to write a message (sooner, the server takes it for a bot's and drops it).
  const shownAt = Date.now();
  const form = page.getByRole('form', { name: 'Kontaktformular' });
  await form.getByLabel('Name').fill('Maria Montessori');
  await form.getByLabel('E-Mail').fill('maria@');
  await form.getByLabel('Art der Anfrage').selectOption('community');
  await form.getByLabel('Betreff').fill('Eine Schule für unser Dorf');
  await form.getByLabel('Nachricht').fill('Guten Tag,\nwir hätten gern eine SchoolBox.');
  await form.getByRole('button', { name: 'Nachricht senden' }).click();

  await expect(form.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('Maria Montessori');
  await expect(form.getByLabel('Art der Anfrage')).toHaveValue('community');
  await expect(form.getByLabel('Nachricht')).toHaveValue('Guten Tag,\nwir hätten gern eine SchoolBox.');

  await form.getByLabel('E-Mail').fill(email);
  const typing = Date.now() - shownAt;
  if (typing < CONTACT_MIN_FILL_MS) await page.waitForTimeout(CONTACT_MIN_FILL_MS - typing + 500);
  await form.getByRole('button', { name: 'Nachricht senden' }).click();

  await expect(page).toHaveURL(/\/contact#contact-form$/);
  await expect(page.getByTestId('contact-sent')).toContainText('Vielen Dank für Ihre Nachricht!');
  await expect(form.getByLabel('Name')).toHaveValue('');
  const inbox = await waitForMailTo('team@schoolbox.example', (mail) => mail.text.includes(email));
  expect(inbox.text).toContain('wir hätten gern eine SchoolBox.');
  expect((await waitForMailTo(email)).text).toContain('vielen Dank für Ihre Nachricht');
});

test('the newsletter sign-up without scripts: the notice says to confirm, and the link arrives', async ({ page }) => {
  const email = uniqueEmail('noscript-newsletter');
  await page.goto('/blog');
  const form = page.getByRole('form', { name: 'Newsletter abonnieren' });
  await form.getByLabel('E-Mail-Adresse').fill('leser@');
  await form.getByRole('button', { name: 'Abonnieren' }).click();
  await expect(form.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeVisible();
  await expect(form.getByLabel('E-Mail-Adresse')).toHaveValue('leser@');

  await form.getByLabel('E-Mail-Adresse').fill(email);
  await form.getByRole('button', { name: 'Abonnieren' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Bitte bestätigen Sie Ihr Abonnement über den Link in der E-Mail, die wir Ihnen gerade geschickt haben.' }),
  ).toBeVisible();
  expect(await tokenFromMailTo(email, '/newsletter/confirm')).toMatch(/^[a-z2-7]{32}$/);
});

test('a donation without scripts: a refused amount keeps what was typed; then the post leads on to the payment page', async ({ page }) => {
  const fakeStripe = process.env.E2E_FAKE_STRIPE_URL;
  if (!fakeStripe) throw new Error('E2E_FAKE_STRIPE_URL is not set (playwright.config.ts sets it)');
  await page.route(`${fakeStripe}/favicon.ico`, (route) => route.fulfill({ status: 204 }));
  const email = uniqueEmail('noscript-spende');
  await page.goto('/spenden');
  const amount = page.getByTestId('donation-amount');
  await amount.fill('0,50');
  await page.getByRole('textbox', { name: /E-Mail/ }).fill(email);
  await page.getByTestId('donation-submit').click();
  await expect(page.getByText(/Der Mindestbetrag ist/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: /E-Mail/ })).toHaveValue(email);

  await page.getByTestId('donation-amount').fill('30');
  await page.getByTestId('donation-submit').click();
  // The page's form-action allows Stripe's page (the fake's here): the browser follows the 303 there.
  await page.waitForURL((url) => url.origin === new URL(fakeStripe).origin);
  await expect(page.getByTestId('total')).toHaveText('Total: 30.00 EUR');
});

test('a donation without scripts by a preset: the card chosen is the amount the payment page shows', async ({ page }) => {
  const fakeStripe = process.env.E2E_FAKE_STRIPE_URL;
  if (!fakeStripe) throw new Error('E2E_FAKE_STRIPE_URL is not set (playwright.config.ts sets it)');
  await page.route(`${fakeStripe}/favicon.ico`, (route) => route.fulfill({ status: 204 }));
  await page.goto('/spenden');
  await page.getByRole('radio', { name: /^100\s€$/ }).check();
  await page.getByRole('textbox', { name: /E-Mail/ }).fill(uniqueEmail('noscript-preset'));
  await page.getByTestId('donation-submit').click();
  await page.waitForURL((url) => url.origin === new URL(fakeStripe).origin);
  await expect(page.getByTestId('total')).toHaveText('Total: 100.00 EUR');
});

// The withdrawal button (§ 356a BGB) on the "shop" server, where orders are taken (playwright.config.ts).
test.describe('the withdrawal button without scripts', () => {
  test.use({ baseURL: shopServer().url });

  test('"Vertrag widerrufen" opens the form; a refusal keeps what was typed; confirmed, the page and the mail say it was received', async ({
    page,
    signedInAs,
  }) => {
    // An order to withdraw from, placed through the API as the checkout places it.
    const site = shopServer().url;
    const buyer = await signedInAs('member');
    const shipping = cologneShipping(buyer.email);
    const { orderNumber } = await callMutation<{ orderNumber: string }>(
      page,
      'orders.create',
      { shipping, lines: [{ variantId: '5003', quantity: 1 }], idempotencyKey: randomUUID(), locale: 'de' },
      site,
    );
    // A guest's withdrawal: no session.
    await page.context().clearCookies();

    await page.goto('/widerruf/erklaeren');
    const declaration = page.getByRole('form', { name: 'Widerrufserklärung' });
    await expect(declaration).toBeHidden();
    await page.getByTestId('withdrawal-open').click();
    await expect(declaration).toBeVisible();
    await declaration.getByLabel('Name').fill('Mia Mitglied');
    await declaration.getByLabel('Bestellnummer').fill(orderNumber.toLowerCase());
    await declaration.getByLabel('E-Mail-Adresse der Bestellung').fill('mia@');
    await declaration.getByLabel('Nachricht (freiwillig)').fill('Passt leider nicht.');
    await declaration.getByRole('button', { name: 'Widerruf bestätigen' }).click();

    // The page again, the form open, with the error and what was typed.
    await expect(declaration.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeVisible();
    await expect(declaration.getByLabel('Name')).toHaveValue('Mia Mitglied');
    await expect(declaration.getByLabel('Bestellnummer')).toHaveValue(orderNumber.toLowerCase());
    await expect(declaration.getByLabel('Nachricht (freiwillig)')).toHaveValue('Passt leider nicht.');
    await expect(declaration.getByLabel('E-Mail-Adresse der Bestellung')).toHaveValue('mia@');

    await declaration.getByLabel('E-Mail-Adresse der Bestellung').fill(buyer.email);
    await declaration.getByRole('button', { name: 'Widerruf bestätigen' }).click();
    await expect(page).toHaveURL(/\/widerruf\/erklaeren$/);
    const receipt = page.getByTestId('withdrawal-receipt');
    await expect(receipt).toContainText('Ihr Widerruf ist eingegangen');
    await expect(receipt).toContainText(
      'Eine Eingangsbestätigung mit dem Inhalt Ihrer Erklärung ist an die E-Mail-Adresse Ihrer Bestellung unterwegs.',
    );
    await expect(declaration).toHaveCount(0);
    const mail = await shopMailTo(buyer.email, 'Eingegangen am');
    expect(mail).toContain(`Hiermit widerrufe ich den Vertrag über die Bestellung ${orderNumber}.`);
    expect(mail).toContain('Nachricht: Passt leider nicht.');
  });
});

// Desktop only: each run signs up once more, and the whole run shares one IP's newsletter sign-up limit.
test('a newsletter confirmation link without scripts: opening it confirms nothing, its button does; a link cut short is dead @desktop-only', async ({
  page,
}) => {
  const email = uniqueEmail('noscript-confirm');
  await page.goto('/blog');
  const signUp = page.getByRole('form', { name: 'Newsletter abonnieren' });
  await signUp.getByLabel('E-Mail-Adresse').fill(email);
  await signUp.getByRole('button', { name: 'Abonnieren' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  const token = await tokenFromMailTo(email, '/newsletter/confirm');

  // The link as the mail has it: the page waits for the press (a mail scanner's GET confirms nothing).
  const link = `/newsletter/confirm?token=${token}&lang=en`;
  await page.goto(link);
  const form = page.getByRole('form', { name: 'Confirm subscription' });
  await expect(page.getByText('Subscription confirmed')).toHaveCount(0);
  await form.getByRole('button', { name: 'Confirm subscription' }).click();

  // Post, redirect, get: back on the link's page, which tells the outcome.
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === link);
  await expect(page.getByText('Subscription confirmed')).toBeVisible();
  await expect(page.getByText('Thank you! You will now receive our newsletter.')).toBeVisible();
  await expect(page.getByText('This link is invalid, has expired or has already been used.')).toHaveCount(0);

  // A link cut short by a mail program is the same dead link as a used one: said at once, no button.
  await page.goto(`/newsletter/confirm?token=${token.slice(0, 31)}&lang=en`);
  await expect(page.getByRole('alert')).toContainText('This link is invalid, has expired or has already been used.');
  await expect(page.getByRole('button', { name: 'Confirm subscription' })).toHaveCount(0);
});
