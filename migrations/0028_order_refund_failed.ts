import type { Kysely } from 'kysely';

// When the refund of an order last failed after Stripe had made it (refund.failed: a closed card, a
// rejected SEPA return): the money is not back, the order is again "paid" in /orders-admin with this
// shown beside it and its refund button, until a refund succeeds. Null: no refund of it failed, or a
// later one went through. Frozen in time; portable types only.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('refund_failed_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('refund_failed_at').execute();
}
