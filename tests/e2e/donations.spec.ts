/**
 * Donating through Stripe Checkout (issue 18), end to end in the browser against the fake Stripe that
 * playwright.config.ts starts beside the main server (its hosted page, its signed webhooks): a card gift
 * in German, a monthly SEPA pledge in English whose money arrives later, a cancelled Checkout in French
 * that keeps the amount, and the admin who finds both donations in /donations-admin and in the CSV.
 * One chain per project (serial): the admin's test reads the donations the first two made.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { mailsTo, uniqueEmail, waitForMailTo } from './support';

const fakeStripe = () => {
  const url = process.env.E2E_FAKE_STRIPE_URL;
  if (!url) throw new Error('E2E_FAKE_STRIPE_URL is not set (playwright.config.ts sets it)');
  return url;
};

async function steerFakeStripe(path: string, body: Record<string, unknown> = {}): Promise<void> {
  const response = await fetch(`${fakeStripe()}/_fake/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.text()).toBe(200);
}

const onFakeCheckout = (url: URL) => url.origin === new URL(fakeStripe()).origin;
const sessionIdOf = (url: string) => new URL(url).searchParams.get('session_id') ?? '';

/** The donation form's e-mail field, whatever the page's language. */
const emailField = (page: Page) => page.locator('form input[type="email"]');

test.describe('donations through Stripe Checkout', () => {
  test.describe.configure({ mode: 'serial' });

  // The browser asks the fake's host for a favicon; the fake answers it as an API call without a key
  // (401), which the console reports as an error. Stripe's real page has one.
  test.beforeEach(async ({ page }) => {
    await page.route(`${fakeStripe()}/favicon.ico`, (route) => route.fulfill({ status: 204 }));
  });

  let cardDonor = '';
  let sepaDonor = '';

  test('de: 25 € once by card → the hosted page → thanks "received" → the thank-you mail', async ({ page }) => {
    cardDonor = uniqueEmail('card-donor');
    await page.goto('/spenden');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('radio', { name: /^25\s€$/ }).click();
    await expect(page.getByTestId('donation-amount')).toHaveValue('25');
    await page.getByRole('textbox', { name: 'Name (freiwillig)' }).fill('Jürgen Gönner');
    await emailField(page).fill(cardDonor);
    await page.getByTestId('donation-submit').click();

    // Stripe's page (the fake's), in the page's language, with the server's amount.
    await page.waitForURL(onFakeCheckout);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByTestId('total')).toHaveText('Total: 25.00 EUR');
    await page.getByRole('button', { name: 'Pay with card' }).click();

    await page.waitForURL(/\/spenden\/danke\?session_id=/);
    await expect(page.getByTestId('donation-state')).toHaveAttribute('data-state', 'received');
    await expect(page.getByTestId('donation-thanks')).toContainText(/25,00\s€/);

    const mail = await waitForMailTo(cardDonor);
    expect(mail.text).toMatch(/25,00\s€/);
  });

  test('en: 10 € monthly by SEPA → thanks "pending", no mail → the debit succeeds → the mail', async ({ page }) => {
    sepaDonor = uniqueEmail('sepa-donor');
    await page.goto('/spenden?lang=en');
    await page.getByTestId('donation-mode').locator('label').nth(1).click();
    await page.getByTestId('donation-amount').fill('10');
    await emailField(page).fill(sepaDonor);
    await page.getByTestId('donation-submit').click();

    await page.waitForURL(onFakeCheckout);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByText('Mode: subscription')).toBeVisible();
    await expect(page.getByTestId('total')).toHaveText('Total: 10.00 EUR');
    await page.getByRole('button', { name: 'Pay by SEPA', exact: true }).click();

    await page.waitForURL(/\/spenden\/danke\?session_id=/);
    await expect(page.getByTestId('donation-state')).toHaveAttribute('data-state', 'pending');
    // The money is not there yet: no thank-you before it is.
    expect(mailsTo(sepaDonor)).toEqual([]);

    // The bank confirms the debit: Stripe's async success (and the first invoice) reach the server.
    await steerFakeStripe(`checkout/${encodeURIComponent(sessionIdOf(page.url()))}/settle`);
    const mail = await waitForMailTo(sepaDonor);
    expect(mail.text).toMatch(/10,00\s€/);
    await page.reload();
    await expect(page.getByTestId('donation-state')).toHaveAttribute('data-state', 'received');
  });

  test('fr: cancelling on the hosted page returns to the form with the amount kept', async ({ page }) => {
    await page.goto('/spenden?lang=fr');
    await page.getByTestId('donation-amount').fill('42');
    await emailField(page).fill(uniqueEmail('cancel-donor'));
    await page.getByTestId('donation-submit').click();

    await page.waitForURL(onFakeCheckout);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.waitForURL(/\/spenden\?/);
    expect(new URL(page.url()).searchParams.get('amount')).toBe('4200');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByTestId('donation-amount')).toHaveValue('42');
    await expect(page.getByTestId('donation-mode').locator('input:checked')).toHaveValue('one_time');
  });

  test('an admin sees both donations in /donations-admin and in the CSV @desktop-only', async ({ page, signedInAs }) => {
    test.skip(!cardDonor || !sepaDonor, 'needs the donations of the tests above');
    await signedInAs('admin');
    await page.goto('/donations-admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Spenden' })).toBeVisible();

    const card = page.getByTestId('donation-row').filter({ hasText: cardDonor });
    await expect(card).toContainText('Jürgen Gönner');
    await expect(card).toContainText(/25,00\s€/);
    await expect(card).toContainText('Bezahlt');
    await expect(card.getByRole('link', { name: /Öffnen/ })).toHaveAttribute(
      'href',
      /^https:\/\/dashboard\.stripe\.com\/test\/payments\/pi_/,
    );
    const pledge = page.getByTestId('donation-row').filter({ hasText: sepaDonor });
    await expect(pledge).toContainText(/10,00\s€/);
    await expect(pledge).toContainText('Läuft (monatlich)');
    await expect(pledge.getByRole('link', { name: /Öffnen/ })).toHaveAttribute(
      'href',
      /^https:\/\/dashboard\.stripe\.com\/test\/subscriptions\/sub_/,
    );
    await expect(page.getByTestId('donations-active-monthly')).not.toHaveText('0');
    await expectNoSeriousA11yViolations(page);

    // Narrowed to monthly donations, the gift is gone.
    await page.getByLabel('Art', { exact: true }).selectOption('monthly');
    await expect(page).toHaveURL(/mode=monthly/);
    await expect(page.getByTestId('donation-row').filter({ hasText: sepaDonor })).toBeVisible();
    await expect(page.getByTestId('donation-row').filter({ hasText: cardDonor })).toHaveCount(0);
    await page.getByLabel('Art', { exact: true }).selectOption('');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'CSV für die Buchhaltung' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^donations-.*\.csv$/);
    const bytes = readFileSync(await download.path());
    // UTF-8 with a byte-order mark, for spreadsheet programs.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toMatch(/^date,paid_at,amount,currency,mode,status,donor_name,donor_email,language,/);
    expect(lines.find((line) => line.includes(cardDonor))).toMatch(/,25\.00,EUR,one_time,paid,Jürgen Gönner,.*,de,/);
    expect(lines.find((line) => line.includes(sepaDonor))).toMatch(/,10\.00,EUR,monthly,paid,,.*,en,/);
  });
});

