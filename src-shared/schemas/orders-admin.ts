import { ORDER_SEARCH_MAX_LENGTH, ORDER_STATUSES, type OrderPaymentState } from '../order-filters';
import { adminPageSchema } from './admin-page';
import type { OperatorOrder } from './checkout';
import { oneLineText } from './text';
import { z } from './zod';

/** /orders-admin (`orders.adminList`): the orders narrowed by status and a search, a page at a time. */

export const orderFilterSchema = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  /** Part of the buyer's e-mail address or of the order number, case-insensitive; empty means all. */
  search: oneLineText(ORDER_SEARCH_MAX_LENGTH)
    .optional()
    .transform((value) => value || undefined),
});
export type OrderFilter = z.output<typeof orderFilterSchema>;

export const orderListSchema = orderFilterSchema.extend({ page: adminPageSchema });
export type OrderListInput = z.input<typeof orderListSchema>;

/** One order as the admins fulfil it: the list's summary and everything the detail shows. */
export type AdminOrder = OperatorOrder & {
  payment: OrderPaymentState;
  phone: string | null;
  /** The shipping address as the buyer entered it. */
  address: { street: string; postalCode: string; city: string; country: string };
  subtotalCents: number;
  shippingCents: number;
  lines: Array<{ name: string; color: string | null; size: string | null; quantity: number; unitPriceCents: number }>;
  /** The order's page in Printful's dashboard; null while Printful has no order for it. */
  printfulUrl: string | null;
  cancelledAt: string | null;
  refundedAt: string | null;
  /** When a refund of it last failed after Stripe made it (the money is not back; cleared by one that succeeds). */
  refundFailedAt: string | null;
  /** Whether "Stornieren und erstatten" applies (the server's rule, isCancellable in src-server/orders/cancel-order.ts). */
  cancellable: boolean;
};

export type AdminOrderList = {
  orders: AdminOrder[];
  page: number;
  pageSize: number;
  total: number;
};
