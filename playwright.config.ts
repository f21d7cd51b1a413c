import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// The e2e run serves the production build on its own port with a fresh SQLite file. The folder is made
// once in the runner process; workers inherit it through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'schoolbox-e2e-'));
const PORT = Number(process.env.E2E_PORT ?? 4173);
const BASE_URL = `http://127.0.0.1:${PORT}`;

// The shop's browser tests need orders switched on and Printful behind it: two more production servers
// beside the main one (which keeps orders off and the demo catalog), each with a fake Printful of its
// own (tests/support/fake-printful.ts, steered over HTTP under /__fake/), its own database and mail
// capture. "shop" serves the buying tests; "shop-states" exists for the catalog's loading, error and
// empty states, which need a server whose catalog has never loaded (a good copy, once loaded, is served
// whatever Printful does later). Their ports follow E2E_PORT; the tests find them in the environment.
const shopServer = (name: string, port: number, fakePort: number) => ({
  name,
  url: `http://127.0.0.1:${port}`,
  fakeUrl: `http://127.0.0.1:${fakePort}`,
  port,
  fakePort,
  dataDir: join(process.env.E2E_DATA_DIR!, name),
});
const SHOP = shopServer('shop', PORT + 1, PORT + 2);
const SHOP_STATES = shopServer('shop-states', PORT + 3, PORT + 4);
process.env.E2E_SHOP_URL = SHOP.url;
process.env.E2E_SHOP_FAKE_PRINTFUL_URL = SHOP.fakeUrl;
process.env.E2E_SHOP_DATA_DIR = SHOP.dataDir;
process.env.E2E_SHOP_STATES_URL = SHOP_STATES.url;
process.env.E2E_SHOP_STATES_FAKE_PRINTFUL_URL = SHOP_STATES.fakeUrl;
const FAKE_PRINTFUL_STORE_ID = '952434';

// Donations (issue 18): the main server takes them through Stripe Checkout against a fake Stripe of its
// own (tests/support/fake-stripe-server.mjs: the API, the hosted page, signed webhooks back to the
// server), steered by the tests over HTTP under /_fake/. Its port follows E2E_PORT too.
const FAKE_STRIPE = {
  url: `http://127.0.0.1:${PORT + 5}`,
  port: PORT + 5,
  secretKey: 'sk_test_fake',
  webhookSecret: 'whsec_test_fake',
};
process.env.E2E_FAKE_STRIPE_URL = FAKE_STRIPE.url;

// Shop payments (issue 18 point 3): "shop-pay" takes orders paid through Stripe Checkout, with a fake
// Printful and a fake Stripe of its own (webhooks back to it). "shop" keeps the shop without Stripe
// (drafts, payment by arrangement), which shop.spec.ts and checkout-terms.spec.ts test.
const SHOP_PAY = shopServer('shop-pay', PORT + 6, PORT + 7);
const SHOP_PAY_FAKE_STRIPE = { url: `http://127.0.0.1:${PORT + 8}`, port: PORT + 8 };
process.env.E2E_SHOP_PAY_URL = SHOP_PAY.url;
process.env.E2E_SHOP_PAY_FAKE_PRINTFUL_URL = SHOP_PAY.fakeUrl;
process.env.E2E_SHOP_PAY_DATA_DIR = SHOP_PAY.dataDir;
process.env.E2E_SHOP_PAY_FAKE_STRIPE_URL = SHOP_PAY_FAKE_STRIPE.url;

