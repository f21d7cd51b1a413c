import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// A section that loads its own data says when that failed, with the reason and "Erneut versuchen", and
// recovers on it: never a spinner that goes on for ever (/account, the newsletter's send dialog). The
// picture upload's refusal is read out and tied to its button.

/** Answers every call of `procedure` with the API's 500 until unrouted; returns the route's pattern. */
async function failProcedure(page: Page, procedure: string): Promise<string> {
  const pattern = `**/api/trpc/*${procedure}*`;
  await page.route(pattern, (route) => {
    const calls = decodeURIComponent(new URL(route.request().url()).pathname.replace(/^\/api\/trpc\//, '')).split(',');
    return route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify(
        calls.map(() => ({
          error: {
            message: 'Internal server error',
            code: -32603,
            data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, appCode: null, fieldErrors: null, details: null },
          },
        })),
      ),
    });
  });
  return pattern;
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
  const failing = [await failProcedure(page, 'account.twoFactor.status'), await failProcedure(page, 'orders.mine')];
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

  for (const pattern of failing) await page.unroute(pattern);
  await twoFactor.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(twoFactor.getByRole('button', { name: 'Zwei-Faktor-Anmeldung einrichten' })).toBeVisible();
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

  const failing = await failProcedure(page, 'newsletter.subscribers');
  await page.getByRole('button', { name: 'Newsletter senden' }).click();
  const dialog = page.getByRole('dialog', { name: 'Newsletter senden' });
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('Fehler beim Laden', { timeout: 30_000 });
  await expect(alert).toContainText(UNEXPECTED);
  // Not known to how many it would go: nothing can be sent.
  await expect(dialog.getByRole('button', { name: 'Jetzt senden' })).toBeDisabled();

  await page.unroute(failing);
  await alert.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(dialog.getByTestId('send-recipients').or(dialog.getByText('Es gibt noch keine bestätigten Abonnenten'))).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();

  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((message) => !isApiServerError(message)));
});
