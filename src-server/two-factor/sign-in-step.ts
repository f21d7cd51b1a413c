/**
 * The second step of a sign-in (ADR 041): the challenge the password step handed out, and a code. A
 * right code makes the session; the challenge is then used up. Wrong codes count against the account
 * (rate-limits.ts), whoever types them; an admin's wrong code is in the audit trail.
 */
import { AppError } from '../app-error';
import { type AuditActor, recordAudit } from '../audit/record';
import { isAdmin } from '../auth/roles';
import { createSession } from '../auth/session';
import { findUserById } from '../auth/users';
import type { Db } from '../db/connect';
import type { UserRow } from '../db/schema';
import type { Logger } from '../lib/logger';
import { challengeUser, consumeChallenge } from './challenges';
import { checkCodeWithinLimit, type SecondFactorMethod, spendSecondFactor } from './verify-code';

export type SignInStepDeps = { db: Db; now: Date; logger: Logger; ip: string };

/** The actor of a sign-in's audit entry: the account signing in, from the request's IP. */
export const signInActor = (user: Pick<UserRow, 'id' | 'email'>, ip: string): AuditActor => ({ id: user.id, email: user.email, ip });

export async function completeSignIn(
  deps: SignInStepDeps,
  input: { challenge: string; code: string },
): Promise<{ token: string; expiresAt: Date; user: UserRow }> {
  const { db, now, logger, ip } = deps;
  const userId = await challengeUser(db, input.challenge, now);
  const user = userId ? await findUserById(db, userId) : undefined;
  if (!user) throw new AppError('SIGN_IN_EXPIRED');
  const admin = await isAdmin(db, user.id, logger);

  const outcome = await checkCodeWithinLimit(db, user.id, now, () =>
    db.transaction().execute(async (trx) => {
      const method: SecondFactorMethod | null = await spendSecondFactor(trx, user.id, input.code, now);
      if (!method) return null;
      // A double submit of the same right code: the second finds the challenge used (and the code too).
      if (!(await consumeChallenge(trx, input.challenge, now))) return { kind: 'expired' as const };
      const { token, session } = await createSession(trx, user.id, now);
      if (admin)
        await recordAudit(
          trx,
          signInActor(user, ip),
          { action: 'admin.signed_in', objectType: 'user', objectId: user.id, detail: { method } },
          now,
        );
      return { kind: 'session' as const, token, expiresAt: session.expiresAt };
    }),
  );
  if (outcome === null) {
    if (admin)
      await recordAudit(
        db,
        signInActor(user, ip),
        { action: 'admin.sign_in_failed', objectType: 'user', objectId: user.id, detail: { reason: 'code' } },
        now,
      );
    throw new AppError('TWO_FACTOR_CODE_INVALID');
  }
  if (outcome.kind === 'expired') throw new AppError('SIGN_IN_EXPIRED');
  return { token: outcome.token, expiresAt: outcome.expiresAt, user };
}
