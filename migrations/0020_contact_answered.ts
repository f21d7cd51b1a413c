import type { Kysely } from 'kysely';

// Contact messages on /messages-admin (issue 21 point 4): when one was answered and by whom (the admin's
// e-mail as it was then, like the audit trail keeps it). Both null while a message waits for an answer.
// The list filters by answered or not, newest first. Frozen in time; portable types only.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contact_messages').addColumn('answered_at', 'text').execute();
  await db.schema.alterTable('contact_messages').addColumn('answered_by', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contact_messages').dropColumn('answered_by').execute();
  await db.schema.alterTable('contact_messages').dropColumn('answered_at').execute();
}
