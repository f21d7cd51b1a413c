import type { RateLimitRule } from '../lib/rate-limit';

const HOUR = 60 * 60_000;

/** Abuse limits of the newsletter's public endpoints (per IP and per e-mail address). */
export const NEWSLETTER_RATE_LIMITS = {
  subscribePerIp: { name: 'newsletter-ip', limit: 10, windowMs: HOUR },
  subscribePerEmail: { name: 'newsletter-email', limit: 3, windowMs: HOUR },
  confirmPerIp: { name: 'newsletter-confirm-ip', limit: 30, windowMs: HOUR / 4 },
  /** The unsubscribe page's procedure and the mail programs' one-click POST count against one bucket. */
  unsubscribePerIp: { name: 'newsletter-unsubscribe-ip', limit: 30, windowMs: HOUR / 4 },
} satisfies Record<string, RateLimitRule>;
