import type { Db } from '../db/connect';

/** A monthly donation whose donor can manage it in Stripe's customer portal. */
export type ManageableDonation = { id: string; locale: string; stripeCustomerId: string };

/**
 * The donation a manage link names (manage-route.ts), if the portal can be opened for it: only a monthly
 * donation has something to manage, and only one Stripe made a customer for (after its first payment).
 */
export async function manageableDonation(db: Db, donationId: string): Promise<ManageableDonation | null> {
  const row = await db
    .selectFrom('donations')
    .select(['id', 'mode', 'locale', 'stripe_customer_id'])
    .where('id', '=', donationId)
    .executeTakeFirst();
  if (row?.mode !== 'monthly' || !row.stripe_customer_id) return null;
  return { id: row.id, locale: row.locale, stripeCustomerId: row.stripe_customer_id };
}
