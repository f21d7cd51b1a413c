import type { Db } from '../db/connect';
import type { OutboxRow } from '../db/schema';
import { newId } from '../lib/ids';
import { MAIL_KIND_PRIORITY, type MailKind } from './kinds';
import type { MailMessage } from './templates';

/** Newsletter mail: the worker paces it (NEWSLETTER_RATE_PER_MIN), every other kind goes at once. */
export const NEWSLETTER_MAIL_KIND = 'newsletter' satisfies MailKind;

/** How many due mails one claim looks at: enough that the worker's lanes rarely all race for the same few. */
const CLAIM_CANDIDATES = 10;

/**
 * Queues an e-mail. Call it with the same transaction as the data the mail belongs to, so that both
 * are stored or neither is; the worker (worker.ts) sends it afterwards. `headers` are sent as they are
 * (Reply-To of a contact message, List-Unsubscribe of a newsletter), over the ones every mail of its kind
 * gets (headers.ts: Auto-Submitted, the team's Reply-To). Resolves with the mail's id.
 */
export async function enqueueMail(
  db: Db,
  kind: MailKind,
  to: string,
  message: MailMessage,
  now: Date,
  headers: Record<string, string> = {},
  /** The row's id, when the caller must know it beforehand (a newsletter delivery names its mail). */
  id: string = newId(),
): Promise<string> {
  await db
    .insertInto('outbox')
    .values({
      id,
      kind,
      priority: MAIL_KIND_PRIORITY[kind],
      to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now.toISOString(),
      last_error: null,
      created_at: now.toISOString(),
      sent_at: null,
      headers: JSON.stringify(headers),
    })
    .execute();
  return id;
}

/** A failed mail written anew before it is queued again: its address, content and headers. */
export type RewrittenMail = { to: string; message: MailMessage; headers: Record<string, string> };

/**
 * Queues a failed mail again, to go at once with a fresh set of attempts (as it was, or as `rewrite`
 * makes it). Only a mail still failed is taken, so a second click, or two admins at once, queue it once.
 * Resolves with its kind, or null when there is no such failed mail (or it is of `exceptKind`).
 */
export async function requeueFailedMail(
  db: Db,
  id: string,
  now: Date,
  options: { rewrite?: RewrittenMail; exceptKind?: string } = {},
): Promise<{ kind: string } | null> {
  const { rewrite, exceptKind } = options;
  const requeued = await db
    .updateTable('outbox')
    .set({
      ...(rewrite && {
        to: rewrite.to,
        subject: rewrite.message.subject,
        text: rewrite.message.text,
        html: rewrite.message.html,
        headers: JSON.stringify(rewrite.headers),
      }),
      status: 'pending',
      attempts: 0,
      next_attempt_at: now.toISOString(),
      last_error: null,
      // created_at stays: the privacy page counts the time a mail is kept from when it was first queued.
    })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .$if(exceptKind !== undefined, (qb) => qb.where('kind', '!=', exceptKind as string))
    .returning('kind')
    .executeTakeFirst();
  return requeued ?? null;
}

/** Which kinds of mail a claim may take: only `kind`, or any but `exceptKinds`. */
export type MailKindFilter = { kind?: string; exceptKinds?: readonly string[] };

/**
 * Claims one due mail for sending: moves its next attempt into the future (a lease) and counts the
 * attempt, in one conditional update. Only one process can win it; if that process dies mid-send,
 * the mail becomes due again when the lease ends. The mail of the highest priority (kinds.ts) goes
 * first, and within one priority the one due longest.
 */
export async function claimDueMail(db: Db, now: Date, leaseMs: number, filter: MailKindFilter = {}): Promise<OutboxRow | null> {
  const nowIso = now.toISOString();
  const candidates = await dueMailCandidates(db, nowIso, filter).execute();
  for (const { id } of candidates) {
    const claimed = await db
      .updateTable('outbox')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: new Date(now.getTime() + leaseMs).toISOString() }))
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', nowIso)
      .returningAll()
      .executeTakeFirst();
    if (claimed) return claimed;
  }
  return null;
}

