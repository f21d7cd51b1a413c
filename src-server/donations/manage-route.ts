/**
 * GET /spenden/verwalten?token=… (ADR 031): the link in a monthly donor's thank-you mail. The token is
 * signed by us (manage-link.ts), names the donation and when it was issued; opening it within
 * DONATION_MANAGE_LINK_LIFETIME_DAYS creates a Stripe customer portal session (cancel, change card or
 * account) and redirects there. A portal URL expires within minutes, which is why the mail carries this
 * link and not one of Stripe's. Opening it changes nothing by itself (a link scanner that follows it only
 * makes a portal session nobody uses). A link that does not open the portal (expired, invalid, no such
 * pledge, Stripe unavailable) leads to /spenden in the link's language, which says why in words
 * (`?verwalten=<reason>`, DONATION_MANAGE_FAILURES).
 */
import type { Context } from 'hono';
import { DONATION_MANAGE_SEARCH_PARAM, type DonationManageFailure } from '@shared/constants';
import { isLocale, LOCALE_SEARCH_PARAM, toLocale } from '@shared/locales';
import type { RequestVariables } from '../http/request-context';
import { hitRateLimit } from '../lib/rate-limit';
import { siteLink } from '../mail/site-link';
import type { AppDeps } from '../trpc';
import { verifyManageToken } from './manage-link';
import { manageableDonation } from './queries';
import { describeStripeError } from '../payments/stripe-errors';

export { DONATION_MANAGE_PATH } from './manage-link';

/** The donation page in `locale` (none: the browser's languages decide) saying why the link did not open the portal. */
function donationPageFor(publicUrl: string, reason: DonationManageFailure, locale: string | undefined): string {
  return siteLink(publicUrl, '/spenden', { [DONATION_MANAGE_SEARCH_PARAM]: reason }, locale ?? '');
}

// Each opening costs a call to Stripe: a person opens the link a few times, never hundreds.
const MANAGE_PER_IP = { name: 'donation-manage-ip', limit: 30, windowMs: 60 * 60_000 };

export type DonationManageDeps = Pick<AppDeps, 'config' | 'db' | 'clock' | 'stripe'>;

export function donationManageHandler(deps: DonationManageDeps) {
  const { config, db, clock, stripe } = deps;
  return async (c: Context<{ Variables: RequestVariables }>): Promise<Response> => {
    const logger = c.get('logger');
    const limit = await hitRateLimit(db, MANAGE_PER_IP, c.get('clientIp'), clock.now());
    if (!limit.allowed) return c.text('Too many requests', 429, { 'Retry-After': String(limit.retryAfterSeconds) });
    // The link's language (every mail's link names it); without it, the donor's once the donation is known.
    const linkLocale = c.req.query(LOCALE_SEARCH_PARAM);
    const asked = isLocale(linkLocale) ? linkLocale : undefined;
    const refuse = (reason: DonationManageFailure, locale = asked) => c.redirect(donationPageFor(config.publicUrl, reason, locale), 303);
    if (!stripe || !config.stripe) {
      logger.warn('donation manage link refused: online donations are not configured');
      return refuse('unavailable');
    }

    const checked = verifyManageToken(config.stripe.webhookSecret, c.req.query('token') ?? '', clock.now());
    if (!checked.ok) {
      logger.warn(checked.reason === 'expired' ? 'donation manage link refused: expired' : 'donation manage link refused: bad token');
      return refuse(checked.reason);
    }
    const donation = await manageableDonation(db, checked.donationId);
    if (!donation) {
      logger.warn('donation manage link refused: unknown donation', { donationId: checked.donationId });
      return refuse('unknown');
    }

    const locale = asked ?? toLocale(donation.locale);
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
      return refuse('unavailable', locale);
    }
  };
}
