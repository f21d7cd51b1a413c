import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// The e2e run serves the production build on its own port with a fresh SQLite file. The folder is made
// once in the runner process; workers inherit it through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'schoolbox-e2e-'));
const PORT = Number(process.env.E2E_PORT ?? 4173);
const BASE_URL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: '.test-summary/playwright.json' }]],
  use: {
    baseURL: BASE_URL,
    locale: 'de-DE',
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium; nothing is downloaded. Root needs --no-sandbox; the other flags keep a
      // machine without internet from trying (and failing) to reach Google's services.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    // A test tagged @desktop-only or @phone-only checks a layout that exists at one width only.
    { name: 'desktop', grepInvert: /@phone-only/, use: { viewport: { width: 1280, height: 800 } } },
    {
      name: 'phone',
      grepInvert: /@desktop-only/,
      use: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
  ],
  webServer: {
    command: 'node tests/support/e2e-server.mjs',
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE_URL,
      DATABASE_URL: `sqlite:${join(process.env.E2E_DATA_DIR, 'app.db')}`,
      LOG_LEVEL: 'warn',
      SITE_EMAIL: 'hallo@schoolbox.test',
      SITE_PHONE: '+49 221 987654',
      SITE_ADDRESS: 'Teststraße 5, 50667 Köln',
      WHATSAPP_NUMBER: '+49 170 1112223',
      // Always inside office hours, so the "online" state is what the tests see.
      WHATSAPP_OFFICE_HOURS: 'sun-sat 00:00-24:00',
    },
  },
});
