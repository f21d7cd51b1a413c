/**
 * Reading the audit trail for /audit-admin: a page of entries newest first, the people who appear in it
 * (the person filter). The same entries as CSV: csv-export.ts. Reading only: the app has no way to change an entry.
 */
import { AUDIT_ACTIONS, AUDIT_PAGE_SIZE, type AuditAction } from '@shared/audit';
import type { AuditEntry, AuditFilter, AuditList } from '@shared/schemas/audit';
import type { Db } from '../db/connect';
import type { AuditLogRow } from '../db/schema';

/** The trail narrowed by the page's filter (person, action); also the CSV's rows. */
export function filteredEntries(db: Db, filter: AuditFilter) {
  let query = db.selectFrom('audit_log');
  if (filter.actor) query = query.where('actor_email', '=', filter.actor);
  if (filter.action) query = query.where('action', '=', filter.action);
  return query;
}

function parseDetail(json: string): AuditEntry['detail'] {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as AuditEntry['detail']) : {};
  } catch {
    return {};
  }
}

const isAuditAction = (value: string): value is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(value);

function toEntry(row: AuditLogRow): AuditEntry {
  return {
    id: row.id,
    createdAt: row.created_at,
    actorEmail: row.actor_email,
    // Every writer uses AUDIT_ACTIONS; an action dropped from the list in a later version still shows as written.
    action: isAuditAction(row.action) ? row.action : (row.action as AuditAction),
    objectType: row.object_type,
    objectId: row.object_id,
    ip: row.ip,
    detail: parseDetail(row.detail),
  };
}

export async function listAuditEntries(db: Db, filter: AuditFilter, page: number): Promise<AuditList> {
  const [rows, counted] = await Promise.all([
    filteredEntries(db, filter)
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE)
      .execute(),
    filteredEntries(db, filter)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { entries: rows.map(toEntry), page, pageSize: AUDIT_PAGE_SIZE, total: Number(counted.count) };
}

/** Everyone who appears in the trail (admins' addresses, 'cli', 'system'), alphabetically: the person filter. */
export async function listAuditActors(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('audit_log').select('actor_email').distinct().orderBy('actor_email').execute();
  return rows.map((row) => row.actor_email);
}
