/**
 * What a signed-in user can do with their own account (issue 17 point 5, ADR 028): change the name, the
 * password and the e-mail address, and delete the account. Each action that could hurt the owner in a
 * stranger's hands (a browser left signed in) asks for the current password first.
 */
import { AppError } from '../app-error';
import { consumeEmailChangeToken, createEmailToken, retireEmailTokens } from '../auth/email-tokens';
import { hashPassword, requireCurrentPassword } from '../auth/password';
import { countAdmins, isAdmin } from '../auth/roles';
import { invalidateOtherSessions } from '../auth/session';
import { findUserByEmail, findUserById, setPasswordHash } from '../auth/users';
import { putAppState } from '../db/app-state';
import type { Db } from '../db/connect';
import type { UserRow } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import type { Logger } from '../lib/logger';
import type { MailFooter } from '../mail/footer';
import { enqueueMail } from '../mail/outbox';
import { siteLink } from '../mail/site-link';
import { emailChangeMail, emailChangeNoticeMail } from './mails';

export type AccountActionDeps = { db: Db; now: Date; publicUrl: string; logger: Logger; mailFooter: MailFooter };

/** Where the link in the e-mail-change mail leads. */
export const EMAIL_CHANGE_PATH = '/account/email';

export async function changeName(db: Db, userId: string, input: { firstName: string; lastName: string }, now: Date): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({ first_name: input.firstName, last_name: input.lastName, updated_at: now.toISOString() })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Sets a new password after checking the current one. Every other session of the user ends (a thief
 * signed in elsewhere is out); this one stays. Reset and e-mail change links mailed before stop working.
 */
export async function changePassword(
  deps: AccountActionDeps,
  user: UserRow,
  sessionId: string,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const { db, now } = deps;
  await requireCurrentPassword(user, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, user.id, passwordHash, now);
    await invalidateOtherSessions(trx, user.id, sessionId);
    // A reset link and an e-mail change's link mailed before stop working (the change's notice says to
    // change the password if it was not you).
    await retireEmailTokens(trx, user.id, ['reset_password', 'change_email'], now);
  });
}

/**
 * Mails a link to the new address and a notice to the old one. Nothing changes yet: the account keeps
 * its address until the link is opened (confirmEmailChange), so a typo cannot lock anyone out.
 */
export async function requestEmailChange(
  deps: AccountActionDeps,
  user: UserRow,
  input: { newEmail: string; currentPassword: string; locale: string },
): Promise<void> {
  const { db, now, publicUrl, mailFooter } = deps;
  await requireCurrentPassword(user, input.currentPassword);
  await db.transaction().execute(async (trx) => {
    if (input.newEmail === user.email || (await findUserByEmail(trx, input.newEmail))) throw new AppError('EMAIL_TAKEN', 'address in use');
    const token = await createEmailToken(trx, user.id, 'change_email', now, input.newEmail);
    const link = siteLink(publicUrl, EMAIL_CHANGE_PATH, { token }, input.locale);
    await enqueueMail(trx, 'email_change', input.newEmail, emailChangeMail(input.locale, { link }, mailFooter), now);
    await enqueueMail(
      trx,
      'email_change_notice',
      user.email,
      emailChangeNoticeMail(input.locale, { firstName: user.first_name }, mailFooter),
      now,
    );
  });
}

/**
 * Opens the link from the new address: the account takes that address (confirmed, as the link proves)
 * unless another account took it in the meantime. Links mailed to the old address stop working.
 * Needs no session: the link may be opened on another device.
 */
export async function confirmEmailChange(deps: AccountActionDeps, token: string): Promise<void> {
  const { db, now, logger } = deps;
  try {
    await db.transaction().execute(async (trx) => {
      const change = await consumeEmailChangeToken(trx, token, now);
      if (!change || !(await findUserById(trx, change.userId))) throw new AppError('TOKEN_INVALID');
      const holder = await findUserByEmail(trx, change.newEmail);
      if (holder && holder.id !== change.userId) throw new AppError('EMAIL_TAKEN', 'address taken since the request');
      await trx
        .updateTable('users')
        .set({ email: change.newEmail, email_verified_at: now.toISOString(), updated_at: now.toISOString() })
        .where('id', '=', change.userId)
        .execute();
      await retireEmailTokens(trx, change.userId, ['verify_email', 'reset_password'], now);
      logger.info('account e-mail address changed', { userId: change.userId });
    });
  } catch (error) {
    // Two accounts confirming the same new address at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN', 'address taken');
    throw error;
  }
}

/** A row every admin's deletion updates first: on PostgreSQL it makes two such deletions take turns. */
const ADMIN_DELETION_LOCK = 'admin_deletion_lock';

/**
 * Deletes the account after checking the password: its sessions, e-mail tokens, roles and the user row
 * go. Orders stay (tax law: config.retention.orderYears) with user_id set to null; the retention job
 * detaches them from name and e-mail after that period. Contact messages lose their user_id. The last
 * admin cannot leave: nobody could manage the site any more.
 */
export async function deleteAccount(deps: AccountActionDeps, user: UserRow, input: { currentPassword: string }): Promise<void> {
  const { db, now, logger } = deps;
  await requireCurrentPassword(user, input.currentPassword);
  await db.transaction().execute(async (trx) => {
    if (await isAdmin(trx, user.id, logger)) {
      // Two admins deleting themselves at once must not both see the other one still there.
      await putAppState(trx, ADMIN_DELETION_LOCK, now.toISOString());
      if ((await countAdmins(trx)) <= 1) throw new AppError('LAST_ADMIN', 'the last admin cannot delete their account');
    }
    await removeAccounts(trx, [user.id]);
  });
  logger.info('account deleted', { userId: user.id });
}

/**
 * What deleting accounts removes, inside the caller's transaction: their orders and contact messages are
 * detached (user_id null), their sessions, e-mail tokens and roles go, then the users (two-factor rows
 * follow by their foreign keys' cascade). deleteAccount and the retention job's step for accounts never
 * confirmed (ADR 029) both take this way. Returns how many users were deleted.
 */
export async function removeAccounts(trx: Db, userIds: readonly string[]): Promise<number> {
  if (userIds.length === 0) return 0;
  await trx.updateTable('orders').set({ user_id: null }).where('user_id', 'in', userIds).execute();
  await trx.updateTable('contact_messages').set({ user_id: null }).where('user_id', 'in', userIds).execute();
  await trx.deleteFrom('sessions').where('user_id', 'in', userIds).execute();
  await trx.deleteFrom('email_tokens').where('user_id', 'in', userIds).execute();
  await trx.deleteFrom('user_roles').where('user_id', 'in', userIds).execute();
  return Number((await trx.deleteFrom('users').where('id', 'in', userIds).executeTakeFirst()).numDeletedRows);
}
