import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';

// A section that loads its own data says when that failed, with the reason and "Erneut versuchen", and
// recovers on it: never a spinner that goes on for ever (/account, the newsletter's send dialog). The
// picture upload's refusal is read out and tied to its button.

/** The API's answer to one call that failed on the server (no error code of ours). */
const SERVER_ERROR = {
  error: {
    message: 'Internal server error',
    code: -32603,
    data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, appCode: null, fieldErrors: null, details: null },
  },
};

/**
 * Answers every call of `procedures` with the API's 500 until the returned function is called. Which
 * calls share a request (httpBatchLink) depends on timing: the others in it get the server's real answer.
 */
async function failProcedures(page: Page, procedures: string[]): Promise<() => Promise<void>> {
  const pattern = '**/api/trpc/**';
  const handler = async (route: Route) => {
    const calls = decodeURIComponent(new URL(route.request().url()).pathname.replace(/^\/api\/trpc\//, '')).split(',');
    const failing = calls.map((call) => procedures.includes(call));
    if (!failing.includes(true)) return route.fallback();
    const real = failing.includes(false) ? ((await (await route.fetch()).json()) as unknown[]) : [];
    return route.fulfill({
      // tRPC's status for a batch whose calls did not all fail alike.
      status: failing.includes(false) ? 207 : 500,
      contentType: 'application/json',
      body: JSON.stringify(failing.map((fails, index) => (fails ? SERVER_ERROR : real[index]))),
    });
  };
  await page.route(pattern, handler);
  return () => page.unroute(pattern, handler);
}

/** The browser's own line for an answer with status 500 of the API (a failure the test itself made). */
const isApiServerError = (message: string) => message.startsWith('Failed to load resource: the server responded with a status of 500');

const UNEXPECTED = 'Ein unerwarteter Fehler ist aufgetreten.';

test('/account says when its two-factor state and orders could not be loaded; "Erneut versuchen" loads them @desktop-only', async ({
  page,
  signedInAs,
  consoleErrors,
}) => {
  await signedInAs('member');
  // The server renders /account with its data: the browser asks for it itself on a navigation in the app.
  await page.goto('/about');
  const heal = await failProcedures(page, ['account.twoFactor.status', 'orders.mine']);
  await page.getByRole('link', { name: 'Mein Konto' }).first().click();
  await expect(page).toHaveURL(/\/account$/);

  const twoFactor = page.getByRole('region', { name: 'Zwei-Faktor-Anmeldung' });
  const orders = page.getByRole('region', { name: 'Meine Bestellungen' });
  // The browser asks a few times (with a growing wait) before it gives up: a generous wait.
  for (const section of [twoFactor, orders]) {
    const alert = section.getByRole('alert');
    await expect(alert).toContainText('Fehler beim Laden', { timeout: 30_000 });
    await expect(alert).toContainText(UNEXPECTED);
    await expect(alert.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
  }

  // Asked again from the keyboard while the server still fails: the message and its button stay (busy),
  // and so does the focus; no spinner takes their place.
  const again = twoFactor.getByRole('button', { name: 'Erneut versuchen' });
  await again.focus();
  await page.keyboard.press('Enter');
  await expect(again).toHaveAttribute('aria-disabled', 'true');
  await expect(again).toBeFocused();
  await expect(twoFactor.getByRole('alert')).toContainText('Fehler beim Laden');
  await expect(twoFactor.getByLabel('Wird geladen')).toHaveCount(0);

  // The server answers again: the retry under way loads the section (on a machine so slow that its
  // series has ended meanwhile, the next click does).
  await heal();
  const setUp = twoFactor.getByRole('button', { name: 'Zwei-Faktor-Anmeldung einrichten' });
  await expect(async () => {
    if ((await again.isVisible()) && (await again.getAttribute('aria-disabled')) === null) await again.click();
    await expect(setUp).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(twoFactor.getByRole('alert')).toHaveCount(0);
  await orders.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(orders.getByTestId('my-orders-empty')).toBeVisible();
  await expect(orders.getByRole('alert')).toHaveCount(0);

  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((message) => !isApiServerError(message)));
});

test('the newsletter composer: a too large picture is refused aloud at its button; a failed subscriber count says so and asks again', async ({
  page,
  signedInAs,
  consoleErrors,
}) => {
  await signedInAs('admin');
  await page.goto('/newsletter-admin/new');
  const form = page.getByRole('form', { name: 'Newsletter verfassen' });

  // The upload's refusal goes into a live region that was there before it (one inserted with its text is
  // often not read out), and the button it belongs to names it, besides what the button takes.
  const upload = form.getByTestId('image-upload');
  const refusal = upload.getByRole('alert');
  await expect(refusal).toHaveCount(1);
  await expect(refusal).toHaveText('');
  const button = upload.getByRole('button', { name: 'Bild hochladen' });
  await expect(button).toHaveAccessibleDescription('JPEG, PNG, WebP oder AVIF, höchstens 10 MB');
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles({ name: 'riesig.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
  const tooLarge = 'Die Datei ist zu groß. Erlaubt sind höchstens 10 MB.';
  await expect(refusal).toHaveText(tooLarge);
  await expect(button).toHaveAccessibleDescription(`JPEG, PNG, WebP oder AVIF, höchstens 10 MB ${tooLarge}`);

  // A draft to send.
  await form.getByRole('tab', { name: 'Deutsch' }).click();
  await form.getByRole('textbox', { name: 'Betreff' }).fill(`Zählung ${Date.now()}`);
  await form.getByRole('textbox', { name: 'Inhalt' }).fill('Ein Absatz.');
  await page.getByRole('button', { name: 'Entwurf speichern' }).click();
  await expect(page).toHaveURL(/\/newsletter-admin\/(?!new$)[\w-]+$/);

  const heal = await failProcedures(page, ['newsletter.subscribers']);
  await page.getByRole('button', { name: 'Newsletter senden' }).click();
  const dialog = page.getByRole('dialog', { name: 'Newsletter senden' });
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('Fehler beim Laden', { timeout: 30_000 });
  await expect(alert).toContainText(UNEXPECTED);
  // Not known to how many it would go: nothing can be sent.
  await expect(dialog.getByRole('button', { name: 'Jetzt senden' })).toBeDisabled();

  await heal();
  await alert.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(dialog.getByTestId('send-recipients').or(dialog.getByText('Es gibt noch keine bestätigten Abonnenten'))).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();

  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((message) => !isApiServerError(message)));
});
