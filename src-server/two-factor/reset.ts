import { CLI_ACTOR, recordAudit } from '../audit/record';
import type { Db } from '../db/connect';
import type { UserRow } from '../db/schema';
import { deleteTwoFactor } from './secrets';

/**
 * The operator's way out for a lost phone without recovery codes (`npm run cli -- admin:reset-2fa E`):
 * the second factor and its recovery codes go, the account signs in with the password alone (and, with
 * ADMIN_2FA_REQUIRED, sets up a new one first). Audited; says whether there was anything to remove.
 */
export async function resetTwoFactor(db: Db, user: Pick<UserRow, 'id' | 'email'>, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const had = await deleteTwoFactor(trx, user.id);
    if (had)
      await recordAudit(
        trx,
        CLI_ACTOR,
        { action: 'twofactor.reset', objectType: 'user', objectId: user.id, detail: { email: user.email } },
        now,
      );
    return had;
  });
}
