import type { Db } from '@server/db/connect';
import type { NewOrder, NewOrderItem } from '@server/db/schema';
import { signedInUser } from './accounts';
import type { TestRuntime } from './test-runtime';

/**
 * An order written straight into the tables as checkout writes it, with one line (the shop's provider
 * plays no part): for tests about what happens to stored orders (export, deletion, retention).
 */
export async function insertStoredOrder(
  db: Db,
  order: Pick<NewOrder, 'id' | 'order_number' | 'user_id' | 'email' | 'created_at'> & Partial<NewOrder>,
  item: Partial<NewOrderItem> = {},
): Promise<string> {
  await db
    .insertInto('orders')
    .values({
      idempotency_key: `key-${order.id}`,
      status: 'submitted',
      locale: 'de',
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '+49 221 123456',
      address: 'Domkloster 4',
      city: 'Köln',
      postal_code: '50667',
      country: 'DE',
      currency: 'EUR',
      subtotal_cents: 2500,
      shipping_cents: 499,
      total_cents: 2999,
      printful_order_id: null,
      printful_status: null,
      next_attempt_at: null,
      last_error: null,
      updated_at: order.created_at,
      ...order,
    })
    .execute();
  await db
    .insertInto('order_items')
    .values({
      id: `${order.id}-item`,
      order_id: order.id,
      position: 0,
      product_id: 'tshirt',
      variant_id: 'tshirt-m',
      name: 'T-Shirt',
      color: 'Blau',
      size: 'M',
      image: null,
      unit_price_cents: 2500,
      quantity: 1,
      ...item,
    })
    .execute();
  return order.id;
}

/** A valid delivery address for checkout requests in tests. */
export const TEST_SHIPPING = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.org',
  phone: '',
  address: 'Musterstraße 1',
  city: 'Köln',
  postalCode: '50667',
  country: 'DE',
} as const;

/**
 * A signed-in buyer whose account has TEST_SHIPPING's address: an order is placed with the account's
 * address, whatever the form sends (ADR 054), so its mails go there. One per app (the address is unique).
 */
export function signedInBuyer(app: TestRuntime) {
  return signedInUser(app, { email: TEST_SHIPPING.email });
}
