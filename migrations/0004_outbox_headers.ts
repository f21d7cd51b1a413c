import type { Kysely } from 'kysely';

// Extra mail headers per outbox row (Reply-To of a contact message, List-Unsubscribe of a newsletter),
// as a JSON object of header name → value. Frozen in time; portable types only.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('outbox')
    .addColumn('headers', 'text', (col) => col.notNull().defaultTo('{}'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('headers').execute();
}
