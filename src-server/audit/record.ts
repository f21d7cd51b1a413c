/**
 * Writing the audit trail. Every admin action calls recordAudit with the same transaction (or database
 * handle) as the action's own write, so that an action and its entry exist together or not at all.
 * There is deliberately no update or delete here: entries leave only through the retention job.
 */
import type { Kysely, Transaction } from 'kysely';
import type { AuditAction } from '@shared/audit';
import type { Database } from '../db/schema';
import { newId } from '../lib/ids';

/** Who acted: an admin in a request, the operator's command line, or the server's own job. */
export type AuditActor = { id: string | null; email: string; ip: string };

export const CLI_ACTOR: AuditActor = { id: null, email: 'cli', ip: '' };
export const SYSTEM_ACTOR: AuditActor = { id: null, email: 'system', ip: '' };

/** The actor of a tRPC call or a route handler with a signed-in user. */
export function requestActor(ctx: { user: { id: string; email: string } | null; clientIp: string }): AuditActor {
  return { id: ctx.user?.id ?? null, email: ctx.user?.email ?? '', ip: ctx.clientIp };
}

export type AuditEvent = {
  action: AuditAction;
  /** What it was done to: 'post', 'order', 'user', 'newsletter', 'backup', … ('' when nothing in particular). */
  objectType?: string;
  objectId?: string;
  /** A few fields that make the entry readable without the object (a title, a count, a file name). */
  detail?: Record<string, string | number | boolean | null>;
};

export async function recordAudit(
  db: Kysely<Database> | Transaction<Database>,
  actor: AuditActor,
  event: AuditEvent,
  at: Date,
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: newId(),
      created_at: at.toISOString(),
      actor_id: actor.id,
      actor_email: actor.email,
      action: event.action,
      object_type: event.objectType ?? '',
      object_id: event.objectId ?? '',
      detail: JSON.stringify(event.detail ?? {}),
      ip: actor.ip,
    })
    .execute();
}
