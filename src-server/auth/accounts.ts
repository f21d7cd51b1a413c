/**
 * The account journeys: sign-up with e-mail verification, sign-in, password reset. Each function takes
 * its dependencies explicitly and throws AppError with a code the client can translate.
 */
import type { SessionUser } from '@shared/schemas/auth';
import { AppError } from '../app-error';
import type { Db } from '../db/connect';
import type { UserRow } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import type { Logger } from '../lib/logger';
import type { MailFooter } from '../mail/footer';
import { enqueueMail } from '../mail/outbox';
import { siteLink } from '../mail/site-link';
import { resetPasswordMail, verifyEmailMail } from '../mail/templates';
import { consumeEmailToken, createEmailToken, isEmailTokenUsable, retireEmailTokens } from './email-tokens';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password';
import { isAdmin } from './roles';
import { createSession, invalidateSession, invalidateUserSessions } from './session';
import { findUserByEmail, findUserById, insertUser, markEmailVerified, setPasswordHash } from './users';
import { recordAudit } from '../audit/record';
import { createChallenge } from '../two-factor/challenges';
import { hasTwoFactor } from '../two-factor/secrets';
import { signInActor } from '../two-factor/sign-in-step';

/**
 * `orgName` with `publicUrl`: the footer of the mails (mail/footer.ts). `ip`: the request's, for the audit
 * trail of an admin's sign-in; `adminTwoFactorRequired`: ADMIN_2FA_REQUIRED.
 */
export type AccountDeps = {
  db: Db;
  now: Date;
  publicUrl: string;
  orgName: string;
  logger: Logger;
  ip: string;
  adminTwoFactorRequired: boolean;
};

const footerOf = (deps: AccountDeps): MailFooter => ({ orgName: deps.orgName, publicUrl: deps.publicUrl });

/** `adminTwoFactorRequired` (ADMIN_2FA_REQUIRED): an admin without a second factor is told to set one up. */
export async function toSessionUser(db: Db, user: UserRow, logger: Logger, adminTwoFactorRequired = false): Promise<SessionUser> {
  const admin = await isAdmin(db, user.id, logger);
  const setupRequired = admin && adminTwoFactorRequired && !(await hasTwoFactor(db, user.id));
  return {
    id: user.id,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    isAdmin: admin,
    ...(setupRequired ? { twoFactorSetupRequired: true as const } : {}),
  };
}

export async function signUp(
  deps: AccountDeps,
  input: { firstName: string; lastName: string; email: string; password: string; locale: string },
): Promise<void> {
  const { db, now, publicUrl } = deps;
  // Hash outside the transaction: it takes tens of milliseconds and must not hold the database.
  const passwordHash = await hashPassword(input.password);
  try {
    await db.transaction().execute(async (trx) => {
      if (await findUserByEmail(trx, input.email)) throw new AppError('ACCOUNT_EXISTS', 'already been registered');
      const user = await insertUser(trx, { ...input, passwordHash, verifiedAt: null }, now);
      const token = await createEmailToken(trx, user.id, 'verify_email', now);
      const link = siteLink(publicUrl, '/auth/verify', { token }, input.locale);
      await enqueueMail(trx, 'verify_email', user.email, verifyEmailMail(input.locale, { link }, footerOf(deps)), now);
    });
  } catch (error) {
    // Two sign-ups with the same address at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError('ACCOUNT_EXISTS', 'already been registered');
    throw error;
  }
}

export async function verifyEmail(deps: AccountDeps, token: string): Promise<void> {
  const { db, now } = deps;
  await db.transaction().execute(async (trx) => {
    const userId = await consumeEmailToken(trx, token, 'verify_email', now);
    if (!userId) throw new AppError('TOKEN_INVALID');
    await markEmailVerified(trx, userId, now);
  });
}

/** Sends a new verification link to an unverified account. Answers the same for any address. */
export async function resendVerification(deps: AccountDeps, input: { email: string; locale: string }): Promise<void> {
  const { db, now, publicUrl } = deps;
  await db.transaction().execute(async (trx) => {
    const user = await findUserByEmail(trx, input.email);
    if (!user || user.email_verified_at) return;
    const token = await createEmailToken(trx, user.id, 'verify_email', now);
    const link = siteLink(publicUrl, '/auth/verify', { token }, input.locale);
    await enqueueMail(trx, 'verify_email', user.email, verifyEmailMail(input.locale, { link }, footerOf(deps)), now);
  });
}

