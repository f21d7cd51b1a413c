import type { Kysely } from 'kysely';

const SEVEN_DAYS_MS = 7 * 24 * 60 * 60_000;

// Sending newsletters: the newsletters themselves, one delivery row per subscriber and newsletter (its
// uniqueness makes "exactly once" a fact of the database), each subscriber's unsubscribe token, the
// expiry of confirmation links, the count of addresses that left, and the send slots that pace
// newsletter mail. Frozen in time; portable types only.
export async function up(db: Kysely<any>): Promise<void> {
  // Confirmation links expire; a link mailed before this migration gets its seven days from sign-up.
  await db.schema.alterTable('newsletter_subscribers').addColumn('token_expires_at', 'text').execute();
  const pending = await db.selectFrom('newsletter_subscribers').select(['id', 'created_at']).where('confirmed_at', 'is', null).execute();
  for (const row of pending as Array<{ id: string; created_at: string }>) {
    const expiresAt = new Date(new Date(row.created_at).getTime() + SEVEN_DAYS_MS).toISOString();
    await db.updateTable('newsletter_subscribers').set({ token_expires_at: expiresAt }).where('id', '=', row.id).execute();
  }
  // Every newsletter links to it. Stored as it is (not hashed): each mail must carry it again, and it
  // can do one thing only, take its own address off the list.
  await db.schema.alterTable('newsletter_subscribers').addColumn('unsubscribe_token', 'text').execute();
  await db.schema
    .createIndex('newsletter_subscribers_unsubscribe_token')
    .unique()
    .on('newsletter_subscribers')
    .column('unsubscribe_token')
    .execute();
  // Mails are written in the subscriber's language; anything else than de/en/fr reads German.
  await db.updateTable('newsletter_subscribers').set({ locale: 'de' }).where('locale', 'not in', ['de', 'en', 'fr']).execute();

  await db.schema
    .createTable('newsletters')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('subject_de', 'text', (col) => col.notNull())
    .addColumn('body_de', 'text', (col) => col.notNull())
    .addColumn('subject_en', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('body_en', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('subject_fr', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('body_fr', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('sent_by', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('send_started_at', 'text')
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('newsletters_created').on('newsletters').column('created_at').execute();

  // One row per mail queued for a newsletter. The subscriber becomes null when the address leaves the
  // list; the row stays so the newsletter's numbers stay right. outbox_id names the queued mail.
  await db.schema
    .createTable('newsletter_deliveries')
    .addColumn('outbox_id', 'text', (col) => col.primaryKey())
    .addColumn('newsletter_id', 'text', (col) => col.notNull().references('newsletters.id').onDelete('cascade'))
    .addColumn('subscriber_id', 'text', (col) => col.references('newsletter_subscribers.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('newsletter_deliveries_once')
    .unique()
    .on('newsletter_deliveries')
    .columns(['newsletter_id', 'subscriber_id'])
    .execute();
  await db.schema.createIndex('newsletter_deliveries_subscriber').on('newsletter_deliveries').column('subscriber_id').execute();

  // Counters without addresses: how many left the list.
  await db.schema
    .createTable('newsletter_counters')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'integer', (col) => col.notNull())
    .execute();

  // Paced mail kinds (newsletters): the earliest time the next mail of the kind may be handed to the
  // mail server, shared by every process.
  await db.schema
    .createTable('mail_send_slots')
    .addColumn('kind', 'text', (col) => col.primaryKey())
    .addColumn('next_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('outbox_kind_due').on('outbox').columns(['status', 'kind', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('outbox_kind_due').execute();
  for (const table of ['mail_send_slots', 'newsletter_counters', 'newsletter_deliveries', 'newsletters']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex('newsletter_subscribers_unsubscribe_token').execute();
  await db.schema.alterTable('newsletter_subscribers').dropColumn('unsubscribe_token').execute();
  await db.schema.alterTable('newsletter_subscribers').dropColumn('token_expires_at').execute();
}
