/**
 * RFC 8058 one-click unsubscribe, at ONE_CLICK_UNSUBSCRIBE_PATH?token=…: a mail program's "unsubscribe"
 * button POSTs `List-Unsubscribe=One-Click` (form-encoded) with no cookie and no Origin header, so the
 * route must be exempt from the origin check; the unguessable token is what authorizes it.
 * A GET does nothing but lead to the unsubscribe page: link scanners open every URL in a mail, and
 * opening a link must never unsubscribe anyone.
 * A POST costs a lookup like the unsubscribe page's procedure, so it shares that procedure's per-IP limit,
 * but only a POST that unsubscribed nobody counts: these POSTs come from a few mail providers' servers
 * on behalf of many subscribers, and a real unsubscribe must never be refused after a large newsletter.
 * Guessing tokens, or posting one token again and again, still runs into the limit.
 */
import type { Context } from 'hono';
import { LOCALE_SEARCH_PARAM } from '@shared/locales';
import { emailTokenSchema } from '@shared/schemas/auth';
import type { RequestVariables } from '../http/request-context';
import { hitRateLimit, peekRateLimit } from '../lib/rate-limit';
import type { AppDeps } from '../trpc';
import { unsubscribe } from './leaving';
import { unsubscribePageUrl } from './links';
import { NEWSLETTER_RATE_LIMITS } from './rate-limits';

export type OneClickDeps = Pick<AppDeps, 'db' | 'logger' | 'clock'> & { publicUrl: string };

export function oneClickUnsubscribeHandler(deps: OneClickDeps) {
  const { db, logger, clock, publicUrl } = deps;
  return async (c: Context<{ Variables: RequestVariables }>): Promise<Response> => {
    const token = emailTokenSchema.safeParse(c.req.query('token') ?? '');
    if (!token.success) return c.text('Invalid unsubscribe link', 400);
    if (c.req.method !== 'POST') return c.redirect(unsubscribePageUrl(publicUrl, token.data, c.req.query(LOCALE_SEARCH_PARAM) ?? ''), 303);

    const rule = NEWSLETTER_RATE_LIMITS.unsubscribePerIp;
    const limit = await peekRateLimit(db, rule, c.get('clientIp'), clock.now());
    if (!limit.allowed) return c.text('Too many requests', 429, { 'Retry-After': String(limit.retryAfterSeconds) });
    const body = await c.req.parseBody().catch(() => null);
    if (body?.['List-Unsubscribe'] !== 'One-Click') return c.text('Expected List-Unsubscribe=One-Click', 400);
    const removed = await unsubscribe(db, token.data, clock.now());
    if (!removed) await hitRateLimit(db, rule, c.get('clientIp'), clock.now());
    logger.info('newsletter one-click unsubscribe', { removed });
    // The same answer for a token that is gone already: the address is off the list either way.
    return c.text('Unsubscribed', 200);
  };
}
