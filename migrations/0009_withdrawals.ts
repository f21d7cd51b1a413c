import type { Kysely } from 'kysely';

// Withdrawals declared through the withdrawal button (§ 356a BGB): one row per order, kept as the
// proof of what was declared and when it was received. Frozen in time; portable types only.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('withdrawals')
    .addColumn('id', 'text', (col) => col.primaryKey())
    // Kept with the order it withdraws from (orders are kept for the tax period, never deleted first).
    .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('order_number', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('message', 'text')
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // Unique: a second declaration for the same order is answered with the first one's receipt (ADR 027).
  await db.schema.createIndex('withdrawals_order').on('withdrawals').column('order_id').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('withdrawals').execute();
}
