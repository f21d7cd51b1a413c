/**
 * The withdrawal button (§ 356a BGB, ADR 027): a declaration names an order and the e-mail address it
 * was placed with; only then is it stored and the receipt queued, to that address only, so the form
 * cannot be used to send mail to strangers. A second declaration for the same order keeps the first
 * one's row and is answered with the same receipt (its time of receipt is the first one's).
 */
import type { WithdrawalDeclaration, WithdrawalReceipt } from '@shared/schemas/withdrawal';
import { AppError } from '../app-error';
import type { Db } from '../db/connect';
import type { WithdrawalRow } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { newId } from '../lib/ids';
import type { Logger } from '../lib/logger';
import type { MailFooter } from '../mail/footer';
import { enqueueMail } from '../mail/outbox';
import { withdrawalReceiptMail } from './mails';

export type WithdrawalDeps = {
  db: Db;
  now: Date;
  logger: Logger;
  footer: MailFooter;
  /** The association's address, named in the refusal so a customer who cannot find their order can write. */
  contactEmail: string;
  returnAddress: string;
};

export async function declareWithdrawal(deps: WithdrawalDeps, input: WithdrawalDeclaration): Promise<WithdrawalReceipt> {
  const { db, now, logger } = deps;
  const order = await db
    .selectFrom('orders')
    .select(['id', 'order_number', 'email'])
    .where('order_number', '=', input.orderNumber)
    .executeTakeFirst();
  // One answer for "no such order" and "not this address": the form must not tell which order numbers exist.
  if (!order || order.email.trim().toLowerCase() !== input.email) {
    throw new AppError('WITHDRAWAL_ORDER_UNKNOWN', 'no order with this number and e-mail address', { email: deps.contactEmail });
  }

  const row = await db
    .transaction()
    .execute(async (trx) => {
      let stored = await trx.selectFrom('withdrawals').selectAll().where('order_id', '=', order.id).executeTakeFirst();
      if (!stored) {
        stored = await trx
          .insertInto('withdrawals')
          .values({
            id: newId(),
            order_id: order.id,
            order_number: order.order_number,
            name: input.name,
            email: input.email,
            message: input.message || null,
            locale: input.locale,
            created_at: now.toISOString(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      }
      await enqueueReceipt(trx, deps, order.email, stored, now);
      return stored;
    })
    .catch(async (error: unknown) => {
      // Two declarations at the same moment: the other one's row stands, and its receipt went out with it.
      if (!isUniqueViolation(error)) throw error;
      return db.selectFrom('withdrawals').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    });
  logger.info('withdrawal declared', { orderNumber: row.order_number, receivedAt: row.created_at });
  return { orderNumber: row.order_number, receivedAt: row.created_at };
}

function enqueueReceipt(db: Db, deps: WithdrawalDeps, to: string, row: WithdrawalRow, now: Date) {
  const mail = withdrawalReceiptMail(
    row.locale,
    {
      orderNumber: row.order_number,
      name: row.name,
      email: row.email,
      message: row.message,
      receivedAt: row.created_at,
      returnAddress: deps.returnAddress,
    },
    deps.footer,
  );
  // To the order's own address (equal to the declared one, but taken from the order on purpose).
  return enqueueMail(db, 'withdrawal_receipt', to, mail, now);
}
