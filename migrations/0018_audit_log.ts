import type { Kysely } from 'kysely';

// The audit trail (issue 21): one row per admin action, written in the same transaction as the action.
// Never updated; deleted only by the retention job once older than AUDIT_RETENTION_DAYS. Frozen in time.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('created_at', 'text', (col) => col.notNull())
    // Null for the operator's command line and the server itself; the e-mail is kept as it was then.
    .addColumn('actor_id', 'text')
    .addColumn('actor_email', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('object_type', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('object_id', 'text', (col) => col.notNull().defaultTo(''))
    // A short JSON object with what else identifies the action (a title, a count, a file name).
    .addColumn('detail', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('ip', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('audit_log_created_at').on('audit_log').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_email', 'created_at']).execute();
  await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
