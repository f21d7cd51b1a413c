import type { Kysely } from 'kysely';

// When a donation was last known to wait for its money: the event or the answer that said its SEPA debit
// was under way. The repair dates a debit whose events were lost by it (the money came after it). It used
// to read updated_at, which a question Stripe did not answer moves too (the repair claims the row by it),
// so such a gift was dated by a question that saw nothing. Rows waiting now take their updated_at, as
// before. Frozen in time; portable types only.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('donations').addColumn('seen_unpaid_at', 'text').execute();
  await db
    .updateTable('donations')
    .set((eb) => ({ seen_unpaid_at: eb.ref('updated_at') }))
    .where('status', '=', 'pending')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('donations').dropColumn('seen_unpaid_at').execute();
}