test.describe('a gift above the simplified receipt limit', () => {
  test.beforeEach(async ({ page }) => {
    await page.route(`${fakeStripe()}/favicon.ico`, (route) => route.fulfill({ status: 204 }));
  });

  /** The Checkout session the fake's hosted page shows (its address is /pay/<id>). */
  async function shownSession(page: Page): Promise<{ id: string; billing_address_collection: string | null; amount_total: number }> {
    const id = new URL(page.url()).pathname.replace(/^\/pay\//, '');
    const response = await fetch(`${fakeStripe()}/_fake/sessions`);
    const sessions = (await response.json()) as Array<{ id: string; billing_address_collection: string | null; amount_total: number }>;
    const session = sessions.find((candidate) => candidate.id === id);
    expect(session, `session ${id} at the fake Stripe`).toBeTruthy();
    return session as never;
  }

  test('the form says before paying that the payment page asks for the postal address above 300 €; it does for 350 €, not for 300 €', async ({
    page,
  }) => {
    await page.goto('/spenden');
    const note = page.getByTestId('donation-receipt-note');
    await expect(note).toHaveText(
      /^Für Spenden über 300\s€ – bei monatlichen Spenden je Monat – fragt die Bezahlseite zusätzlich nach Ihrer Postanschrift: Dorthin schicken wir Ihnen die Zuwendungsbestätigung für das Finanzamt\.$/,
    );

    // 350 €: the note is there with the amount typed, before the button; Stripe's page must ask for the address.
    await page.getByTestId('donation-amount').fill('350');
    await emailField(page).fill(uniqueEmail('large-donor'));
    await expect(note).toBeVisible();
    const noteBox = await note.boundingBox();
    const buttonBox = await page.getByTestId('donation-submit').boundingBox();
    expect(noteBox && buttonBox && noteBox.y + noteBox.height <= buttonBox.y).toBe(true);
    await page.getByTestId('donation-submit').click();
    await page.waitForURL(onFakeCheckout);
    const large = await shownSession(page);
    expect(large.amount_total).toBe(35_000);
    expect(large.billing_address_collection).toBe('required');
    // Nothing is paid here: back to the form.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/spenden\?/);

    // 300 € is still within the simplified receipt: no address asked.
    await page.getByTestId('donation-amount').fill('300');
    await emailField(page).fill(uniqueEmail('limit-donor'));
    await page.getByTestId('donation-submit').click();
    await page.waitForURL(onFakeCheckout);
    const atLimit = await shownSession(page);
    expect(atLimit.amount_total).toBe(30_000);
    expect(atLimit.billing_address_collection).not.toBe('required');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/spenden\?/);
  });
});
