import type { Kysely } from 'kysely';

// The mail worker's claim (claimDueMail) filters pending rows by due time and kind and takes them by
// priority, due time and id. The index of 0008 lacked id and kind, so SQLite chose the (status,
// next_attempt_at) index, read every due row from the table (the kind and priority columns lie behind the
// mail's text and HTML, in overflow pages) and sorted them: with a few hundred mails waiting, as after a
// burst of donations, each claim took about a millisecond and the queue drained ever slower. With every
// column the claim reads, in the order it sorts by, the claim walks the index alone, without a sort, and
// stops at its limit (stepping over the entries of kinds it leaves out).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('outbox_claim').execute();
  await db.schema.createIndex('outbox_claim').on('outbox').columns(['status', 'priority', 'next_attempt_at', 'id', 'kind']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('outbox_claim').execute();
  await db.schema.createIndex('outbox_claim').on('outbox').columns(['status', 'priority', 'next_attempt_at']).execute();
}