/**
 * The ids of the mails a claim tries, in the order it tries them. Every column it reads is in the
 * `outbox_claim` index, in this order (migration 0021): it reads no mail row and sorts nothing. It
 * still steps over the index entries of the mails it leaves out (the worker's claim skips a
 * newsletter's mails, which the paced sender takes), cheap entries rather than rows.
 */
export function dueMailCandidates(db: Db, nowIso: string, { kind, exceptKinds = [] }: MailKindFilter) {
  return db
    .selectFrom('outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', nowIso)
    .$if(kind !== undefined, (qb) => qb.where('kind', '=', kind as string))
    .$if(exceptKinds.length > 0, (qb) => qb.where('kind', 'not in', exceptKinds))
    .orderBy('priority')
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(CLAIM_CANDIDATES);
}

class SlotUnused extends Error {}

/**
 * Claims one due mail of a paced kind, at most one per `intervalMs` across every process: the kind's
 * send slot (mail_send_slots) moves `intervalMs` past now in the same transaction as the claim, and a
 * process finding the slot still in the future gets nothing. Spacing the mails (rather than counting
 * them per minute) means no minute, however it is cut, holds more than 60 000 / intervalMs of them.
 * `nextSlotAt` says when to try again if a mail was due but the slot was taken.
 */
export async function claimPacedMail(
  db: Db,
  kind: string,
  now: Date,
  leaseMs: number,
  intervalMs: number,
): Promise<{ mail: OutboxRow | null; nextSlotAt: Date | null }> {
  const nowIso = now.toISOString();
  const due = await db
    .selectFrom('outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('kind', '=', kind)
    .where('next_attempt_at', '<=', nowIso)
    // Only whether one is due matters; the order makes PostgreSQL read it from outbox_kind_due. Without
    // it, expecting many pending newsletter mails, it read the table from its start until one came up:
    // through every sent mail before them (25,000 pages for 200,000 rows, at each of the sender's ticks).
    .orderBy('next_attempt_at')
    .limit(1)
    .executeTakeFirst();
  if (!due) return { mail: null, nextSlotAt: null };
  // '' sorts before every time: a kind's first mail finds its slot free.
  await db
    .insertInto('mail_send_slots')
    .values({ kind, next_at: '' })
    .onConflict((oc) => oc.column('kind').doNothing())
    .execute();
  try {
    return await db.transaction().execute(async (trx) => {
      const slot = await trx
        .updateTable('mail_send_slots')
        .set({ next_at: new Date(now.getTime() + intervalMs).toISOString() })
        .where('kind', '=', kind)
        .where('next_at', '<=', nowIso)
        .returning('next_at')
        .executeTakeFirst();
      if (!slot) {
        const taken = await trx.selectFrom('mail_send_slots').select('next_at').where('kind', '=', kind).executeTakeFirst();
        return { mail: null, nextSlotAt: taken ? new Date(taken.next_at) : null };
      }
      const mail = await claimDueMail(trx, now, leaseMs, { kind });
      // Another process took the mail: give the slot back by rolling back.
      if (!mail) throw new SlotUnused();
      return { mail, nextSlotAt: null };
    });
  } catch (error) {
    if (error instanceof SlotUnused) return { mail: null, nextSlotAt: null };
    throw error;
  }
}

/** The extra headers stored with a mail (an unreadable value counts as none). */
export function mailHeaders(row: Pick<OutboxRow, 'headers'>): Record<string, string> {
  try {
    const value: unknown = JSON.parse(row.headers);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

export async function markSent(db: Db, id: string, now: Date): Promise<void> {
  await db.updateTable('outbox').set({ status: 'sent', sent_at: now.toISOString(), last_error: null }).where('id', '=', id).execute();
}

export async function markAttemptFailed(db: Db, id: string, error: string, retryAt: Date | null): Promise<void> {
  await db
    .updateTable('outbox')
    .set(retryAt ? { last_error: error, next_attempt_at: retryAt.toISOString() } : { last_error: error, status: 'failed' })
    .where('id', '=', id)
    .execute();
}
