import type { Kysely } from 'kysely';

// Indexes that five years of data asked for (measured with scripts/explain-volume.mjs on 200,000 outbox rows,
// 100,000 audit entries, 50,000 subscribers, 30,000 donations; figures in the comments are SQLite's, before →
// after). Frozen in time; portable types only.
export async function up(db: Kysely<any>): Promise<void> {
  // The health check and /metrics (every few seconds) ask for the oldest pending mail, the oldest pending one
  // that is not a newsletter, and the mails that failed in the last day. Through the status-first indexes
  // each read every pending row for its created_at (40,000 while a newsletter goes out: about a second on
  // SQLite, the text and HTML lie beside it); in created_at order with the kind beside it they read only
  // the index. The daily deletion of failed mails and the failed-mail list take it too.
  await db.schema.createIndex('outbox_status_created').on('outbox').columns(['status', 'created_at', 'kind']).execute();
  // Whether an order's cancel or refund is in the audit trail (the payment webhook and every cancel ask):
  // through audit_log_action it read every entry of that action (one in eight of the trail).
  await db.schema.createIndex('audit_log_object').on('audit_log').columns(['object_type', 'object_id', 'action', 'created_at']).execute();
  // The subscriber list and its CSV, newest first: without it every page sorted all 50,000 addresses.
  await db.schema.createIndex('newsletter_subscribers_created').on('newsletter_subscribers').column('created_at').execute();
  // The donation list filtered by status, and the count of active pledges in the totals: without it a scan of every donation.
  await db.schema.createIndex('donations_status_created').on('donations').columns(['status', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('donations_status_created').execute();
  await db.schema.dropIndex('newsletter_subscribers_created').execute();
  await db.schema.dropIndex('audit_log_object').execute();
  await db.schema.dropIndex('outbox_status_created').execute();
}
