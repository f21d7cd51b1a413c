/**
 * /orders-admin's list over real HTTP (orders.adminList): each order with its lines, shipping address,
 * totals, payment and Printful state and the link to Printful's dashboard; the status filter, the
 * search by e-mail or order number (case-insensitive, `%` and `_` taken literally), newest first, pages;
 * and that only admins get any of it. Orders are written straight into the tables: this is about what
 * the operators see, not about checkout (orders.test.ts, shop-payments.test.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminOrderList } from '@shared/schemas/orders-admin';
import { ORDERS_PAGE_SIZE } from '@server/orders/admin-list';
import { signedInUser } from '../support/accounts';
import { trpcQuery } from '../support/http';
import { insertStoredOrder } from '../support/orders';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function adminApp() {
  app = await startTestApp();
  const { cookie } = await signedInUser(app, { admin: true });
  return { app, cookie };
}

async function list(target: TestApp, cookie: string | undefined, input: unknown) {
  const { status, body } = await trpcQuery(target.url, 'orders.adminList', input, { cookie });
  return { status, appCode: body.error?.data.appCode ?? null, data: body.result?.data as AdminOrderList };
}

/**
 * Three orders, oldest first: a draft at Printful (two lines, payment by arrangement), one paid through
 * Stripe and confirmed at Printful, one still waiting for Printful whose buyer's address holds a `%`.
 */
async function seedOrders(target: TestApp) {
  await insertStoredOrder(
    target.db,
    {
      id: 'o1',
      order_number: 'SB-260301-AAAAA',
      user_id: null,
      email: 'ada@example.org',
      created_at: '2026-03-01T10:00:00.000Z',
      status: 'submitted',
      printful_order_id: '11360229',
      printful_status: 'draft',
      subtotal_cents: 2500 + 2 * 1290,
      shipping_cents: 499,
      total_cents: 2500 + 2 * 1290 + 499,
    },
    { name: 'SchoolBox T-Shirt', color: 'Blau', size: 'M', unit_price_cents: 2500, quantity: 1 },
  );
  await target.db
    .insertInto('order_items')
    .values({
      id: 'o1-item-2',
      order_id: 'o1',
      position: 1,
      product_id: 'mug',
      variant_id: 'mug-11',
      name: 'SchoolBox Mug',
      color: 'White',
      size: '11oz',
      image: null,
      unit_price_cents: 1290,
      quantity: 2,
    })
    .execute();
  await insertStoredOrder(target.db, {
    id: 'o2',
    order_number: 'SB-260302-BBBBB',
    user_id: null,
    email: 'bob@example.org',
    first_name: 'Bob',
    last_name: 'Builder',
    address: 'Rue de Rivoli 1',
    city: 'Paris',
    postal_code: '75001',
    country: 'FR',
    created_at: '2026-03-02T10:00:00.000Z',
    status: 'confirmed',
    printful_order_id: '22',
    printful_status: 'pending',
    stripe_session_id: 'cs_test_2',
    paid_at: '2026-03-02T10:01:00.000Z',
  });
  await insertStoredOrder(target.db, {
    id: 'o3',
    order_number: 'SB-260303-CCCCC',
    user_id: null,
    email: '100%_ada@example.org',
    created_at: '2026-03-03T10:00:00.000Z',
    status: 'pending_provider',
    last_error: 'Printful answered 503',
  });
}

