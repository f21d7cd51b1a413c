import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { decodeEncodedWords, decodeQuotedPrintable, splitHeadersAndBody } from '../support/mime';

const dataDir = () => {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return dir;
};

/** Runs an operator command against the e2e database, as an operator would. */
export function cli(...args: string[]): string {
  return cliIn(dataDir(), ...args);
}

function cliIn(dir: string, ...args: string[]): string {
  return execFileSync(process.execPath, ['dist/server/cli.js', ...args], {
    env: { ...process.env, DATABASE_URL: `sqlite:${join(dir, 'app.db')}` },
    encoding: 'utf8',
  });
}

let counter = 0;
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${process.pid}-${++counter}@example.org`;
}

export type Role = 'admin' | 'member';
export type Account = { email: string; password: string };

const NAMES: Record<Role, { first: string; last: string }> = {
  admin: { first: 'Ada', last: 'Admin' },
  member: { first: 'Mia', last: 'Mitglied' },
};

/**
 * A verified account, made as an operator would (admin:create, and admin:revoke after it for a member),
 * on the e2e server at `site`: the main one unless the shop's is named.
 */
export function createAccount(role: Role, site?: string): Account {
  const dir = dataDirOf(site);
  const email = uniqueEmail(role);
  const password = `${role}-password-1`;
  const { first, last } = NAMES[role];
  cliIn(dir, 'admin:create', '--email', email, '--password', password, '--first-name', first, '--last-name', last);
  if (role === 'member') cliIn(dir, 'admin:revoke', email);
  return { email, password };
}

export async function createAdmin(): Promise<Account> {
  return createAccount('admin');
}

export async function signInViaForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Anmelden' });
  await form.getByLabel('E-Mail').fill(email);
  await form.getByLabel(/^Passwort( \*)?$/).fill(password);
  await form.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByText('Willkommen zurück!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * Calls a tRPC mutation with the browser's cookies (as the signed-in user of that page), sent from the
 * site `origin` (by default the one the page shows); a session cookie in the answer lands in the browser.
 */
export async function callMutation<T = unknown>(
  page: Page,
  path: string,
  input: unknown,
  origin = new URL(page.url()).origin,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await page.request.post(`${origin}/api/trpc/${path}`, { data: input, headers: { ...headers, origin } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

/** A captured mail with its headers (unfolded) and its text, quoted-printable decoded as UTF-8. */
export type Mail = { to: string[]; headers: Record<string, string>; text: string };

function decodeMail({ to, raw }: { to: string[]; raw: string }): Mail {
  const { headers, body } = splitHeadersAndBody(raw);
  return { to, headers: Object.fromEntries(headers), text: decodeQuotedPrintable(body) };
}

/** Every mail the SMTP capture server behind `dir` received, oldest first. */
function capturedMails(dir = join(dataDir(), 'mail')): Mail[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => decodeMail(JSON.parse(readFileSync(join(dir, file), 'utf8')) as { to: string[]; raw: string }));
}

/** Waits for a mail to `address` that `matches` and returns the newest such mail. */
export async function waitForMailTo(address: string, matches: (mail: Mail) => boolean = () => true, dir?: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        found = capturedMails(dir)
          .reverse()
          .find((mail) => mail.to.includes(address) && matches(mail));
        return found !== undefined;
      },
      { timeout: 20_000, message: `a mail to ${address}` },
    )
    .toBe(true);
  return found as Mail;
}

/** Waits for a mail to the address and returns the token of its link to `path`. */
export async function tokenFromMailTo(email: string, path: string): Promise<string> {
  const link = new RegExp(`${path.replace(/\//g, '\\/')}\\?token=([a-z2-7]{32})`);
  const mail = await waitForMailTo(email, (m) => link.test(m.text));
  return link.exec(mail.text)?.[1] as string;
}

/** Every captured mail to `address`, oldest first (to check that one did NOT arrive). */
export function mailsTo(address: string): Mail[] {
  return capturedMails().filter((mail) => mail.to.includes(address));
}

/** A mail's subject, with RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) decoded. */
export function subjectOf(mail: Mail): string {
  return decodeEncodedWords(mail.headers.subject ?? '');
}

/**
 * Waits for a newsletter mail with this subject. Newsletter mail is paced by the worker
 * (NEWSLETTER_RATE_PER_MIN) and shares the pace with every other test's newsletter: a generous wait.
 */
export async function waitForNewsletterTo(address: string, subject: string, timeout = 120_000): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        found = mailsTo(address).find((mail) => subjectOf(mail) === subject);
        return found !== undefined;
      },
      { timeout, intervals: [500, 1000], message: `a mail "${subject}" to ${address}` },
    )
    .toBe(true);
  return found as Mail;
}

