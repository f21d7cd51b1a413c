import type { Db } from './connect';

/**
 * Holds the row `id` of `table` until the transaction `trx` ends, so that a second transaction that asks
 * for the same row waits for the first to finish, and then reads what it wrote: for a read-then-write of
 * several rows (delete all of a user's codes, insert new ones) that must not interleave with another.
 * PostgreSQL: SELECT … FOR NO KEY UPDATE, which two holders take in turn but which lets others go on
 * referencing the row meanwhile. FOR UPDATE would stop them: a sign-in that spent a recovery code (its
 * row locked) and then makes a session (a reference to the user) would wait for a renewal that holds the
 * user and waits for that code, a deadlock. SQLite knows no row locks and needs none: its transactions
 * begin IMMEDIATE, so a second writer waits for the whole first transaction anyway, and its query
 * compiler leaves the clause out (sqlite-dialect.ts). orders/order-lock.ts reads an order the same way.
 */
export async function lockRow(trx: Db, table: 'users', id: string): Promise<void> {
  await trx.selectFrom(table).select('id').where('id', '=', id).forNoKeyUpdate().execute();
}
