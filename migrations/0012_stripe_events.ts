import type { Kysely } from 'kysely';

// Every Stripe event the webhook accepted, by its id (ADR 030): the row is written in the same
// transaction as the event's effects, so a redelivered event (Stripe retries, duplicates) finds its id
// taken and changes nothing a second time. Frozen in time; portable types only (livemode 0/1).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('livemode', 'integer', (col) => col.notNull())
    // When Stripe created the event (event.created) and when this server accepted it.
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('received_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('stripe_events_received_at').on('stripe_events').column('received_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stripe_events').execute();
}
