import type { Kysely } from 'kysely';

// Blog posts, newsletter subscribers and a small key/value table for one-time start-up work (demo
// content). Frozen in time; portable types only. Booleans are integers 0/1 on both engines.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('blog_posts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('excerpt', 'text')
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('author', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('tags', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('image_url', 'text')
    .addColumn('featured', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('published', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('published_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('blog_posts_public').on('blog_posts').columns(['published', 'published_at', 'id']).execute();
  await db.schema.createIndex('blog_posts_created').on('blog_posts').column('created_at').execute();

  await db.schema
    .createTable('newsletter_subscribers')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('token_hash', 'text', (col) => col.unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('app_state')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['app_state', 'newsletter_subscribers', 'blog_posts']) {
    await db.schema.dropTable(table).execute();
  }
}
