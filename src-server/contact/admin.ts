/**
 * /messages-admin: the contact messages as the team works through them, newest first, narrowed to
 * those still waiting or those answered. Marking one answered records who and when, with its audit
 * entry in the same transaction. The messages leave with the retention job (retention/delete.ts,
 * config.retention.contactDays), answered or not.
 */
import { CONTACT_INQUIRY_TYPES, type ContactInquiryType, DEFAULT_CONTACT_INQUIRY_TYPE } from '@shared/constants';
import type { MessageState } from '@shared/message-filters';
import type { AdminMessage, AdminMessageList } from '@shared/schemas/messages-admin';
import { AppError } from '../app-error';
import { type AuditActor, recordAudit } from '../audit/record';
import type { Db } from '../db/connect';
import type { ContactMessageRow } from '../db/schema';

export const MESSAGES_PAGE_SIZE = 25;

function filtered(db: Db, state: MessageState | undefined) {
  const query = db.selectFrom('contact_messages');
  if (state === 'answered') return query.where('answered_at', 'is not', null);
  if (state === 'unanswered') return query.where('answered_at', 'is', null);
  return query;
}

export async function listMessagesForAdmin(
  db: Db,
  state: MessageState | undefined,
  page = 1,
  pageSize = MESSAGES_PAGE_SIZE,
): Promise<AdminMessageList> {
  const count = await filtered(db, state)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await filtered(db, state)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { messages: rows.map(toAdminMessage), page, pageSize, total: Number(count.total) };
}

/**
 * Marks a message answered by this admin, once: marking it again changes nothing and records nothing,
 * so two admins clicking at the same time leave one entry and the first one's name.
 */
export async function markMessageAnswered(db: Db, actor: AuditActor, id: string, now: Date): Promise<AdminMessage> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('contact_messages')
      .set({ answered_at: now.toISOString(), answered_by: actor.email })
      .where('id', '=', id)
      .where('answered_at', 'is', null)
      .executeTakeFirst();
    if (result.numUpdatedRows > 0n) {
      await recordAudit(trx, actor, { action: 'message.answered', objectType: 'message', objectId: id }, now);
    }
    const row = await trx.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', 'no such contact message');
    return toAdminMessage(row);
  });
}

/** A type the form no longer offers (older rows) reads as a general inquiry. */
const inquiryTypeOf = (value: string): ContactInquiryType =>
  (CONTACT_INQUIRY_TYPES as readonly string[]).includes(value) ? (value as ContactInquiryType) : DEFAULT_CONTACT_INQUIRY_TYPE;

function toAdminMessage(row: ContactMessageRow): AdminMessage {
  return {
    id: row.id,
    inquiryType: inquiryTypeOf(row.inquiry_type),
    name: row.name,
    email: row.email,
    organization: row.organization,
    subject: row.subject,
    message: row.message,
    locale: row.locale,
    createdAt: row.created_at,
    answeredAt: row.answered_at,
    answeredBy: row.answered_by,
  };
}
