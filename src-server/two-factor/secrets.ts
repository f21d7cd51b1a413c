import type { Db } from '../db/connect';
import type { TwoFactorSecretTable } from '../db/schema';

/** The authenticator-app secrets (two_factor_secrets): one row per user, pending until confirmed. */

export type TwoFactorSecret = Pick<TwoFactorSecretTable, 'secret' | 'enabled_at' | 'last_used_step'>;

export function findTwoFactorSecret(db: Db, userId: string): Promise<TwoFactorSecret | undefined> {
  return db
    .selectFrom('two_factor_secrets')
    .select(['secret', 'enabled_at', 'last_used_step'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Whether sign-in asks this user for a code. */
export async function hasTwoFactor(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('two_factor_secrets')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Starts (or starts over) a setup: a new secret that counts only once a code of it was confirmed. */
export async function savePendingSecret(db: Db, userId: string, secret: string, now: Date): Promise<void> {
  await db
    .insertInto('two_factor_secrets')
    .values({ user_id: userId, secret, created_at: now.toISOString(), enabled_at: null, last_used_step: null })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret, created_at: now.toISOString(), enabled_at: null, last_used_step: null }))
    .execute();
}

export async function enableSecret(db: Db, userId: string, now: Date): Promise<void> {
  await db.updateTable('two_factor_secrets').set({ enabled_at: now.toISOString() }).where('user_id', '=', userId).execute();
}

/**
 * Records that the code of `step` was used, unless that step (or a later one) was used already; says
 * whether it was recorded. The condition in the update makes two requests with the same code race to
 * one winner.
 */
export async function spendTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const row = await db
    .updateTable('two_factor_secrets')
    .set({ last_used_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes the second factor entirely (turned off, or reset by the operator); says whether there was one. */
export async function deleteTwoFactor(db: Db, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('two_factor_secrets').where('user_id', '=', userId).executeTakeFirst();
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('two_factor_challenges').where('user_id', '=', userId).execute();
  return Number(result.numDeletedRows) > 0;
}
