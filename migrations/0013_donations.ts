import type { Kysely } from 'kysely';

// Donations through Stripe Checkout (ADR 031). `donations` holds one row per Checkout session — a gift
// or a monthly pledge — and `donation_payments` one row per payment that arrived (one for a gift, one
// per paid invoice of a pledge). Totals are sums of payments. Frozen in time; portable types only.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('donations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('mode', 'text', (col) => col.notNull())
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('donor_email', 'text', (col) => col.notNull())
    .addColumn('donor_name', 'text')
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('stripe_session_id', 'text')
    .addColumn('stripe_customer_id', 'text')
    .addColumn('stripe_subscription_id', 'text')
    .addColumn('stripe_payment_intent_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('confirmed_at', 'text')
    .execute();
  // The webhook finds a donation by its session, its subscription or its payment intent.
  await db.schema.createIndex('donations_session').on('donations').column('stripe_session_id').unique().execute();
  await db.schema.createIndex('donations_subscription').on('donations').column('stripe_subscription_id').execute();
  await db.schema.createIndex('donations_payment_intent').on('donations').column('stripe_payment_intent_id').execute();
  // The admin list filters by month and status.
  await db.schema.createIndex('donations_created').on('donations').column('created_at').execute();

  await db.schema
    .createTable('donation_payments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('donation_id', 'text', (col) => col.notNull().references('donations.id').onDelete('cascade'))
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('stripe_invoice_id', 'text')
    .addColumn('stripe_payment_intent_id', 'text')
    .addColumn('stripe_charge_id', 'text')
    .addColumn('paid_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // "The same payment" is recorded once: a replayed or duplicated event meets these keys (nulls are
  // distinct in both SQLite and PostgreSQL, so a gift without an invoice id is fine).
  await db.schema.createIndex('donation_payments_invoice').on('donation_payments').column('stripe_invoice_id').unique().execute();
  await db.schema
    .createIndex('donation_payments_payment_intent')
    .on('donation_payments')
    .column('stripe_payment_intent_id')
    .unique()
    .execute();
  await db.schema.createIndex('donation_payments_donation').on('donation_payments').column('donation_id').execute();
  await db.schema.createIndex('donation_payments_paid').on('donation_payments').column('paid_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('donation_payments').execute();
  await db.schema.dropTable('donations').execute();
}
