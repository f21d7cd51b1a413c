import type { Kysely } from 'kysely';

// Which mail the worker claims first (lower goes sooner): account and order mail 0, newsletter
// confirmations and test mails 1, contact copies and newsletters 2. A row written without one (by a
// process still running the code before this migration, during a rolling deploy) gets 1: behind
// account mail, but never behind a flood of bulk mail. Frozen in time: the kinds are spelled out here.
const TRANSACTIONAL_KINDS = ['verify_email', 'reset_password', 'order_confirmation'];
const BULK_KINDS = ['contact_inbox', 'contact_receipt', 'newsletter'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('outbox')
    .addColumn('priority', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.updateTable('outbox').set({ priority: 0 }).where('kind', 'in', TRANSACTIONAL_KINDS).execute();
  await db.updateTable('outbox').set({ priority: 2 }).where('kind', 'in', BULK_KINDS).execute();
  // The claim reads pending rows by priority, then by due time.
  await db.schema.createIndex('outbox_claim').on('outbox').columns(['status', 'priority', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('outbox_claim').execute();
  await db.schema.alterTable('outbox').dropColumn('priority').execute();
}
