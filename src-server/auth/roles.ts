import { type AuditActor, recordAudit } from '../audit/record';
import type { Db } from '../db/connect';
import type { Logger } from '../lib/logger';

/**
 * Whether a user has the admin role (a user_roles row). Looked up on every request that needs it, so
 * a revoked role takes effect at once. A failing lookup is logged and means "not admin" (spec §6).
 */
export async function isAdmin(db: Db, userId: string, logger: Logger): Promise<boolean> {
  try {
    const row = await db
      .selectFrom('user_roles')
      .select('role')
      .where('user_id', '=', userId)
      .where('role', '=', 'admin')
      .executeTakeFirst();
    return row !== undefined;
  } catch (error) {
    logger.error('Error checking admin role', { userId, error });
    return false;
  }
}

/** Grants the admin role; granting it twice is harmless. Returns whether the user did not have it yet. */
export async function grantAdmin(db: Db, userId: string, now: Date): Promise<boolean> {
  const result = await db
    .insertInto('user_roles')
    .values({ user_id: userId, role: 'admin', created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Grants the admin role with its audit entry, in one transaction (none when the user had it already). */
export async function grantAdminAudited(db: Db, actor: AuditActor, user: { id: string; email: string }, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const granted = await grantAdmin(trx, user.id, now);
    if (granted)
      await recordAudit(
        trx,
        actor,
        { action: 'role.granted', objectType: 'user', objectId: user.id, detail: { email: user.email, role: 'admin' } },
        now,
      );
    return granted;
  });
}

/** Revokes the admin role with its audit entry, in one transaction; returns whether the user had it. */
export async function revokeAdminAudited(db: Db, actor: AuditActor, user: { id: string; email: string }, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const had = await revokeAdmin(trx, user.id);
    if (had)
      await recordAudit(
        trx,
        actor,
        { action: 'role.revoked', objectType: 'user', objectId: user.id, detail: { email: user.email, role: 'admin' } },
        now,
      );
    return had;
  });
}

/** Revokes the admin role; returns whether the user had it. */
export async function revokeAdmin(db: Db, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('user_roles').where('user_id', '=', userId).where('role', '=', 'admin').executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** How many users have the admin role (the last one may not delete their account). */
export async function countAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom('user_roles')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
