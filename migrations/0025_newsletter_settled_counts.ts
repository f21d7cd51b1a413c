import type { Kysely } from 'kysely';

// A newsletter's numbers once every one of its mails has gone out or failed for good (none pending), kept on
// the newsletter: the admin list counted every newsletter's deliveries and joined them to the outbox on each
// load (every 2 s while one goes out), 0.1–0.5 s at 180,000 deliveries and growing with every newsletter
// sent. Null while mails are pending, and again when "resend failed" queues some anew (newsletters.ts). The
// total is their sum. Newsletters already settled get their numbers here, as newsletters.ts counts them:
// a delivery whose mail failed is failed, any other sent (the outbox deletes sent mail after 30 days).
// Frozen in time; portable types only.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('newsletters').addColumn('settled_sent', 'integer').execute();
  await db.schema.alterTable('newsletters').addColumn('settled_failed', 'integer').execute();
  // Counted in two grouped reads and put together here: as correlated subqueries per newsletter, SQLite
  // stepped through every pending mail for each one (18 s at 60 newsletters and 40,000 pending mails).
  const sent = await db.selectFrom('newsletters').select('id').where('status', '=', 'sent').execute();
  if (sent.length === 0) return;
  const totals = await db
    .selectFrom('newsletter_deliveries')
    .select((eb) => ['newsletter_id', eb.fn.countAll().as('count')])
    .groupBy('newsletter_id')
    .execute();
  const open = await db
    .selectFrom('newsletter_deliveries as d')
    .innerJoin('outbox as o', 'o.id', 'd.outbox_id')
    .select((eb) => ['d.newsletter_id', 'o.status', eb.fn.countAll().as('count')])
    .where('o.status', 'in', ['pending', 'failed'])
    .groupBy(['d.newsletter_id', 'o.status'])
    .execute();
  const total = new Map(totals.map((row) => [row.newsletter_id, Number(row.count)]));
  const countOf = (id: string, status: string) => Number(open.find((row) => row.newsletter_id === id && row.status === status)?.count ?? 0);
  for (const { id } of sent as Array<{ id: string }>) {
    if (countOf(id, 'pending') > 0) continue;
    const failed = countOf(id, 'failed');
    await db
      .updateTable('newsletters')
      .set({ settled_sent: (total.get(id) ?? 0) - failed, settled_failed: failed })
      .where('id', '=', id)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('newsletters').dropColumn('settled_failed').execute();
  await db.schema.alterTable('newsletters').dropColumn('settled_sent').execute();
}
