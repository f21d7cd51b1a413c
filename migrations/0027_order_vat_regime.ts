import type { Kysely } from 'kysely';

// Whether the small-business rule (KLEINUNTERNEHMER, § 19 UStG) applied when the order was placed: 0 or
// 1 (a portable boolean). Every later mail about the order states its total as it was placed — "inkl.
// MwSt." or "no VAT is charged under § 19 UStG" — whatever the setting says by then (a Stripe order's
// confirmation goes out after the payment, the team's mails on payment, withdrawal or a refused order).
// Orders placed before this migration get 0 (VAT included): the rule they were placed under was not
// recorded, and until KLEINUNTERNEHMER came (just before this migration) every text said VAT was included.
// Frozen in time; portable types only.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('kleinunternehmer', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('kleinunternehmer').execute();
}
