/**
 * The withdrawal button (§ 356a BGB, ADR 027): a declaration names an order and the e-mail address it
 * was placed with; only then is it stored and the receipt queued, to that address only, so the form
 * cannot be used to send mail to strangers. A second declaration for the same order keeps the first
 * one's row and is answered with the same receipt (its time of receipt is the first one's).
 *
 * What the order's status allows (§ 355, § 356a BGB): an order cancelled before anything was paid, or
 * cancelled and refunded, has no contract left to withdraw from and no goods to send back: refused with
 * WITHDRAWAL_ORDER_CANCELLED, nothing stored or sent. An order still waiting for its payment is accepted
 * (the buyer may withdraw their order itself, and a SEPA debit may still arrive) with a receipt that says
 * nothing was sent, instead of asking for the goods back. Every other order is accepted as before. The
 * first declaration of an order also tells the team (CONTACT_INBOX): the 14 days for the refund run.
 */
import type { WithdrawalDeclaration, WithdrawalReceipt } from '@shared/schemas/withdrawal';
import { AppError } from '../app-error';
import type { Db } from '../db/connect';
import type { OrderRow, WithdrawalRow } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { newId } from '../lib/ids';
import type { Logger } from '../lib/logger';
import type { MailFooter } from '../mail/footer';
import { enqueueMail } from '../mail/outbox';
import { lockedOrder } from '../orders/order-lock';
import { enqueueTeamMail, type TeamMail, withdrawalTeamMail } from '../orders/team-mails';
import { type ReturnNeed, withdrawalReceiptMail } from './mails';

export type WithdrawalDeps = {
  db: Db;
  now: Date;
  logger: Logger;
  footer: MailFooter;
  /** The association's address, named in the refusal so a customer who cannot find their order can write. */
  contactEmail: string;
  returnAddress: string;
  /** Where the team hears of a new withdrawal (CONTACT_INBOX). */
  team: TeamMail;
};

/** Called off before any goods went out: not paid at all, or paid and refunded by an admin. Nothing to withdraw from. */
const CANCELLED_STATUSES: ReadonlySet<OrderRow['status']> = new Set(['cancelled', 'refunded']);

/** Whether a new declaration for the order is accepted (else WITHDRAWAL_ORDER_CANCELLED). */
export function acceptsWithdrawal(order: Pick<OrderRow, 'status'>): boolean {
  return !CANCELLED_STATUSES.has(order.status);
}

/**
 * Whether "Meine Bestellungen" offers the buyer to withdraw (`MyOrder.withdrawable`): a declaration would
 * be accepted, none was made yet, and the order is a real one. A demo order's declaration is accepted
 * (the public form does not single it out, and its receipt asks for nothing back), but the order was
 * never made or charged: offering a withdrawal from it is pointless.
 */
export function isWithdrawable(order: Pick<OrderRow, 'status'>, withdrawnAt: string | null): boolean {
  return withdrawnAt === null && order.status !== 'demo' && acceptsWithdrawal(order);
}

/**
 * What the buyer has to send back, by the order's status (the receipt and the team's mail say it):
 * nothing for an order waiting for its online payment or given up before any came, or a demo-shop order
 * (neither made nor charged); nothing either for one called off before anything was made (cancelled or
 * refunded with money in: the money goes back); the goods for every other. (An order paid by arrangement
 * has no `paid_at` either, but may be on its way.)
 */
function returnNeedOf(order: Pick<OrderRow, 'status' | 'paid_at'>): ReturnNeed {
  if (order.status === 'demo') return 'nothing_paid';
  if (order.paid_at === null && (order.status === 'pending_payment' || order.status === 'cancelled')) return 'nothing_paid';
  if (order.status === 'cancelled' || order.status === 'refunded') return 'stopped';
  return 'goods';
}

/** Not handed to Printful yet: a withdrawal now stops it there (holdBeforePrintful). */
const NOT_AT_PRINTFUL_YET: ReadonlyArray<OrderRow['status']> = ['pending_provider', 'provider_failed'];

/**
 * A paid order the buyer withdraws before it went to Printful is not made at all: it is cancelled at once,
 * its payment kept recorded, so /orders-admin offers "Stornieren und erstatten" (cancel-order.ts). Also
 * while the order worker is waiting to try again, or handing it over this very moment: an order the worker
 * then finds cancelled has its new Printful order cancelled there at once (submission.ts). An order paid by
 * arrangement is not held: it becomes a draft the team confirms only after the money came, and a draft is
 * never made. True when it was held.
 */
