// Starts the fake Stripe API (fake-stripe.ts, the one implementation) as a process of its own, for
// browser tests that run the production server separately:
//   node tests/support/fake-stripe-server.mjs [port]      (or FAKE_STRIPE_PORT; default: any free port)
// Optional FAKE_STRIPE_WEBHOOK_URL (the app's /api/stripe/webhook), FAKE_STRIPE_WEBHOOK_SECRET (default
// whsec_test_fake) and FAKE_STRIPE_SECRET_KEY (default sk_test_fake). The app gets STRIPE_API_URL = the
// printed url. It prints one line, {"url": "http://127.0.0.1:…"}, once it listens; steer it over HTTP
// under /_fake/ (config, checkout/:id/complete|settle|expire, subscriptions/:id/cycle|cancel,
// webhooks/redeliver/:id, webhooks/flush, webhooks/deliveries, clock/advance, inject, heal, reset, sessions,
// events, requests). The hosted page is GET <session.url>.
import { register } from 'tsx/esm/api';

register();
const { startFakeStripe } = await import('./fake-stripe.ts');
const port = Number(process.argv[2] ?? process.env.FAKE_STRIPE_PORT ?? 0);
const fake = await startFakeStripe({
  port,
  secretKey: process.env.FAKE_STRIPE_SECRET_KEY || undefined,
  webhookUrl: process.env.FAKE_STRIPE_WEBHOOK_URL || null,
  webhookSecret: process.env.FAKE_STRIPE_WEBHOOK_SECRET || undefined,
});
process.stdout.write(`${JSON.stringify({ url: fake.url })}\n`);
const stop = () => fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
