import type { Kysely } from 'kysely';

// Posts in three languages (issue 20 point 1, ADR 037). The row in blog_posts stays the post and its German
// original; post_translations holds its English and French versions, one row per language that exists.
// The picture's alt text is text in a language too: German in blog_posts.image_alt, the others beside
// their version. Existing posts need no copying: they are German originals without translations (their
// alt text stays empty until an admin saves them). Frozen in time; portable types only.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('blog_posts').addColumn('image_alt', 'text').execute();
  await db.schema
    .createTable('post_translations')
    .addColumn('post_id', 'text', (col) => col.notNull().references('blog_posts.id').onDelete('cascade'))
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('excerpt', 'text')
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('tags', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('image_alt', 'text')
    .addPrimaryKeyConstraint('post_translations_pk', ['post_id', 'locale'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('post_translations').execute();
  await db.schema.alterTable('blog_posts').dropColumn('image_alt').execute();
}
