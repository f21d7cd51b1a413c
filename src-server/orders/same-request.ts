import type { CheckoutShipping } from '@shared/schemas/checkout';
import type { Db } from '../db/connect';
import type { OrderRow } from '../db/schema';

type OrderRequest = { shipping: CheckoutShipping; lines: ReadonlyArray<{ variantId: string; quantity: number }> };

/**
 * Whether a request that repeats an order's idempotency key asks for that same order: the address and
 * the lines (variant and quantity, duplicates summed as pricing sums them). A key sent again with
 * another address or cart (an attempt that failed, then a changed form) must not return the first
 * order, which would be paid for and shipped as it was.
 */
export async function isSameOrderRequest(db: Db, order: OrderRow, request: OrderRequest): Promise<boolean> {
  const { shipping } = request;
  const sameAddress =
    order.email === shipping.email &&
    order.first_name === shipping.firstName &&
    order.last_name === shipping.lastName &&
    (order.phone ?? null) === (shipping.phone ?? null) &&
    order.address === shipping.address &&
    order.city === shipping.city &&
    order.postal_code === shipping.postalCode &&
    order.country === shipping.country;
  if (!sameAddress) return false;
  const stored = await db.selectFrom('order_items').select(['variant_id', 'quantity']).where('order_id', '=', order.id).execute();
  return sameQuantities(
    stored.map((item) => ({ variantId: item.variant_id, quantity: item.quantity })),
    request.lines,
  );
}

function quantitiesByVariant(lines: OrderRequest['lines']): Map<string, number> {
  const sums = new Map<string, number>();
  for (const line of lines) sums.set(line.variantId, (sums.get(line.variantId) ?? 0) + line.quantity);
  return sums;
}

function sameQuantities(a: OrderRequest['lines'], b: OrderRequest['lines']): boolean {
  const left = quantitiesByVariant(a);
  const right = quantitiesByVariant(b);
  return left.size === right.size && [...left].every(([variantId, quantity]) => right.get(variantId) === quantity);
}
