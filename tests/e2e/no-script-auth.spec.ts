import { expect, test } from './fixtures';
import { createAdmin, tokenFromMailTo, uniqueEmail } from './support';

// Issue 19.2: with JavaScript off, the account forms are plain HTML forms that the server answers (post,
// redirect, get). Few sign-ins: every attempt counts against the per-IP limit the whole run shares.
test.use({ javaScriptEnabled: false });

test('sign up without scripts: the tab is a link, the form posts, the notice says to check the mail', async ({ page }) => {
  const email = uniqueEmail('noscript-signup');
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Registrieren' }).click();
  await expect(page).toHaveURL(/\/auth\?tab=sign-up$/);
  await expect(page.getByRole('tab', { name: 'Registrieren' })).toHaveAttribute('aria-selected', 'true');
  const signUp = page.getByRole('form', { name: 'Registrieren' });

  // A refusal shows the form again with the field's message and what was typed, the password empty.
  await signUp.getByLabel('Vorname').fill('Maria');
  await signUp.getByLabel('Nachname').fill('Montessori');
  await signUp.getByLabel('E-Mail').fill(email);
  await signUp.getByLabel(/^Passwort( \*)?$/).fill('12345');
  await signUp.getByRole('button', { name: 'Registrieren' }).click();
  await expect(signUp.getByText('Das Passwort muss mindestens 6 Zeichen lang sein.')).toBeVisible();
  await expect(signUp.getByLabel('Vorname')).toHaveValue('Maria');
  await expect(signUp.getByLabel('E-Mail')).toHaveValue(email);
  await expect(signUp.getByLabel(/^Passwort( \*)?$/)).toHaveValue('');

  await signUp.getByLabel(/^Passwort( \*)?$/).fill('secret-123');
  await signUp.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('status').filter({ hasText: 'Bitte überprüfen Sie Ihre E-Mail für den Bestätigungslink.' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Anmelden' })).toBeVisible();
  expect(await tokenFromMailTo(email, '/auth/verify')).toMatch(/^[a-z2-7]{32}$/);
});

test('a new password without scripts, then a wrong and a right sign-in', async ({ page }) => {
  const account = await createAdmin();
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
  const forgot = page.getByRole('form', { name: 'Passwort vergessen' });
  await forgot.getByLabel('E-Mail').fill(account.email);
  await forgot.getByRole('button', { name: 'Link anfordern' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'haben wir Ihnen einen Link zum Festlegen eines neuen Passworts geschickt' }),
  ).toBeVisible();

  const token = await tokenFromMailTo(account.email, '/auth/reset');
  await page.goto(`/auth/reset?token=${token}`);
  const reset = page.getByRole('form', { name: 'Neues Passwort festlegen' });
  await reset.getByLabel('Neues Passwort').fill('new-password-1');
  await reset.getByLabel('Passwort wiederholen').fill('new-password-2');
  await reset.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(reset.getByText('Die Passwörter stimmen nicht überein.')).toBeVisible();
  await reset.getByLabel('Neues Passwort').fill('new-password-1');
  await reset.getByLabel('Passwort wiederholen').fill('new-password-1');
  await reset.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('status').filter({ hasText: 'Ihr neues Passwort gilt ab sofort.' })).toBeVisible();

  // The old password is wrong now: the error, the e-mail kept, the password field empty.
  const signIn = page.getByRole('form', { name: 'Anmelden' });
  await signIn.getByLabel('E-Mail').fill(account.email);
  await signIn.getByLabel(/^Passwort( \*)?$/).fill(account.password);
  await signIn.getByRole('button', { name: 'Anmelden' }).click();
  await expect(signIn.getByRole('alert')).toHaveText('Ungültige E-Mail-Adresse oder Passwort.');
  await expect(signIn.getByLabel('E-Mail')).toHaveValue(account.email);
  await expect(signIn.getByLabel(/^Passwort( \*)?$/)).toHaveValue('');

  await signIn.getByLabel(/^Passwort( \*)?$/).fill('new-password-1');
  await signIn.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status').filter({ hasText: 'Willkommen zurück!' })).toBeVisible();
  // Signed in: /auth sends the visitor on.
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/$/);
});
