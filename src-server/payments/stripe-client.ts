import Stripe from 'stripe';
import type { Config } from '../config';

/**
 * What a call to Stripe may cost a person who waits for it (a buyer's order button, a donor's button,
 * the "manage your donation" link, a thank-you page): one attempt of 6 s and one retry after half a
 * second, about 13 s at worst. The SDK's defaults (80 s per attempt, 2 retries) would keep them waiting
 * for minutes; even 10 s with 2 retries came to 31 s.
 */
const VISITOR_TIMEOUT_MS = 6_000;
const VISITOR_RETRIES = 1;

/**
 * For a call nobody waits on (the order worker or the donation repair settling a payment whose webhook
 * never came): patience is cheaper than asking again in an hour. Each caller passes it as the request's options.
 */
export const BACKGROUND_STRIPE_REQUEST: Stripe.RequestOptions = { timeout: 10_000, maxNetworkRetries: 2 };

/**
 * The one Stripe client of a process (ADR 030), made by the runtime and handed on through AppDeps.
 * The API version is pinned to the one the SDK was generated for, so the objects we read have the
 * shapes its types describe; a different host (the fake Stripe in tests) comes from STRIPE_API_URL.
 * Telemetry is off: it would write a telemetry id file and send the previous request's timings.
 * Its defaults are the visitor's (most calls answer a click); a background call asks for more patience
 * with BACKGROUND_STRIPE_REQUEST.
 */
export function createStripeClient(settings: NonNullable<Config['stripe']>): Stripe {
  return new Stripe(settings.secretKey, {
    apiVersion: Stripe.API_VERSION,
    telemetry: false,
    // The SDK retries connection errors, 409 and 5xx with the same idempotency key: safe to repeat.
    maxNetworkRetries: VISITOR_RETRIES,
    timeout: VISITOR_TIMEOUT_MS,
    ...(settings.apiUrl ? hostOf(settings.apiUrl) : {}),
  });
}

function hostOf(apiUrl: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

/**
 * Where a form of ours may send the browser after its post: Stripe's Checkout pages (a donation posted
 * without scripts is answered with a redirect there, ADR 033; the page's CSP `form-action` must allow
 * it, or the browser stops at our page). The fake Stripe of the tests serves its page at its API host.
 */
export function checkoutOrigins(settings: Config['stripe']): string[] {
  if (!settings) return [];
  return ['https://checkout.stripe.com', ...(settings.apiUrl ? [new URL(settings.apiUrl).origin] : [])];
}
