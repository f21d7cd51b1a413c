import { createHmac, timingSafeEqual } from 'node:crypto';
import { LOCALE_SEARCH_PARAM } from '@shared/locales';

/**
 * The "manage your monthly donation" link of every thank-you mail (ADR 031). A Stripe portal URL
 * expires within minutes, so the mail carries our own link instead: GET /spenden/verwalten?token=…,
 * where the token names the donation and is signed with a key derived from the webhook secret (no extra
 * setting; rolling that secret retires old links, and the next mail brings a new one). Opening it creates
 * a fresh portal session and redirects there.
 */
export const DONATION_MANAGE_PATH = '/spenden/verwalten';

function keyOf(webhookSecret: string): Buffer {
  return createHmac('sha256', webhookSecret).update('schoolbox donation manage link v1').digest();
}

function signatureOf(webhookSecret: string, donationId: string): string {
  return createHmac('sha256', keyOf(webhookSecret)).update(`donation-manage:${donationId}`).digest('base64url');
}

export function signManageToken(webhookSecret: string, donationId: string): string {
  return `${Buffer.from(donationId).toString('base64url')}.${signatureOf(webhookSecret, donationId)}`;
}

/** The donation id a token names, or null for anything not signed by us (tampered, truncated, foreign). */
export function verifyManageToken(webhookSecret: string, token: string): string | null {
  const match = /^([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const donationId = Buffer.from(match[1] ?? '', 'base64url').toString();
  const expected = Buffer.from(signatureOf(webhookSecret, donationId));
  const given = Buffer.from(match[2] ?? '');
  return expected.length === given.length && timingSafeEqual(expected, given) ? donationId : null;
}

export function manageUrlOf(publicUrl: string, webhookSecret: string, donationId: string, locale: string): string {
  return `${publicUrl}${DONATION_MANAGE_PATH}?token=${signManageToken(webhookSecret, donationId)}&${LOCALE_SEARCH_PARAM}=${locale}`;
}
