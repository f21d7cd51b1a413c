import type { Page } from '@playwright/test';
import { CONTACT_MIN_FILL_MS } from '../../src-shared/constants';
import { expect, test, waitForHydration } from './fixtures';
import { uniqueEmail, waitForMailTo } from './support';

// Issue 19.3: interactive from the first moment. On a mid-range phone (the throttling Lighthouse's
// mobile run uses), the page shows seconds before its scripts have run; what a visitor types in that
// time must survive hydration, and a form sent in it must arrive. And no element changes its id from the
// server's HTML to the page after hydration (a changed id means a subtree rendered differently or remounted).

/** The mid-range phone: 4× slower CPU, 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip. */
async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/**
 * Opens the address and returns as soon as the browser has it (not waiting for hydration, as the
 * fixture's page.goto does): what a visitor sees first.
 */
async function openWithoutWaiting(page: Page, path: string): Promise<void> {
  await page.mainFrame().goto(path, { waitUntil: 'commit' });
}

/** Types the way a person does, key by key, into a contact form that has just appeared. */
async function typeMessage(page: Page, email: string, message: string) {
  const form = page.getByRole('form', { name: 'Kontaktformular' });
  // The moment the form shows (HTML and styles there, scripts still on their way).
  await expect(form.getByLabel('Name')).toBeVisible();
  await form.getByLabel('Name').pressSequentially('Rosa Parks');
  // (The long test address is pasted, as people do.)
  await form.getByLabel('E-Mail').fill(email);
  await form.getByLabel('Betreff').pressSequentially('Hallo');
  await form.getByLabel('Nachricht').pressSequentially(message);
  return form;
}

/** Hydration on the throttled profile (CPU ×4, 1.6 Mbit/s) while CI's two cores are busy: generous. */
const THROTTLED_HYDRATION_MS = 90_000;

// The phone profile only (and so fewer contact messages: the run shares one IP's contact.send limit).
test.describe('on a mid-range phone @phone-only', () => {
  // Throttled pages and key-by-key typing take their time on a busy machine.
  test.slow();
  test.beforeEach(async ({ page }) => {
    await throttle(page);
  });

  test('what was typed into the contact form right after it showed survives hydration, and sent, it arrives', async ({ page }) => {
    const email = uniqueEmail('erster-moment');
    await openWithoutWaiting(page, '/contact');
    const form = await typeMessage(page, email, 'Vor den Skripten getippt.');
    await waitForHydration(page, THROTTLED_HYDRATION_MS);
    await expect(form.getByLabel('Name')).toHaveValue('Rosa Parks');
    await expect(form.getByLabel('E-Mail')).toHaveValue(email);
    await expect(form.getByLabel('Betreff')).toHaveValue('Hallo');
    await expect(form.getByLabel('Nachricht')).toHaveValue('Vor den Skripten getippt.');
    await expect(form.getByText('Dieses Feld ist erforderlich.')).toHaveCount(0);

    await form.getByRole('button', { name: 'Nachricht senden' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Vielen Dank für Ihre Nachricht!' })).toBeVisible();
    const inbox = await waitForMailTo('team@schoolbox.example', (mail) => mail.text.includes(email));
    expect(inbox.text).toContain('Vor den Skripten getippt.');
  });

  test('a contact message sent before the scripts have run is a plain post that arrives', async ({ page }) => {
    const email = uniqueEmail('vor-den-skripten');
    // The page's scripts are held until the message is sent, so the click certainly comes before hydration.
    let releaseScripts!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route('**/assets/**/*.js', async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await openWithoutWaiting(page, '/contact');
    const shownAt = Date.now();
    const form = await typeMessage(page, email, 'Vor der Hydrierung gesendet.');
    // A person takes longer than CONTACT_MIN_FILL_MS to write (sooner, the server takes the form for a bot's).
    const typing = Date.now() - shownAt;
    if (typing < CONTACT_MIN_FILL_MS) await page.waitForTimeout(CONTACT_MIN_FILL_MS - typing + 500);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null)).toBeNull();
    const posted = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/contact');
    await form.getByRole('button', { name: 'Nachricht senden' }).click();
    await posted;
    releaseScripts();

    await expect(page).toHaveURL(/\/contact#contact-form$/);
    await expect(page.getByTestId('contact-sent')).toContainText('Vielen Dank für Ihre Nachricht!');
    const inbox = await waitForMailTo('team@schoolbox.example', (mail) => mail.text.includes(email));
    expect(inbox.text).toContain('Vor der Hydrierung gesendet.');
  });
});

for (const path of ['/', '/contact', '/auth', '/blog']) {
  test(`no element id changes at hydration on ${path}`, async ({ page }) => {
    const html = await (await page.request.get(path)).text();
    await page.goto(path);
    // The server's ids, read from its HTML without running a script; then the page's after hydration.
    const { server, hydrated } = await page.evaluate((source) => {
      const ids = (root: Document) => [...root.querySelectorAll('[id]')].map((element) => element.id).sort();
      return { server: ids(new DOMParser().parseFromString(source, 'text/html')), hydrated: ids(document) };
    }, html);
    expect(server.length).toBeGreaterThan(0);
    expect(hydrated).toEqual(server);
  });
}
