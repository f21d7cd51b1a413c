import type { Db } from '../db/connect';
import type { UserRow } from '../db/schema';
import { newId } from '../lib/ids';

export type NewUserInput = {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  locale: string;
  verifiedAt: Date | null;
};

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertUser(db: Db, input: NewUserInput, now: Date): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({
      id: newId(),
      email: input.email.trim().toLowerCase(),
      email_verified_at: input.verifiedAt?.toISOString() ?? null,
      password_hash: input.passwordHash,
      first_name: input.firstName,
      last_name: input.lastName,
      locale: input.locale,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function markEmailVerified(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ email_verified_at: now.toISOString(), updated_at: now.toISOString() })
    .where('id', '=', userId)
    .where('email_verified_at', 'is', null)
    .execute();
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string, now: Date): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: now.toISOString() }).where('id', '=', userId).execute();
}

export function listUsers(db: Db) {
  return db
    .selectFrom('users')
    .leftJoin('user_roles', (join) => join.onRef('user_roles.user_id', '=', 'users.id').on('user_roles.role', '=', 'admin'))
    .select([
      'users.id',
      'users.email',
      'users.first_name',
      'users.last_name',
      'users.email_verified_at',
      'users.created_at',
      'user_roles.role',
    ])
    .orderBy('users.created_at')
    .execute();
}
