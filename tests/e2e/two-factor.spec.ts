import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateTOTP } from '@oslojs/otp';
import { expect, test } from './fixtures';
import { createAdmin, signInViaForm } from './support';

// Two-factor sign-in in the browser (issue 21, ADR 041): set up on /account from the key the page shows,
// turned on with the app's code and the password, the recovery codes shown once; the next sign-in asks for a code after
// the password and takes a recovery code. (The server tests cover replay, limits and the plain posts.)
test('set up two-factor sign-in on /account, then sign in with a recovery code', async ({ page }) => {
  const { email, password } = await createAdmin();
  await signInViaForm(page, email, password);

  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Zwei-Faktor-Anmeldung' });
  await section.getByRole('button', { name: 'Zwei-Faktor-Anmeldung einrichten' }).click();
  await expect(section.getByRole('img', { name: 'QR-Code für die Authenticator-App' }).locator('svg')).toBeVisible();
  const secret = ((await section.locator('code').textContent()) ?? '').replaceAll(' ', '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  // What an authenticator app would show now.
  await section.getByLabel(/2\. Code aus der App/).fill(generateTOTP(decodeBase32IgnorePadding(secret), 30, 6));
  // A browser left signed in is not enough: the password is asked too, and a wrong one is said at its field.
  const passwordField = section.getByLabel(/3\. Aktuelles Passwort/);
  await passwordField.fill('not the password');
  await section.getByRole('button', { name: 'Bestätigen und einschalten' }).click();
  await expect(passwordField).toHaveAttribute('aria-invalid', 'true');
  await passwordField.fill(password);
  await section.getByRole('button', { name: 'Bestätigen und einschalten' }).click();
  const codes = section.getByRole('list', { name: 'Wiederherstellungscodes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.first().textContent()) ?? '';
  await section.getByRole('button', { name: 'Ich habe die Codes aufbewahrt' }).click();
  await expect(section.getByText('Noch 10 von 10 Wiederherstellungscodes sind unbenutzt.')).toBeVisible();

  // A new browser session: the password alone is not enough any more.
  await page.context().clearCookies();
  await page.goto('/auth');
  const signIn = page.getByRole('form', { name: 'Anmelden' });
  await signIn.getByLabel('E-Mail').fill(email);
  await signIn.getByLabel(/^Passwort( \*)?$/).fill(password);
  await signIn.getByRole('button', { name: 'Anmelden' }).click();
  const codeForm = page.getByRole('form', { name: 'Bestätigungscode' });
  await codeForm.getByLabel(/^Code/).fill('000000x');
  await codeForm.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(
    codeForm.getByText('Bitte überprüfen Sie Ihre Eingaben.').or(codeForm.locator('[aria-invalid="true"]')).first(),
  ).toBeVisible();
  await codeForm.getByLabel(/^Code/).fill(recoveryCode);
  await codeForm.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(page.getByText('Willkommen zurück!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/account');
  await expect(page.getByText('Noch 9 von 10 Wiederherstellungscodes sind unbenutzt.')).toBeVisible();
});
