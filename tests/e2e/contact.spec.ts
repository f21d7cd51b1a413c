import { CONTACT_MIN_FILL_MS } from '../../src-shared/constants';
import { expect, test } from './fixtures';
import { uniqueEmail, waitForMailTo } from './support';

// The contact form (issue 9, spec §5 and §8): validation toast, the journey through real mail, the
// failure toast. The server ignores forms sent faster than a person could (CONTACT_MIN_FILL_MS), so
// each test waits that long before sending, as a person would.

test('a message reaches the team with Reply-To and the sender gets a receipt in their language; the form is cleared', async ({ page }) => {
  const email = uniqueEmail('kontakt');
  await page.goto('/contact?lang=fr');
  const form = page.getByRole('form', { name: 'Formulaire de contact' });
  await form.getByLabel('Nom').fill('Camille Martin');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Organisation').fill('École du Monde');
  await form.getByLabel('Type de demande').selectOption('media');
  await form.getByLabel('Objet').fill('Reportage sur SchoolBox');
  await form.getByRole('textbox', { name: 'Message', exact: true }).fill('Bonjour,\nnous aimerions présenter votre projet.');
  await page.waitForTimeout(CONTACT_MIN_FILL_MS);
  await form.getByRole('button', { name: 'Envoyer un message' }).click();

  await expect(page.getByRole('status')).toContainText('Merci');
  await expect(form.getByLabel('Nom')).toHaveValue('');
  await expect(form.getByRole('textbox', { name: 'Message', exact: true })).toHaveValue('');

  const inbox = await waitForMailTo('team@schoolbox.example', (mail) => mail.text.includes('Reportage sur SchoolBox'));
  expect(inbox.headers['reply-to']).toContain(email);
  expect(inbox.text).toContain('nous aimerions présenter votre projet.');
  const receipt = await waitForMailTo(email);
  expect(receipt.text).toContain('merci pour votre message');
  expect(receipt.text).toContain('Reportage sur SchoolBox');
});

test('missing required fields show the toast and mark the fields; nothing is sent', async ({ page }) => {
  let sent = 0;
  page.on('request', (request) => request.url().includes('contact.send') && sent++);
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Kontaktformular' });
  await expect(form.getByLabel('E-Mail')).toHaveAttribute('type', 'email');
  await expect(form.getByLabel('Nachricht')).toHaveAttribute('rows', '6');
  await form.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(page.getByText('Bitte fülle alle Pflichtfelder aus.')).toBeVisible();
  await expect(form.getByText('Dieses Feld ist erforderlich.').first()).toBeVisible();
  expect(sent).toBe(0);
});

test('a server failure shows "Fehler beim Senden" and keeps what was typed', async ({ page, consoleErrors }) => {
  await page.route('**/api/trpc/contact.send**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Kontaktformular' });
  await form.getByLabel('Name').fill('Ada');
  await form.getByLabel('E-Mail').fill(uniqueEmail('fehler'));
  await form.getByLabel('Betreff').fill('Frage');
  await form.getByLabel('Nachricht').fill('Hallo!');
  await form.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(page.getByText('Fehler beim Senden')).toBeVisible();
  await expect(page.getByText('Bitte versuche es später erneut.')).toBeVisible();
  await expect(form.getByLabel('Betreff')).toHaveValue('Frage');
  // The refused request itself is reported by the browser; that is the point of this test.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !e.includes('500')));
});
