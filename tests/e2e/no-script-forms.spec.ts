import { CONTACT_MIN_FILL_MS } from '../../src-shared/constants';
import { expect, test } from './fixtures';
import { tokenFromMailTo, uniqueEmail, waitForMailTo } from './support';

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
