/**
 * The proof of newsletter consent (double opt-in, legal-de.md §3.2): one record per sign-up with its
 * time and IP, the consent sentence exactly as the form showed it in the sign-up's language and the
 * privacy-policy version then in force; the confirmation's time and IP; when the address left. The
 * subscriber row goes when the address leaves; the record stays for config.retention.newsletterConsentDays
 * after that (the retention job deletes it), so a consent can still be proved once asked about it.
 */
import { NEWSLETTER_CONSENT_TEXT } from '@shared/newsletter-consent';
import type { Db } from '../db/connect';
import type { NewsletterConsentRow } from '../db/schema';
import { i18nFor } from '../lib/i18n';
import { newId } from '../lib/ids';

/** What the request adds to a sign-up's proof. */
export type ConsentProof = { ip: string; privacyPolicyVersion: string };

/** The consent sentence as the sign-up form showed it in `locale` (the form renders the same message). */
export function consentTextFor(locale: string): string {
  return i18nFor(locale)._(NEWSLETTER_CONSENT_TEXT);
}

/** A sign-up (each one, also a repeated one: each mailed its own link and each may be the one confirmed). */
export async function recordSignUp(db: Db, input: { email: string; locale: string }, proof: ConsentProof, now: Date): Promise<void> {
  await db
    .insertInto('newsletter_consents')
    .values({
      id: newId(),
      email: input.email,
      locale: input.locale,
      signed_up_at: now.toISOString(),
      sign_up_ip: proof.ip,
      confirmed_at: null,
      confirm_ip: null,
      consent_text: consentTextFor(input.locale),
      privacy_policy_version: proof.privacyPolicyVersion,
      unsubscribed_at: null,
    })
    .execute();
}

/**
 * The confirmation completes the latest open sign-up of the address: a new sign-up replaced the
 * earlier link, so the one confirmed is always the latest.
 */
export async function recordConfirmation(db: Db, email: string, ip: string, now: Date): Promise<void> {
  const latest = db
    .selectFrom('newsletter_consents')
    .select('id')
    .where('email', '=', email)
    .where('confirmed_at', 'is', null)
    .where('unsubscribed_at', 'is', null)
    .orderBy('signed_up_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1);
  // Selected first, then updated: a subquery with LIMIT in an UPDATE is not portable (MySQL-style
  // engines refuse it), and the caller's transaction keeps the two steps together.
  const row = await latest.executeTakeFirst();
  if (!row) return;
  await db.updateTable('newsletter_consents').set({ confirmed_at: now.toISOString(), confirm_ip: ip }).where('id', '=', row.id).execute();
}

/** The address left the list (unsubscribe page, one-click, admin delete): its records start their last period. */
export async function recordLeaving(db: Db, email: string, now: Date): Promise<void> {
  await db
    .updateTable('newsletter_consents')
    .set({ unsubscribed_at: now.toISOString() })
    .where('email', '=', email)
    .where('unsubscribed_at', 'is', null)
    .execute();
}

/** Every consent record kept for this address, oldest first (for the visitor's data export). */
export function consentRecordsFor(db: Db, email: string): Promise<NewsletterConsentRow[]> {
  return db
    .selectFrom('newsletter_consents')
    .selectAll()
    .where('email', '=', email.trim().toLowerCase())
    .orderBy('signed_up_at')
    .orderBy('id')
    .execute();
}
