/** Newsletters as the admin composes them: drafts that can change until they are sent, then a record. */
import type { AdminNewsletter, NewsletterContent, NewsletterProgress } from '@shared/schemas/newsletter';
import { AppError } from '../app-error';
import type { Db } from '../db/connect';
import type { NewsletterRow, UserRow } from '../db/schema';
import { newId } from '../lib/ids';
import { columnsOf, contentOf } from './content';

export async function createDraft(db: Db, content: NewsletterContent, user: UserRow, now: Date): Promise<AdminNewsletter> {
  const id = newId();
  await db
    .insertInto('newsletters')
    .values({
      id,
      ...columnsOf(content),
      status: 'draft',
      created_by: user.id,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      sent_by: null,
      send_started_at: null,
      sent_at: null,
    })
    .execute();
  return getNewsletter(db, id);
}

/**
 * Changes a draft that is still at `version`, the one the admin's form loaded (or the one a conflict
 * named, when the admin chose to save over it); a newsletter whose sending has started is a record and
 * stays as it was sent. Another admin's save since then refuses it with EDIT_CONFLICT and the draft as it
 * is now, rather than overwriting text the admin never saw.
 */
export async function updateDraft(db: Db, id: string, version: number, content: NewsletterContent, now: Date): Promise<AdminNewsletter> {
  const result = await db
    .updateTable('newsletters')
    .set((eb) => ({ ...columnsOf(content), updated_at: now.toISOString(), version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .where('version', '=', version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) await refuseNonDraft(db, id);
  return getNewsletter(db, id);
}

export async function deleteDraft(db: Db, id: string): Promise<void> {
  const result = await db.deleteFrom('newsletters').where('id', '=', id).where('status', '=', 'draft').executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) await refuseNonDraft(db, id);
}

/** Why a write to a draft found none: gone, sent already, or (with a version) changed by someone else. */
async function refuseNonDraft(db: Db, id: string): Promise<never> {
  const row = await db.selectFrom('newsletters').select('status').where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'no such newsletter');
  if (row.status === 'draft') throw await editConflict(db, id);
  throw new AppError('NEWSLETTER_ALREADY_SENT', `newsletter is ${row.status}`);
}

/** The refusal of a write from an older version of a draft: with the draft as it is now, for the form to show and save over. */
export async function editConflict(db: Db, id: string): Promise<AppError> {
  return new AppError('EDIT_CONFLICT', 'the draft changed since the form loaded it', { current: await getNewsletter(db, id) });
}

export async function findNewsletter(db: Db, id: string): Promise<NewsletterRow | undefined> {
  return db.selectFrom('newsletters').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function getNewsletter(db: Db, id: string): Promise<AdminNewsletter> {
  const row = await findNewsletter(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'no such newsletter');
  const [newsletter] = await toAdminNewsletters(db, [row]);
  return newsletter as AdminNewsletter;
}

/** Only the progress, for the admin screen that polls it while a newsletter goes out. */
export async function newsletterProgress(db: Db, id: string): Promise<NewsletterProgress> {
  const row = await findNewsletter(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'no such newsletter');
  return (await progressOf(db, [row])).get(id) ?? { ...NO_PROGRESS };
}

/** Every newsletter, newest first, each with its progress. */
export async function listNewsletters(db: Db): Promise<AdminNewsletter[]> {
  return toAdminNewsletters(db, await db.selectFrom('newsletters').selectAll().orderBy('created_at', 'desc').orderBy('id').execute());
}

const NO_PROGRESS: NewsletterProgress = { total: 0, queued: 0, sent: 0, failed: 0 };

async function toAdminNewsletters(db: Db, rows: NewsletterRow[]): Promise<AdminNewsletter[]> {
  if (rows.length === 0) return [];
  const progress = await progressOf(db, rows);
  const creatorIds = [...new Set(rows.flatMap((row) => (row.created_by ? [row.created_by] : [])))];
  const creators = creatorIds.length
    ? await db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', 'in', creatorIds).execute()
    : [];
  const nameOf = new Map(creators.map((user) => [user.id, `${user.first_name} ${user.last_name}`.trim()]));
  return rows.map((row) => ({
    id: row.id,
    ...contentOf(row),
    status: row.status,
    createdBy: row.created_by ? (nameOf.get(row.created_by) ?? null) : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    sendStartedAt: row.send_started_at,
    sentAt: row.sent_at,
    progress: progress.get(row.id) ?? { ...NO_PROGRESS },
    version: row.version,
  }));
}

/**
 * Each newsletter's progress: the numbers kept once its mails settled (none pending), else counted from
 * the outbox (countProgress). So the list, which the admin screen polls every 2 s while a newsletter goes
 * out, counts only the newsletters still going out, not every one ever sent (180,000 deliveries of four
 * newsletters took 0.1–0.5 s; on SQLite each such read holds the event loop). A sent newsletter found
 * settled here has its numbers kept, unless the caller is inside a transaction of its own.
 */
async function progressOf(db: Db, rows: NewsletterRow[]): Promise<Map<string, NewsletterProgress>> {
  const result = new Map<string, NewsletterProgress>();
  const live: string[] = [];
  for (const row of rows) {
    if (row.settled_sent !== null && row.settled_failed !== null) result.set(row.id, settledProgress(row.settled_sent, row.settled_failed));
    // A draft has no mails.
    else if (row.status !== 'draft') live.push(row.id);
  }
  const counted = await countProgress(db, live);
  for (const id of live) result.set(id, counted.get(id) ?? { ...NO_PROGRESS });
  if (!db.isTransaction) {
    for (const row of rows) {
      if (row.status === 'sent' && row.settled_sent === null && result.get(row.id)?.queued === 0) await keepSettledProgress(db, row.id);
    }
  }
  return result;
}

const settledProgress = (sent: number, failed: number): NewsletterProgress => ({ total: sent + failed, queued: 0, sent, failed });

/**
 * Keeps a sent newsletter's numbers once none of its mails is pending: from then on they change only when
 * "resend failed" queues some anew, which forgets them first (newsletterForRequeue). Both hold the
 * newsletter's row, so the numbers kept are counted either wholly before a resend or wholly after it
 * (SQLite: its write transactions run one at a time).
 */
async function keepSettledProgress(db: Db, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('newsletters')
      .select(['status', 'settled_sent'])
      .where('id', '=', id)
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (row?.status !== 'sent' || row.settled_sent !== null) return;
    const progress = (await countProgress(trx, [id])).get(id) ?? { ...NO_PROGRESS };
    if (progress.queued > 0) return;
    await trx
      .updateTable('newsletters')
      .set({ settled_sent: progress.sent, settled_failed: progress.failed })
      .where('id', '=', id)
      .execute();
  });
}

