import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { type Account, callMutation, createAccount, type Role } from './support';

type Fixtures = {
  /** Console errors and uncaught exceptions seen during the test; the test fails if any remain. */
  consoleErrors: string[];
  /**
   * Signs the page's browser in as a new account with this role, over the API (no form, no page load):
   * for tests that sign in only to reach something else. The form's own round trip is tested in auth.spec.ts.
   */
  signedInAs: (role: Role) => Promise<Account>;
};

/** Waits until the server-rendered page has hydrated (the root layout marks <html data-hydrated>). */
export async function waitForHydration(page: Page, timeout = 20_000): Promise<void> {
  await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout });
}

/** One of 256 documentation addresses (RFC 5737) per sign-in: the run's sign-ins spread over them. */
function testClientIp(): string {
  return `198.51.100.${Math.floor(Math.random() * 256)}`;
}

/**
 * Pages arrive rendered and hydrate afterwards; typing into a form before that would be lost, as a fast
 * user's would, and a link clicked before it is a plain page load (the article page, not the dialog).
 * The page's goto and reload therefore wait for hydration (with JavaScript on). The `page` fixture has
 * this; a second page a test opens in the same context gets it from here.
 */
export function waitingForHydration(page: Page, javaScriptEnabled = true): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const hydrated = async <T>(response: T) => {
    if (javaScriptEnabled) await waitForHydration(page);
    return response;
  };
  page.goto = async (url, options) => hydrated(await goto(url, options));
  page.reload = async (options) => hydrated(await reload(options));
  return page;
}

export const test = base.extend<Fixtures>({
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(waitingForHydration(page, javaScriptEnabled !== false));
  },
  signedInAs: async ({ page, baseURL }, use) => {
    await use(async (role) => {
      const site = new URL(baseURL as string).origin;
      const account = createAccount(role, site);
      // page.request shares the browser context's cookies: the session cookie the answer sets is the page's.
      // From an address of its own (the e2e servers trust X-Forwarded-For): the sign-in limit per IP is
      // left to the tests of the sign-in form, which all come from 127.0.0.1.
      await callMutation(page, 'auth.signIn', account, site, { 'x-forwarded-for': testClientIp() });
      return account;
    });
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        // An API call the app answers with a 4xx (wrong password, a refused token) is an expected
        // outcome the page handles and shows; the browser still reports the status in the console.
        const expectedApiRefusal =
          message.text().startsWith('Failed to load resource: the server responded with a status of 4') &&
          message.location().url.includes('/api/trpc/');
        // Playwright's and axe's own scripts try to run in every frame, the newsletter preview's
        // sandboxed one too, and the sandbox refuses them as it refuses every script; the browser logs
        // that refusal (microsoft/playwright#33343). It is the sandbox working, so those lines, and
        // only those, are not the page's errors. (A mail carries no script: newsletter-content.test.ts.)
        const sandboxRefusal =
          /^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed and the 'allow-scripts' permission is not set\.$/.test(
            message.text(),
          );
        if (!expectedApiRefusal && !sandboxRefusal) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** An axe-core scan of the current page; serious and critical violations fail the test. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** Landmark rules (moderate in axe, so not in the scan above): everything inside a landmark, one banner. */
export async function expectLandmarksInOrder(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withRules(['region', 'landmark-no-duplicate-banner', 'landmark-unique', 'landmark-one-main'])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 768;
}