function shopWebServer(server: ReturnType<typeof shopServer>, env: Record<string, string>) {
  return {
    name: server.name,
    command: 'node tests/support/e2e-server.mjs',
    url: `${server.url}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(server.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: server.url,
      DATABASE_URL: `sqlite:${join(server.dataDir, 'app.db')}`,
      TRUST_PROXY: 'true',
      // e2e-server.mjs captures this server's mail here and starts its fake Printful.
      E2E_DATA_DIR: server.dataDir,
      E2E_FAKE_PRINTFUL_PORT: String(server.fakePort),
      FAKE_PRINTFUL_STORE_ID,
      PRINTFUL_API_URL: server.fakeUrl,
      PRINTFUL_API_TOKEN: 'fake-printful-token',
      PRINTFUL_STORE_ID: FAKE_PRINTFUL_STORE_ID,
      LOG_LEVEL: 'warn',
      SEED_DEMO_CONTENT: 'false',
      ...env,
    },
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  // Generous limits: CI runs on two cores that may be busy. A journey is a correctness test, never a
  // speed test (speed is measured by npm run bench).
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: '.test-summary/playwright.json' }]],
  use: {
    baseURL: BASE_URL,
    locale: 'de-DE',
    trace: 'retain-on-failure',
    // The app honours reduced motion (the Mantine theme), so a dialog or toast is at rest the moment
    // it shows: an axe scan on a busy machine never reads a dialog's text half faded in as low contrast.
    reducedMotion: 'reduce',
    launchOptions: {
      // Debian's Chromium; nothing is downloaded. Root needs --no-sandbox; the other flags keep a
      // machine without internet from trying (and failing) to reach Google's services.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
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
  webServer: [
    {
      name: 'fake-stripe',
      command: `node tests/support/fake-stripe-server.mjs ${FAKE_STRIPE.port}`,
      url: `${FAKE_STRIPE.url}/_fake/config`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        FAKE_STRIPE_WEBHOOK_URL: `${BASE_URL}/api/stripe/webhook`,
        FAKE_STRIPE_WEBHOOK_SECRET: FAKE_STRIPE.webhookSecret,
        FAKE_STRIPE_SECRET_KEY: FAKE_STRIPE.secretKey,
      },
    },
    {
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
        // The Impressum's name (legal.spec.ts looks for it); the other legal settings keep their examples.
        ORG_NAME: 'SchoolBox Testverein e. V.',
        WHATSAPP_NUMBER: '+49 170 1112223',
        // Tests that sign in only to reach something else (signedInAs) do so from an address of their own
        // (X-Forwarded-For), so they do not use up the sign-in limit per IP that the form tests run into.
        TRUST_PROXY: 'true',
        // Always inside office hours, so the "online" state is what the tests see.
        WHATSAPP_OFFICE_HOURS: 'sun-sat 00:00-24:00',
        // Newsletter mail is paced (default 60 a minute); every test's newsletter shares the pace.
        NEWSLETTER_RATE_PER_MIN: '600',
        // Donations through the fake Stripe above (donations.spec.ts).
        STRIPE_SECRET_KEY: FAKE_STRIPE.secretKey,
        STRIPE_WEBHOOK_SECRET: FAKE_STRIPE.webhookSecret,
        STRIPE_API_URL: FAKE_STRIPE.url,
      },
    },
    shopWebServer(SHOP, { SHOP_ORDERS_ENABLED: 'true' }),
    {
      name: 'fake-stripe-shop-pay',
      command: `node tests/support/fake-stripe-server.mjs ${SHOP_PAY_FAKE_STRIPE.port}`,
      url: `${SHOP_PAY_FAKE_STRIPE.url}/_fake/config`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        FAKE_STRIPE_WEBHOOK_URL: `${SHOP_PAY.url}/api/stripe/webhook`,
        FAKE_STRIPE_WEBHOOK_SECRET: FAKE_STRIPE.webhookSecret,
        FAKE_STRIPE_SECRET_KEY: FAKE_STRIPE.secretKey,
      },
    },
    shopWebServer(SHOP_PAY, {
      SHOP_ORDERS_ENABLED: 'true',
      STRIPE_SECRET_KEY: FAKE_STRIPE.secretKey,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE.webhookSecret,
      STRIPE_API_URL: SHOP_PAY_FAKE_STRIPE.url,
    }),
    // A failed catalog load is retried after a second instead of 15 (CATALOG_ERROR_RETRY_MS), a loaded one refreshed as often.
    shopWebServer(SHOP_STATES, { SHOP_CACHE_TTL_S: '1' }),
  ],
});
