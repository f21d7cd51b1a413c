import type { Kysely } from 'kysely';

// The visitor's data rights (issue 17, ADR 028). An e-mail token of purpose "change_email" carries the
// address it confirms: the change takes effect only when the link mailed there is opened. A contact
// message remembers the account that sent it while signed in, so the data export can include it and
// deleting the account can detach it. Frozen in time; portable types only.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('email_tokens').addColumn('new_email', 'text').execute();
  await db.schema
    .alterTable('contact_messages')
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('contact_messages_user').on('contact_messages').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('contact_messages_user').execute();
  await db.schema.alterTable('contact_messages').dropColumn('user_id').execute();
  await db.schema.alterTable('email_tokens').dropColumn('new_email').execute();
}
