import type { Kysely } from 'kysely';

// Messages sent through the contact form, kept so that none is lost while the mail server is away.
// Frozen in time; portable types only.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('organization', 'text')
    .addColumn('inquiry_type', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('contact_messages_created').on('contact_messages').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('contact_messages').execute();
}
