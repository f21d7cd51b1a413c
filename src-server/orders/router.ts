import { cancelOrderSchema, checkoutStatusSchema, createOrderSchema, type CreatedOrder, type MyOrder } from '@shared/schemas/checkout';
import { type AdminOrderList, orderListSchema } from '@shared/schemas/orders-admin';
import { AppError } from '../app-error';
import { requestActor } from '../audit/record';
import { adminProcedure, authedProcedure, enforceRateLimit, queuesMail, router } from '../trpc';
import { listOrdersForAdmin } from './admin-list';
import { cancelPaidOrder } from './cancel-order';
import { orderCheckoutStatus } from './checkout-status';
import { createOrder } from './create-order';
import { listOrdersOfUser } from './queries';

/** Each order becomes a Printful draft: a generous limit for a buyer, a wall for a script. */
const ORDERS_PER_USER = { name: 'orders-create-user', limit: 20, windowMs: 60 * 60_000 };

export const ordersRouter = router({
  /** Places an order from the cart (signed-in, verified users; only while SHOP_ORDERS_ENABLED=true). */
  create: authedProcedure
    // Before the input is read: while the shop is closed, every order is refused the same way.
    .use(({ ctx, next }) => {
      if (!ctx.config.shopOrdersEnabled) throw new AppError('ORDERS_DISABLED');
      return next();
    })
    .use(queuesMail)
    .input(createOrderSchema)
    .mutation(async ({ ctx, input }): Promise<CreatedOrder> => {
      await enforceRateLimit(ctx, ORDERS_PER_USER, ctx.user.id);
      return createOrder(ctx, ctx.user, input);
    }),

  /** What became of the buyer's Checkout session, for the thank-you page (the order row decides, never the URL). */
  checkoutStatus: authedProcedure
    .input(checkoutStatusSchema)
    .query(({ ctx, input }) => orderCheckoutStatus(ctx, ctx.user.id, input.sessionId)),

  /** The signed-in user's orders with their status. */
  mine: authedProcedure.query(({ ctx }): Promise<MyOrder[]> => listOrdersOfUser(ctx.db, ctx.user.id)),

  /** /orders-admin (admins): a page of orders, newest first, by status and a search on e-mail or number, with lines, address and totals. */
  adminList: adminProcedure
    .input(orderListSchema)
    .query(({ ctx, input: { page, ...filter } }): Promise<AdminOrderList> => listOrdersForAdmin(ctx, filter, page)),

  /** Cancels a paid order (admins): Printful cancel while not in production, Stripe refund, mail to the buyer. */
  cancel: adminProcedure
    .use(queuesMail)
    .input(cancelOrderSchema)
    .mutation(({ ctx, input }) => cancelPaidOrder(ctx, requestActor(ctx), input.orderNumber)),
});