/**
 * The newsletter, held until the end of the transaction `trx`, with its kept numbers forgotten: for
 * "resend failed" (resending.ts), which queues some of its mails anew, so they are counted from the
 * outbox again until they settle.
 */
export async function newsletterForRequeue(trx: Db, id: string): Promise<NewsletterRow | undefined> {
  const row = await trx.selectFrom('newsletters').selectAll().where('id', '=', id).forNoKeyUpdate().executeTakeFirst();
  if (!row || row.settled_sent === null) return row;
  await trx.updateTable('newsletters').set({ settled_sent: null, settled_failed: null }).where('id', '=', id).execute();
  return { ...row, settled_sent: null, settled_failed: null };
}

/**
 * Progress from the outbox rows of each newsletter's deliveries: pending = queued, failed = failed.
 * The rest were sent: the outbox deletes sent mail after 30 days, and only sent mail (the retention job
 * empties a failed newsletter mail instead of deleting it, so it keeps counting as failed).
 */
async function countProgress(db: Db, ids: string[]): Promise<Map<string, NewsletterProgress>> {
  const result = new Map<string, NewsletterProgress>();
  if (ids.length === 0) return result;
  const totals = await db
    .selectFrom('newsletter_deliveries')
    .select((eb) => ['newsletter_id', eb.fn.countAll<number>().as('count')])
    .where('newsletter_id', 'in', ids)
    .groupBy('newsletter_id')
    .execute();
  // From the outbox's open mails to their deliveries (a cross join keeps that order on SQLite): from one
  // newsletter's deliveries SQLite read each mail's whole row, text and HTML, for its status (0.2–0.3 s for
  // 40,000 mails against 0.05 s through the outbox_claim index). PostgreSQL plans it as the inner join it is.
  const open = await db
    .selectFrom('outbox as o')
    .crossJoin('newsletter_deliveries as d')
    .whereRef('d.outbox_id', '=', 'o.id')
    .select((eb) => ['d.newsletter_id', 'o.status', eb.fn.countAll<number>().as('count')])
    .where('d.newsletter_id', 'in', ids)
    .where('o.status', 'in', ['pending', 'failed'])
    .groupBy(['d.newsletter_id', 'o.status'])
    .execute();
  for (const { newsletter_id, count } of totals)
    result.set(newsletter_id, { total: Number(count), queued: 0, sent: Number(count), failed: 0 });
  for (const { newsletter_id, status, count } of open) {
    const progress = result.get(newsletter_id);
    if (!progress) continue;
    if (status === 'pending') progress.queued = Number(count);
    else progress.failed = Number(count);
    progress.sent = progress.total - progress.queued - progress.failed;
  }
  return result;
}
