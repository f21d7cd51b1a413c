import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

const dataDir = () => {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return dir;
};

/** Runs an operator command against the e2e database, as an operator would. */
export function cli(...args: string[]): string {
  return execFileSync(process.execPath, ['dist/server/cli.js', ...args], {
    env: { ...process.env, DATABASE_URL: `sqlite:${join(dataDir(), 'app.db')}` },
    encoding: 'utf8',
  });
}

let counter = 0;
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${process.pid}-${++counter}@example.org`;
}

export async function createAdmin(): Promise<{ email: string; password: string }> {
  const email = uniqueEmail('admin');
  const password = 'admin-password-1';
  cli('admin:create', '--email', email, '--password', password, '--first-name', 'Ada', '--last-name', 'Admin');
  return { email, password };
}

export async function signInViaForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Anmelden' });
  await form.getByLabel('E-Mail').fill(email);
  await form.getByLabel('Passwort').fill(password);
  await form.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByText('Willkommen zurück!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

/** Calls a tRPC mutation with the browser's cookies (as the signed-in user of that page). */
export async function callMutation<T = unknown>(page: Page, path: string, input: unknown): Promise<T> {
  const baseURL = new URL(page.url()).origin;
  const response = await page.request.post(`/api/trpc/${path}`, { data: input, headers: { origin: baseURL } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

type CapturedMail = { to: string[]; text: string };

/** The mails the SMTP capture server received, decoded enough to read links (quoted-printable). */
function readMails(): CapturedMail[] {
  const dir = join(dataDir(), 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((file) => {
      const { to, raw } = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { to: string[]; raw: string };
      const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return { to, text };
    });
}

/** Waits for a mail to the address and returns the token of its link to `path`. */
export async function tokenFromMailTo(email: string, path: string): Promise<string> {
  let token: string | undefined;
  await expect
    .poll(
      () => {
        const mail = readMails().reverse().find((m) => m.to.includes(email) && m.text.includes(`${path}?token=`));
        token = mail ? new RegExp(`${path.replace(/\//g, '\\/')}\\?token=([a-z2-7]{32})`).exec(mail.text)?.[1] : undefined;
        return token;
      },
      { timeout: 15_000, message: `a mail to ${email} with a ${path} link` },
    )
    .toBeTruthy();
  return token as string;
}
