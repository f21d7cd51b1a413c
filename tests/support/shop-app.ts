import { createShopServices } from '@server/shop/services';
import { FAKE_PRINTFUL_TOKEN, type FakePrintful } from './fake-printful';
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, type FakeStripe } from './fake-stripe';
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
