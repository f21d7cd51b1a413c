import { createHmac, timingSafeEqual } from 'node:crypto';
import { LOCALE_SEARCH_PARAM } from '@shared/locales';

/**
 * The "manage your monthly donation" link of every thank-you mail (ADR 031). A Stripe portal URL
 * expires within minutes, so the mail carries our own link instead: GET /spenden/verwalten?token=…,
 * where the token names the donation and the moment it was issued, signed with a key derived from the
 * webhook secret (no extra setting; rolling that secret retires old links, and the next mail brings a
 * new one). Opening it creates a fresh portal session and redirects there.
 *
 * The mail goes to an address nobody verified, so the link works for DONATION_MANAGE_LINK_LIFETIME_DAYS
 * only: a typo, a forwarded mail or a mailbox read years later no longer opens the donor's portal. Each
 * monthly payment brings a new mail with a fresh link.
 */
export const DONATION_MANAGE_PATH = '/spenden/verwalten';

export { DONATION_MANAGE_LINK_LIFETIME_DAYS } from '@shared/constants';

import { DONATION_MANAGE_LINK_LIFETIME_DAYS } from '@shared/constants';

const LIFETIME_SECONDS = DONATION_MANAGE_LINK_LIFETIME_DAYS * 24 * 60 * 60;

// v2: the token carries its issue time. A v1 token (`<id>.<signature>`) has another shape and a signature
// under another key, so it is simply invalid.
function keyOf(webhookSecret: string): Buffer {
  return createHmac('sha256', webhookSecret).update('schoolbox donation manage link v2').digest();
}

/** Over the id and the issue time's digits as the token writes them. */
function signatureOf(webhookSecret: string, donationId: string, issued: string): string {
  return createHmac('sha256', keyOf(webhookSecret)).update(`donation-manage:${donationId}:${issued}`).digest('base64url');
}

/** `<base64url donation id>.<issued, unix seconds>.<signature over both>`. */
export function signManageToken(webhookSecret: string, donationId: string, issuedAt: Date): string {
  const issued = String(Math.floor(issuedAt.getTime() / 1000));
  return `${Buffer.from(donationId).toString('base64url')}.${issued}.${signatureOf(webhookSecret, donationId, issued)}`;
}

export type ManageTokenCheck =
  | { ok: true; donationId: string }
  /** invalid: not signed by us (tampered, truncated, foreign, the old format); expired: ours, but too old. */
  | { ok: false; reason: 'invalid' | 'expired' };

/** The donation a token names, if we signed it and it was issued at most the lifetime before `now`. */
export function verifyManageToken(webhookSecret: string, token: string, now: Date): ManageTokenCheck {
  const match = /^([A-Za-z0-9_-]{1,200})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: 'invalid' };
  const donationId = Buffer.from(match[1] ?? '', 'base64url').toString();
  const issued = match[2] ?? '';
  const expected = Buffer.from(signatureOf(webhookSecret, donationId, issued));
  const given = Buffer.from(match[3] ?? '');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
  // Checked only once the signature is: a stranger cannot learn anything from a made-up time.
  if (Math.floor(now.getTime() / 1000) - Number(issued) > LIFETIME_SECONDS) return { ok: false, reason: 'expired' };
  return { ok: true, donationId };
}

export function manageUrlOf(publicUrl: string, webhookSecret: string, donationId: string, locale: string, issuedAt: Date): string {
  return `${publicUrl}${DONATION_MANAGE_PATH}?token=${signManageToken(webhookSecret, donationId, issuedAt)}&${LOCALE_SEARCH_PARAM}=${locale}`;
}
