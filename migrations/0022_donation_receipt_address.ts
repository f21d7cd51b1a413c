import type { Kysely } from 'kysely';

// The donor's name and postal address for a formal donation receipt (Zuwendungsbestätigung, § 50 Abs. 1
// EStDV): Stripe Checkout asks for them only for a payment above the simplified-receipt limit (300 €),
// and the webhook stores them from the session. All null below the limit, and until the payment is in.
// Cleared with the rest of the donor's data by the retention job. Frozen in time; portable types only.
const COLUMNS = ['receipt_name', 'receipt_line1', 'receipt_line2', 'receipt_postal_code', 'receipt_city', 'receipt_country'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of COLUMNS) await db.schema.alterTable('donations').addColumn(column, 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [...COLUMNS].reverse()) await db.schema.alterTable('donations').dropColumn(column).execute();
}
