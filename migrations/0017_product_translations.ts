import type { Kysely } from 'kysely';

// Shop product names in other languages, entered by the admins (issue 20): Printful keeps one name per
// product, so the English and French names live here, one row per product and language. The product
// is named by the catalog's product id (Printful's sync product id, or the demo catalog's id); a row
// whose product left the store is harmless. Frozen in time; portable types only.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('product_translations')
    .addColumn('product_id', 'text', (col) => col.notNull())
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('product_translations_pk', ['product_id', 'locale'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('product_translations').execute();
}