/**
 * The password step of a sign-in. An account with two-factor sign-in gets no session yet but a challenge
 * for the code step (two-factor/sign-in-step.ts, ADR 041). An admin's sign-in, and a wrong password for
 * an admin's address, are in the audit trail (never the password tried).
 */
export async function signIn(
  deps: AccountDeps,
  input: { email: string; password: string },
): Promise<{ token: string; expiresAt: Date; user: SessionUser } | { challenge: string }> {
  const { db, now, logger, ip } = deps;
  const user = await findUserByEmail(db, input.email);
  const valid = user ? await verifyPassword(user.password_hash, input.password) : await verifyAgainstDummy(input.password);
  if (!user || !valid) {
    if (user && (await isAdmin(db, user.id, logger)))
      await recordAudit(
        db,
        signInActor(user, ip),
        { action: 'admin.sign_in_failed', objectType: 'user', objectId: user.id, detail: { reason: 'password' } },
        now,
      );
    throw new AppError('INVALID_CREDENTIALS', 'Invalid login credentials');
  }
  // Only after the password is right may the answer reveal that the address is unconfirmed.
  if (!user.email_verified_at) throw new AppError('EMAIL_NOT_VERIFIED', 'Email not confirmed');
  if (await hasTwoFactor(db, user.id)) return { challenge: await createChallenge(db, user.id, now) };
  const admin = await isAdmin(db, user.id, logger);
  const { token, session } = await db.transaction().execute(async (trx) => {
    const created = await createSession(trx, user.id, now);
    if (admin)
      await recordAudit(
        trx,
        signInActor(user, ip),
        { action: 'admin.signed_in', objectType: 'user', objectId: user.id, detail: { method: 'password' } },
        now,
      );
    return created;
  });
  return { token, expiresAt: session.expiresAt, user: await toSessionUser(db, user, logger, deps.adminTwoFactorRequired) };
}

/** Mails a link to set a new password. Answers the same whether or not the address has an account. */
export async function requestPasswordReset(deps: AccountDeps, input: { email: string; locale: string }): Promise<void> {
  const { db, now, publicUrl } = deps;
  await db.transaction().execute(async (trx) => {
    const user = await findUserByEmail(trx, input.email);
    if (!user) return;
    const token = await createEmailToken(trx, user.id, 'reset_password', now);
    const link = siteLink(publicUrl, '/auth/reset', { token }, input.locale);
    await enqueueMail(
      trx,
      'reset_password',
      user.email,
      resetPasswordMail(input.locale, { firstName: user.email_verified_at ? user.first_name : null, link }, footerOf(deps)),
      now,
    );
  });
}

/**
 * Sets a new password from a reset link and ends every session of the user (a thief signed in with
 * the old password is signed out) and any e-mail change waiting for its link, and the session the
 * request came with, whoever's it is: a session from before the reset is not carried over, the visitor
 * signs in with the new password. The link proves the address, so an unverified account is verified.
 */
export async function resetPassword(
  deps: AccountDeps,
  input: { token: string; password: string },
  requestSessionId?: string,
): Promise<void> {
  const { db, now } = deps;
  // Hashing is expensive: only for a token that can work (the transaction below still decides).
  if (!(await isEmailTokenUsable(db, input.token, 'reset_password', now))) throw new AppError('TOKEN_INVALID');
  const passwordHash = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    const userId = await consumeEmailToken(trx, input.token, 'reset_password', now);
    if (!userId || !(await findUserById(trx, userId))) throw new AppError('TOKEN_INVALID');
    await setPasswordHash(trx, userId, passwordHash, now);
    await markEmailVerified(trx, userId, now);
    await invalidateUserSessions(trx, userId);
    if (requestSessionId) await invalidateSession(trx, requestSessionId);
    // The notice of an e-mail change says to reset the password if it was not you: the change's link,
    // mailed to someone else's address, stops working too.
    await retireEmailTokens(trx, userId, ['change_email'], now);
  });
}
