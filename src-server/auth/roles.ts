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

/** Grants the admin role; granting it twice is harmless. */
export async function grantAdmin(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .insertInto('user_roles')
    .values({ user_id: userId, role: 'admin', created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
    .execute();
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
