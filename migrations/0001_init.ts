import type { Kysely } from 'kysely';

// Frozen in time: this file must not import application code. Types stay portable (text, integer)
// so that the same migration runs on SQLite and PostgreSQL.
export async function up(db: Kysely<any>): Promise<void> {
  // Fixed-window rate-limit counters, shared by every process that uses the same database.
  await db.schema
    .createTable('rate_limit_buckets')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('window_started_at', 'text', (col) => col.notNull())
    .addColumn('hits', 'integer', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_buckets').execute();
}