// ---------------------------------------------------------------------------------------------
// The shop's servers (playwright.config.ts): "shop" takes orders and talks to a fake Printful;
// "shop-states" has a fake Printful of its own for the catalog's loading, error and empty states.

function fromEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (playwright.config.ts sets it)`);
  return value;
}

export type ShopTestServer = { url: string; fakePrintfulUrl: string };

export function shopServer(): ShopTestServer & { dataDir: string } {
  return { url: fromEnv('E2E_SHOP_URL'), fakePrintfulUrl: fromEnv('E2E_SHOP_FAKE_PRINTFUL_URL'), dataDir: fromEnv('E2E_SHOP_DATA_DIR') };
}

export function shopStatesServer(): ShopTestServer {
  return { url: fromEnv('E2E_SHOP_STATES_URL'), fakePrintfulUrl: fromEnv('E2E_SHOP_STATES_FAKE_PRINTFUL_URL') };
}

/** An admin of the shop server. */
export function createShopAdmin(): Account {
  return createAccount('admin', shopServer().url);
}

/** The data folder (database, captured mail) of the e2e server at `site` (the main one if none is named). */
function dataDirOf(site: string | undefined): string {
  if (site === undefined) return dataDir();
  if (site === shopServer().url) return shopServer().dataDir;
  if (site === process.env.E2E_SHOP_PAY_URL) return fromEnv('E2E_SHOP_PAY_DATA_DIR');
  if (site === shopStatesServer().url) throw new Error('the shop-states server has no accounts to sign in with');
  return dataDir();
}

/** Waits for a mail to the address on the shop server whose text contains `marker`, and returns its text. */
export async function shopMailTo(email: string, marker: string): Promise<string> {
  const mail = await waitForMailTo(email, (m) => m.text.includes(marker), join(shopServer().dataDir, 'mail'));
  return mail.text;
}

/** Steers a fake Printful (tests/support/fake-printful.ts): faults, heal, latency, products, reset. */
export async function steerFakePrintful(server: ShopTestServer, control: string, body: Record<string, unknown> = {}): Promise<void> {
  const response = await fetch(`${server.fakePrintfulUrl}/__fake/${control}`, { method: 'POST', body: JSON.stringify(body) });
  expect(response.status, `fake Printful /__fake/${control}`).toBe(200);
}

/** The orders a fake Printful received. */
export async function fakePrintfulOrders(server: ShopTestServer): Promise<
  Array<{
    id: number;
    external_id: string | null;
    status: string;
    items: Array<{ sync_variant_id: number; quantity: number; retail_price?: string }>;
  }>
> {
  const response = await fetch(`${server.fakePrintfulUrl}/__fake/orders`);
  return (await response.json()) as never;
}

/** The cart's localStorage key (src-client/features/cart). */
export const CART_KEY = 'schoolbox.cart';

/** The fake store's pictures live on a CDN the test machine cannot reach: answer for it. */
export async function servePrintfulPictures(page: Page): Promise<void> {
  await page.route('https://files.cdn.printful.example/**', (route) =>
    route.fulfill({
      contentType: 'image/svg+xml',
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#cbd5e1"/></svg>',
    }),
  );
}

/** Puts a cart into localStorage as an earlier visit would have left it, and loads the page again. */
export async function storeCart(page: Page, lines: unknown[]): Promise<void> {
  await page.evaluate(([key, value]) => window.localStorage.setItem(key as string, value as string), [CART_KEY, JSON.stringify(lines)]);
  await page.reload();
}

/** A member's delivery address in Cologne, as the checkout form sends it: for orders placed through the API. */
export function cologneShipping(email: string) {
  return {
    firstName: 'Mia',
    lastName: 'Mitglied',
    email,
    phone: '',
    address: 'Domstraße 1',
    city: 'Köln',
    postalCode: '50667',
    country: 'DE',
  };
}
