import type { Kysely } from 'kysely';

// What of a donation's payment went back (Stripe's charge.amount_refunded, cumulative): a refund in part
// (a €25 gift, €10 back in Stripe's dashboard) left the payment `paid` with its whole amount, in the admin
// list, the totals and the treasurer's CSV. A payment refunded in full (status `refunded`) went back whole:
// its amount is stored here too. Partial refunds made before this migration were only logged and stay
// unknown here (Stripe's dashboard has them). stripe_charge_id exists since 0013. Frozen in time; portable
// types only.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('donation_payments')
    .addColumn('refunded_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('donation_payments')
    .set((eb) => ({ refunded_cents: eb.ref('amount_cents') }))
    .where('status', '=', 'refunded')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('donation_payments').dropColumn('refunded_cents').execute();
}
