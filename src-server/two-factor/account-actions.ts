/**
 * Two-factor sign-in on the account page (ADR 041): set it up (a pending secret shown as a QR code),
 * turn it on with a code of it (the ten recovery codes are shown once), turn it off or renew the
 * recovery codes with the password or a current code. An admin's changes are in the audit trail, in
 * the same transaction as the change.
 */
import type { TwoFactorSetup, TwoFactorStatus } from '@shared/schemas/two-factor';
import { AppError } from '../app-error';
import { type AuditActor, recordAudit } from '../audit/record';
import { requireCurrentPassword } from '../auth/password';
import { isAdmin } from '../auth/roles';
import type { Db } from '../db/connect';
import type { UserRow } from '../db/schema';
import type { Logger } from '../lib/logger';
import { twoFactorFacts } from './facts';
import { qrCodeSvg } from './qr-code';
import { replaceRecoveryCodes } from './recovery-codes';
import { deleteTwoFactor, enableSecret, findTwoFactorSecret, savePendingSecret } from './secrets';
import { newTotpSecret, totpUri } from './totp';
import { checkCodeWithinLimit, spendSecondFactor } from './verify-code';

/** The password or a current code (as parsed by twoFactorProofSchema). */
type Proof = { currentPassword?: string | undefined; code?: string | undefined };

export type TwoFactorDeps = { db: Db; now: Date; logger: Logger; actor: AuditActor; issuer: string; required: boolean };

export async function twoFactorStatus(deps: TwoFactorDeps, user: UserRow): Promise<TwoFactorStatus> {
  return {
    ...(await twoFactorFacts(deps.db, user.id)),
    required: deps.required && (await isAdmin(deps.db, user.id, deps.logger)),
  };
}

/** A new secret, pending until confirmed; starting again replaces an unconfirmed one. */
export async function startSetup(deps: TwoFactorDeps, user: UserRow): Promise<TwoFactorSetup> {
  const existing = await findTwoFactorSecret(deps.db, user.id);
  if (existing?.enabled_at) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
  const secret = newTotpSecret();
  await savePendingSecret(deps.db, user.id, secret, deps.now);
  const uri = totpUri(deps.issuer, user.email, secret);
  return { qrSvg: qrCodeSvg(uri), secret, uri };
}

/**
 * A code of the pending secret turns it on, with the current password: a browser left signed in must not
 * be able to put a stranger's app between the owner and their account (a reset password does not remove
 * it). Answers the ten recovery codes, in clear this once.
 */
export async function confirmSetup(
  deps: TwoFactorDeps,
  user: UserRow,
  input: { code: string; currentPassword: string },
): Promise<{ recoveryCodes: string[] }> {
  const { db, now } = deps;
  const existing = await findTwoFactorSecret(db, user.id);
  if (!existing) throw new AppError('TWO_FACTOR_NOT_ENABLED');
  if (existing.enabled_at) throw new AppError('TWO_FACTOR_ALREADY_ENABLED');
  await requireCurrentPassword(user, input.currentPassword);
  const enabled = await checkCodeWithinLimit(db, user.id, now, () =>
    db.transaction().execute(async (trx) => {
      if (!(await spendSecondFactor(trx, user.id, input.code, now, { allowPending: true }))) return null;
      await enableSecret(trx, user.id, now);
      const recoveryCodes = await replaceRecoveryCodes(trx, user.id, now);
      if (await isAdmin(trx, user.id, deps.logger))
        await recordAudit(trx, deps.actor, { action: 'twofactor.enabled', objectType: 'user', objectId: user.id }, now);
      return { recoveryCodes };
    }),
  );
  if (!enabled) throw new AppError('TWO_FACTOR_CODE_INVALID');
  return enabled;
}

/** The password or a current code (app or recovery) proves it is the owner, not a browser left open. */
async function requireProof(deps: TwoFactorDeps, user: UserRow, proof: Proof): Promise<void> {
  const { db, now } = deps;
  if (!(await findTwoFactorSecret(db, user.id))?.enabled_at) throw new AppError('TWO_FACTOR_NOT_ENABLED');
  if (proof.code !== undefined) {
    const { code } = proof;
    const spent = await checkCodeWithinLimit(db, user.id, now, () => spendSecondFactor(db, user.id, code, now));
    if (spent) return;
    throw new AppError('TWO_FACTOR_CODE_INVALID');
  }
  await requireCurrentPassword(user, proof.currentPassword ?? '');
}

/** Turns it off: the secret, the recovery codes and pending sign-in steps go. */
export async function disable(deps: TwoFactorDeps, user: UserRow, proof: Proof): Promise<void> {
  await requireProof(deps, user, proof);
  await deps.db.transaction().execute(async (trx) => {
    await deleteTwoFactor(trx, user.id);
    if (await isAdmin(trx, user.id, deps.logger))
      await recordAudit(trx, deps.actor, { action: 'twofactor.disabled', objectType: 'user', objectId: user.id }, deps.now);
  });
}

/** Ten new recovery codes; the old ones stop working. */
export async function renewRecoveryCodes(deps: TwoFactorDeps, user: UserRow, proof: Proof): Promise<{ recoveryCodes: string[] }> {
  await requireProof(deps, user, proof);
  const recoveryCodes = await deps.db.transaction().execute((trx) => replaceRecoveryCodes(trx, user.id, deps.now));
  return { recoveryCodes };
}
