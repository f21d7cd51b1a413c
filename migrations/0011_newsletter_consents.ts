import type { Kysely } from 'kysely';

// The proof of each newsletter consent (double opt-in, legal-de.md §3.2): who signed up when and from
// which IP, with the exact consent sentence and privacy-policy version they saw, in their language; when
// and from which IP they confirmed; when they left. One row per sign-up, kept apart from the subscriber
// row so it outlives an unsubscription for the period the privacy page states. Frozen in time; portable
// types only.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('newsletter_consents')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('signed_up_at', 'text', (col) => col.notNull())
    .addColumn('sign_up_ip', 'text', (col) => col.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('confirm_ip', 'text')
    .addColumn('consent_text', 'text', (col) => col.notNull())
    .addColumn('privacy_policy_version', 'text', (col) => col.notNull())
    .addColumn('unsubscribed_at', 'text')
    .execute();
  await db.schema.createIndex('newsletter_consents_email').on('newsletter_consents').column('email').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('newsletter_consents').execute();
}
