/**
 * RFC 8058 one-click unsubscribe, at ONE_CLICK_UNSUBSCRIBE_PATH?token=…: a mail program's "unsubscribe"
 * button POSTs `List-Unsubscribe=One-Click` (form-encoded) with no cookie and no Origin header, so the
 * route must be exempt from the origin check; the unguessable token is what authorizes it.
 * A GET does nothing but lead to the unsubscribe page: link scanners open every URL in a mail, and
 * opening a link must never unsubscribe anyone.
 */
import type { Context } from 'hono';
import { LOCALE_SEARCH_PARAM } from '@shared/locales';
import { emailTokenSchema } from '@shared/schemas/auth';
import type { Db } from '../db/connect';
import type { Logger } from '../lib/logger';
import { unsubscribe } from './leaving';
import { unsubscribePageUrl } from './links';

export type OneClickDeps = { db: Db; logger: Logger; publicUrl: string };

export function oneClickUnsubscribeHandler(deps: OneClickDeps) {
  const { db, logger, publicUrl } = deps;
  return async (c: Context): Promise<Response> => {
    const token = emailTokenSchema.safeParse(c.req.query('token') ?? '');
    if (!token.success) return c.text('Invalid unsubscribe link', 400);
    if (c.req.method !== 'POST') return c.redirect(unsubscribePageUrl(publicUrl, token.data, c.req.query(LOCALE_SEARCH_PARAM) ?? ''), 303);

    const body = await c.req.parseBody().catch(() => null);
    if (body?.['List-Unsubscribe'] !== 'One-Click') return c.text('Expected List-Unsubscribe=One-Click', 400);
    const removed = await unsubscribe(db, token.data);
    logger.info('newsletter one-click unsubscribe', { removed });
    // The same answer for a token that is gone already: the address is off the list either way.
    return c.text('Unsubscribed', 200);
  };
}
