import type { Kysely } from 'kysely';

// Two admins editing the same blog post or newsletter draft (QA: a stale form silently undid another
// admin's "hide" and overwrote their text). Each row counts its changes: a form holds the version it
// loaded, and a save that names an older one is refused instead of overwriting what it never saw
// (optimistic concurrency). A counter rather than updated_at: two changes in the same millisecond would
// share a timestamp. Existing rows start at 1. Frozen in time; portable types only.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('blog_posts')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('newsletters')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('newsletters').dropColumn('version').execute();
  await db.schema.alterTable('blog_posts').dropColumn('version').execute();
}