describe('orders.adminList', () => {
  it('is for admins only: 401 signed out, 403 for a plain user', async () => {
    const { app } = await adminApp();
    await seedOrders(app);
    const user = await signedInUser(app);
    expect(await list(app, undefined, {})).toMatchObject({ status: 401, appCode: 'UNAUTHENTICATED', data: undefined });
    expect(await list(app, user.cookie, {})).toMatchObject({ status: 403, appCode: 'FORBIDDEN', data: undefined });
  });

  it('shows each order newest first with its lines, address, totals, payment, Printful state and dashboard link', async () => {
    const { app, cookie } = await adminApp();
    await seedOrders(app);
    const { status, data } = await list(app, cookie, {});
    expect(status).toBe(200);
    expect(data).toMatchObject({ page: 1, pageSize: ORDERS_PAGE_SIZE, total: 3 });
    expect(data.orders.map((order) => order.orderNumber)).toEqual(['SB-260303-CCCCC', 'SB-260302-BBBBB', 'SB-260301-AAAAA']);

    const draft = data.orders.find((order) => order.orderNumber === 'SB-260301-AAAAA');
    expect(draft).toMatchObject({
      status: 'submitted',
      payment: 'arrangement',
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      phone: '+49 221 123456',
      address: { street: 'Domkloster 4', postalCode: '50667', city: 'Köln', country: 'DE' },
      subtotalCents: 5080,
      shippingCents: 499,
      totalCents: 5579,
      itemCount: 3,
      lines: [
        { name: 'SchoolBox T-Shirt', color: 'Blau', size: 'M', quantity: 1, unitPriceCents: 2500 },
        { name: 'SchoolBox Mug', color: 'White', size: '11oz', quantity: 2, unitPriceCents: 1290 },
      ],
      printfulOrderId: '11360229',
      printfulStatus: 'draft',
      printfulUrl: 'https://www.printful.com/dashboard/default/orders?order_id=11360229',
    });
    expect(data.orders.find((order) => order.orderNumber === 'SB-260302-BBBBB')).toMatchObject({
      status: 'confirmed',
      payment: 'paid',
      paidAt: '2026-03-02T10:01:00.000Z',
      address: { street: 'Rue de Rivoli 1', postalCode: '75001', city: 'Paris', country: 'FR' },
      printfulUrl: 'https://www.printful.com/dashboard/default/orders?order_id=22',
    });
    // No Printful order yet: no link, and the error that keeps it waiting.
    expect(data.orders.find((order) => order.orderNumber === 'SB-260303-CCCCC')).toMatchObject({
      status: 'pending_provider',
      printfulOrderId: null,
      printfulUrl: null,
      lastError: 'Printful answered 503',
    });
  });

  it('narrows by status and by a search on e-mail or order number, case-insensitive, wildcards taken literally', async () => {
    const { app, cookie } = await adminApp();
    await seedOrders(app);
    const numbers = async (input: Record<string, unknown>) => {
      const { status, data } = await list(app, cookie, input);
      expect(status, JSON.stringify(input)).toBe(200);
      return data.orders.map((order) => order.orderNumber);
    };
    expect(await numbers({ status: 'confirmed' })).toEqual(['SB-260302-BBBBB']);
    expect(await numbers({ status: 'refunded' })).toEqual([]);
    expect(await numbers({ search: 'BOB@Example' })).toEqual(['SB-260302-BBBBB']);
    expect(await numbers({ search: 'ada@' })).toEqual(['SB-260303-CCCCC', 'SB-260301-AAAAA']);
    expect(await numbers({ search: 'sb-260301' })).toEqual(['SB-260301-AAAAA']);
    expect(await numbers({ search: '  ccccc ' })).toEqual(['SB-260303-CCCCC']);
    // `%` and `_` are characters to find, not wildcards.
    expect(await numbers({ search: '100%_' })).toEqual(['SB-260303-CCCCC']);
    expect(await numbers({ search: '%' })).toEqual(['SB-260303-CCCCC']);
    expect(await numbers({ search: 'b_b' })).toEqual([]);
    expect(await numbers({ search: 'ada', status: 'submitted' })).toEqual(['SB-260301-AAAAA']);
    // An empty search is no search.
    expect(await numbers({ search: '' })).toHaveLength(3);
  });

  it('pages a long list, the total counting every match', async () => {
    const { app, cookie } = await adminApp();
    const count = ORDERS_PAGE_SIZE + 2;
    for (let index = 0; index < count; index++) {
      const day = String(index).padStart(2, '0');
      await insertStoredOrder(app.db, {
        id: `p${index}`,
        order_number: `SB-2603${day}-P${day}`,
        user_id: null,
        email: `buyer${index}@example.org`,
        created_at: `2026-01-01T00:${day}:00.000Z`,
      });
    }
    const first = (await list(app, cookie, {})).data;
    expect(first).toMatchObject({ total: count, page: 1 });
    expect(first.orders).toHaveLength(ORDERS_PAGE_SIZE);
    expect(first.orders[0]?.email).toBe(`buyer${count - 1}@example.org`);
    const second = (await list(app, cookie, { page: 2 })).data;
    expect(second.orders.map((order) => order.email)).toEqual(['buyer1@example.org', 'buyer0@example.org']);
  });

  it('refuses a malformed filter', async () => {
    const { app, cookie } = await adminApp();
    for (const input of [{ status: 'shipped' }, { page: 0 }, { search: 'x'.repeat(255) }, { search: 42 }]) {
      expect((await list(app, cookie, input)).status, JSON.stringify(input)).toBe(400);
    }
  });
});
