import type { Kysely } from 'kysely';

// Shop orders paid through Stripe Checkout before they go to Printful (issue 18 point 3). Without Stripe
// these stay null and orders behave as before (drafts, payment by arrangement). `paid_at` set means the
// order was paid online and is to be confirmed at Printful, not left as a draft. Frozen in time; portable types only.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('stripe_session_id', 'text').execute();
  await db.schema.alterTable('orders').addColumn('stripe_payment_intent_id', 'text').execute();
  await db.schema.alterTable('orders').addColumn('paid_at', 'text').execute();
  await db.schema.alterTable('orders').addColumn('cancelled_at', 'text').execute();
  await db.schema.alterTable('orders').addColumn('refunded_at', 'text').execute();
  // The webhook finds an order by its session (unique: one session per order) or by its payment intent (refunds).
  await db.schema.createIndex('orders_stripe_session').on('orders').column('stripe_session_id').unique().execute();
  await db.schema.createIndex('orders_stripe_payment_intent').on('orders').column('stripe_payment_intent_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_stripe_payment_intent').execute();
  await db.schema.dropIndex('orders_stripe_session').execute();
  for (const column of ['refunded_at', 'cancelled_at', 'paid_at', 'stripe_payment_intent_id', 'stripe_session_id']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
}
