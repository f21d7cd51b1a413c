/**
 * Recovery codes: ten single-use codes shown once when two-factor sign-in is turned on, for a lost
 * phone. Each is 80 random bits (16 base32 characters, shown in groups of four); only its SHA-256 is
 * stored, like a session's secret (auth/session.ts): a guess is hopeless, so no slow hash is needed.
 */
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { normalizeRecoveryCode } from '@shared/schemas/two-factor';
import { hashSecret } from '../auth/random-token';
import type { Db } from '../db/connect';
import { lockRow } from '../db/row-lock';
import { newId } from '../lib/ids';

export const RECOVERY_CODE_COUNT = 10;

function newRecoveryCode(): string {
  const bytes = new Uint8Array(10);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes).match(/.{4}/g)?.join('-') ?? '';
}

/**
 * Replaces the user's codes with ten new ones and returns them in clear (the only time they exist so).
 * Call it inside a transaction: it holds the user's row until that ends, so that two renewals at once
 * (two tabs, two servers) run one after the other and exactly the last one's ten codes remain.
 */
export async function replaceRecoveryCodes(db: Db, userId: string, now: Date): Promise<string[]> {
  await lockRow(db, 'users', userId);
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db
    .insertInto('two_factor_recovery_codes')
    .values(
      codes.map((code) => ({
        id: newId(),
        user_id: userId,
        code_hash: hashSecret(normalizeRecoveryCode(code)),
        created_at: now.toISOString(),
        used_at: null,
      })),
    )
    .execute();
  return codes;
}

/** Uses up a code (given normalized); says whether it was one of the user's unused codes. */
export async function spendRecoveryCode(db: Db, userId: string, code: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hashSecret(code))
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