async function holdBeforePrintful(trx: Db, orderId: string, now: Date): Promise<boolean> {
  const nowIso = now.toISOString();
  const held = await trx
    .updateTable('orders')
    .set({ status: 'cancelled', cancelled_at: nowIso, next_attempt_at: null, updated_at: nowIso })
    .where('id', '=', orderId)
    .where('status', 'in', NOT_AT_PRINTFUL_YET)
    .where('paid_at', 'is not', null)
    .executeTakeFirst();
  return Number(held.numUpdatedRows) > 0;
}

export async function declareWithdrawal(deps: WithdrawalDeps, input: WithdrawalDeclaration): Promise<WithdrawalReceipt> {
  const { db, now, logger } = deps;
  const found = await db.selectFrom('orders').select(['id', 'email']).where('order_number', '=', input.orderNumber).executeTakeFirst();
  // One answer for "no such order" and "not this address": the form must not tell which order numbers exist.
  if (!found || found.email.trim().toLowerCase() !== input.email) {
    throw new AppError('WITHDRAWAL_ORDER_UNKNOWN', 'no order with this number and e-mail address', { email: deps.contactEmail });
  }

  const row = await db
    .transaction()
    .execute(async (trx) => {
      // What the declaration does depends on the order's status and payment as they are now: read with the
      // order's row locked (orders/order-lock.ts), so that its payment arriving at this very moment (the
      // webhook, the reconciler) either committed before, and this holds the paid order, or waits for this
      // declaration, and then finds it and keeps the order off (payment-webhook.ts keepPaidOrderOff).
      const order = await lockedOrder(trx, 'id', found.id);
      if (!order) throw new AppError('WITHDRAWAL_ORDER_UNKNOWN', 'the order is gone', { email: deps.contactEmail });
      let returnNeed = returnNeedOf(order);
      let stored = await trx.selectFrom('withdrawals').selectAll().where('order_id', '=', order.id).executeTakeFirst();
      if (!stored) {
        // Only a new declaration is refused: one already stored is answered with its receipt again, whatever
        // became of the order since (it may well have been refunded because of it).
        if (!acceptsWithdrawal(order)) {
          throw new AppError('WITHDRAWAL_ORDER_CANCELLED', `order is ${order.status}: nothing to withdraw from`, {
            email: deps.contactEmail,
          });
        }
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
        if (NOT_AT_PRINTFUL_YET.includes(order.status) && order.paid_at !== null && (await holdBeforePrintful(trx, order.id, now))) {
          returnNeed = 'stopped';
          logger.info('withdrawn order held before Printful', { orderNumber: order.order_number });
        }
        // The first declaration only: a repeated one (a lost receipt) is no news to the team.
        // A demo order is nothing the team has to refund or stop.
        if (order.status !== 'demo') {
          const status = returnNeed === 'stopped' ? ('cancelled' as const) : order.status;
          const mail = withdrawalTeamMail(
            { ...order, status, paidOnline: order.paid_at !== null },
            stored.created_at,
            returnNeed,
            deps.team,
          );
          await enqueueTeamMail(trx, deps.team, mail, now);
        }
      }
      await enqueueReceipt(trx, deps, order.email, stored, returnNeed, now);
      return stored;
    })
    .catch(async (error: unknown) => {
      // Two declarations at the same moment: the other one's row stands, and its receipt went out with it.
      if (!isUniqueViolation(error)) throw error;
      return db.selectFrom('withdrawals').selectAll().where('order_id', '=', found.id).executeTakeFirstOrThrow();
    });
  logger.info('withdrawal declared', { orderNumber: row.order_number, receivedAt: row.created_at });
  return { orderNumber: row.order_number, receivedAt: row.created_at };
}

function enqueueReceipt(db: Db, deps: WithdrawalDeps, to: string, row: WithdrawalRow, returnNeed: ReturnNeed, now: Date) {
  const mail = withdrawalReceiptMail(
    row.locale,
    {
      orderNumber: row.order_number,
      name: row.name,
      email: row.email,
      message: row.message,
      receivedAt: row.created_at,
      returnAddress: deps.returnAddress,
      returnNeed,
    },
    deps.footer,
  );
  // To the order's own address (equal to the declared one, but taken from the order on purpose).
  return enqueueMail(db, 'withdrawal_receipt', to, mail, now);
}
