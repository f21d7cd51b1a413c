/**
 * GET /spenden/verwalten?token=… (ADR 031): the link in a monthly donor's thank-you mail. The token is
 * signed by us (manage-link.ts) and names the donation; opening it creates a Stripe customer portal
 * session (cancel, change card or account) and redirects there. A portal URL expires within minutes,
 * which is why the mail carries this link and not one of Stripe's. Opening it changes nothing by itself
 * (a link scanner that follows it only makes a portal session nobody uses).
 */
import type { Context } from 'hono';
import { LOCALE_SEARCH_PARAM, toLocale } from '@shared/locales';
import type { RequestVariables } from '../http/request-context';
import { hitRateLimit } from '../lib/rate-limit';
import type { AppDeps } from '../trpc';
import { verifyManageToken } from './manage-link';
import { manageableDonation } from './queries';
import { describeStripeError } from '../payments/stripe-errors';

export { DONATION_MANAGE_PATH } from './manage-link';

// Each opening costs a call to Stripe: a person opens the link a few times, never hundreds.
const MANAGE_PER_IP = { name: 'donation-manage-ip', limit: 30, windowMs: 60 * 60_000 };

export type DonationManageDeps = Pick<AppDeps, 'config' | 'db' | 'clock' | 'stripe'>;

export function donationManageHandler(deps: DonationManageDeps) {
  const { config, db, clock, stripe } = deps;
  return async (c: Context<{ Variables: RequestVariables }>): Promise<Response> => {
    const logger = c.get('logger');
    const limit = await hitRateLimit(db, MANAGE_PER_IP, c.get('clientIp'), clock.now());
    if (!limit.allowed) return c.text('Too many requests', 429, { 'Retry-After': String(limit.retryAfterSeconds) });
    if (!stripe || !config.stripe) return c.text('Online donations are not configured', 404);

    const donationId = verifyManageToken(config.stripe.webhookSecret, c.req.query('token') ?? '');
    if (!donationId) {
      logger.warn('donation manage link refused: bad token');
      return c.text('Invalid link', 400);
    }
    const donation = await manageableDonation(db, donationId);
    if (!donation) return c.text('Unknown donation', 404);

    const locale = toLocale(c.req.query(LOCALE_SEARCH_PARAM) ?? donation.locale);
    try {
      const portal = await stripe.billingPortal.sessions.create({
        customer: donation.stripeCustomerId,
        return_url: `${config.publicUrl}/spenden?${LOCALE_SEARCH_PARAM}=${locale}`,
        locale,
      });
      logger.info('donation portal opened', { donationId: donation.id });
      return c.redirect(portal.url, 303);
    } catch (error) {
      // Most often: the portal was never saved in Stripe's dashboard (stripe-api.md §4, §10.17).
      logger.error('stripe billing portal session failed', { donationId: donation.id, error: describeStripeError(error) });
      return c.text('The donation settings cannot be opened right now. Please try again later.', 503);
    }
  };
}
