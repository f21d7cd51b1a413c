import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createShopServices } from '@server/shop/services';
import { FAKE_PRINTFUL_TOKEN, type FakePrintful, startFakePrintful } from './fake-printful';
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, type FakeStripe, startFakeStripe } from './fake-stripe';
import { startTestApp, type TestApp } from './test-app';

/** Printful's client without its waits between retries: a test's failures come back at once. */
export const quickShopOptions = {
  shop: (deps: Parameters<typeof createShopServices>[0]) => createShopServices(deps, { timeoutMs: 5000, sleep: async () => undefined }),
};

/**
 * The app with its shop open against the fake Printful and, when `stripe` is given, paid first through
 * the fake Stripe, whose webhooks reach this app at once, in order, each once. `env` goes last.
 */
export async function startShopApp(printful: FakePrintful, stripe: FakeStripe | null, env: Record<string, string> = {}): Promise<TestApp> {
  const started = await startTestApp(
    {
      PRINTFUL_API_URL: printful.url,
      PRINTFUL_API_TOKEN: FAKE_PRINTFUL_TOKEN,
      SHOP_ORDERS_ENABLED: 'true',
      ...(stripe
        ? { STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET, STRIPE_API_URL: stripe.url }
        : {}),
      ...env,
    },
    quickShopOptions,
  );
  stripe?.configure({
    webhookUrl: `${started.url}/api/stripe/webhook`,
    webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
    delivery: 'inline',
    duplicate: false,
    shuffle: false,
  });
  return started;
}

export type ShopFakes = { stripe(): FakeStripe; printful(): FakePrintful };

/**
 * The fake Stripe and the fake Printful for every test of the file (or of the describe it is called in):
 * registers the hooks that start them once, forget what the last test did with them before each test and
 * take back its faults after it, and close them at the end. Returns accessors for them (called inside a
 * test or a helper a test calls, never at the top of the file, where nothing has started yet).
 */
export function useShopFakes(): ShopFakes {
  const fakes = startFakesOnce();
  beforeEach(() => {
    fakes.stripe().reset();
    fakes.printful().reset();
  });
  afterEach(() => {
    fakes.stripe().heal();
    fakes.printful().heal();
  });
  return fakes;
}

export type ShopWithFakes = ShopFakes & {
  app(): TestApp;
  /** Closes this test's app and starts another in its place, with or without Stripe (then the shop drafts at Printful). */
  restartApp(withStripe: boolean): Promise<TestApp>;
};

/** useShopFakes, and a fresh shop app paid first through the fake Stripe for each test, closed after it. */
export function useShopWithFakes(): ShopWithFakes {
  // Not useShopFakes plus hooks of its own: one hook each way keeps the order fixed (fakes reset before the
  // app starts, healed before it closes) whatever order vitest runs a file's hooks in.
  const fakes = startFakesOnce();
  let app: TestApp | undefined;
  beforeEach(async () => {
    fakes.stripe().reset();
    fakes.printful().reset();
    app = await startShopApp(fakes.printful(), fakes.stripe());
  });
  afterEach(async () => {
    fakes.stripe().heal();
    fakes.printful().heal();
    await app?.close();
    app = undefined;
  });
  return {
    ...fakes,
    app: () => started(app),
    async restartApp(withStripe) {
      await started(app).close();
      app = undefined;
      app = await startShopApp(fakes.printful(), withStripe ? fakes.stripe() : null);
      return app;
    },
  };
}

function startFakesOnce(): ShopFakes {
  let stripe: FakeStripe | undefined;
  let printful: FakePrintful | undefined;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    printful = await startFakePrintful();
  });
  afterAll(async () => {
    await stripe?.close();
    await printful?.close();
  });
  return { stripe: () => started(stripe), printful: () => started(printful) };
}

function started<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('useShopFakes: the fakes and the app exist only while a test runs');
  return value;
}
