import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Pictures uploaded by the team (issue 20, ADR 036), kept in the database so that every process of a
// PostgreSQL installation serves them and a database backup holds them. One row per file: the original
// (metadata removed) and each responsive variant ('480.avif', '960.webp', '1600.jpg', ...) of one
// upload, named by the upload's id. Newsletters get a picture too. Frozen in time; the one non-portable
// type is the bytes' column.
export async function up(db: Kysely<any>): Promise<void> {
  const bytesType = db.getExecutor().adapter instanceof PostgresAdapter ? sql`bytea` : sql`blob`;
  await db.schema
    .createTable('media_files')
    .addColumn('media_id', 'text', (col) => col.notNull())
    .addColumn('variant', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('byte_size', 'integer', (col) => col.notNull())
    .addColumn('bytes', bytesType, (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('uploaded_by', 'text')
    .addPrimaryKeyConstraint('media_files_pk', ['media_id', 'variant'])
    .execute();

  // A newsletter's picture (shared by its languages) and its description per language; '' for none.
  for (const column of ['image_url', 'image_alt_de', 'image_alt_en', 'image_alt_fr']) {
    await db.schema
      .alterTable('newsletters')
      .addColumn(column, 'text', (col) => col.notNull().defaultTo(''))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['image_url', 'image_alt_de', 'image_alt_en', 'image_alt_fr']) {
    await db.schema.alterTable('newsletters').dropColumn(column).execute();
  }
  await db.schema.dropTable('media_files').execute();
}
