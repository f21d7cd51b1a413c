/**
 * A fake Printful v1 API for tests (../shared/reference/printful-api.md §12): store products and
 * their sync variants with offset/limit paging, draft and confirmed orders with Printful's
 * validation errors, 401 for a wrong token, and switches for 429 (with a delay in the Retry-After
 * header and/or the message), 500 with a non-JSON body, and latency. It records every request and
 * the most requests it ever served at once.
 *
 * Server tests start it in-process (startFakePrintful). Browser tests run the production server as a
 * separate process; fake-printful-server.mjs starts this same file on a port, and the test steers it
 * over HTTP under /__fake/ (see handleControl). Self-contained: node:http only, no path aliases.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultFakeCatalog, manyFakeProducts, type FakeProduct, type FakeVariant } from './fake-printful-fixtures';

export type RecordedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | null;
  storeId: string | null;
  body: unknown;
  /** The status the fake answered with. */
  status: number;
};

/** A forced failure for the requests it matches (all, or those whose path starts with `path`). */
export type FaultRule = {
  status: number;
  /** How many matching requests fail; unlimited when left out. */
  times?: number;
  path?: string;
  method?: string;
  /** 429: the delay Printful asks for. */
  retryAfterSeconds?: number;
  /**
   * 429: also send a Retry-After header (v1 may not; the message always carries the delay): true for
   * the same delay, a number for a different one (to tell which of the two a client follows).
   */
  retryAfterHeader?: boolean | number;
};

export type FakeOrder = {
  id: number;
  external_id: string | null;
  store: number;
  status: 'draft' | 'pending' | 'canceled';
  shipping: string;
  created: number;
  updated: number;
  recipient: Record<string, unknown>;
  items: Array<Record<string, unknown>>;
  retail_costs: Record<string, string | null>;
  costs: Record<string, string>;
  dashboard_url: string;
};

export type FakePrintfulOptions = {
  /** The one token it accepts. */
  token?: string;
  /** When set, the token is account-level: store-scoped calls must send this X-PF-Store-Id. */
  storeId?: string | null;
  products?: FakeProduct[];
  port?: number;
  host?: string;
};

export type FakePrintful = {
  url: string;
  port: number;
  token: string;
  requests: RecordedRequest[];
  orders: FakeOrder[];
  /** The most requests that were being answered at the same moment. */
  readonly maxConcurrent: number;
  setProducts(products: FakeProduct[]): void;
  fail(rule: FaultRule): void;
  /** Ends every forced failure. */
  heal(): void;
  setLatency(ms: number): void;
  /** Back to the start: default products, no faults, no latency, no orders, no recorded requests. */
  reset(): void;
  close(): Promise<void>;
};

export const FAKE_PRINTFUL_TOKEN = 'fake-printful-token';
const STORE_ID = 952434;
const MAX_LIMIT = 100;
const DEFAULT_LIMIT = 20;
const STATUS_FILTERS = ['all', 'synced', 'unsynced', 'ignored', 'imported', 'discontinued', 'out_of_stock'];

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly reason: string,
  ) {
    super(message);
  }
}

export async function startFakePrintful(options: FakePrintfulOptions = {}): Promise<FakePrintful> {
  const token = options.token ?? FAKE_PRINTFUL_TOKEN;
  const storeId = options.storeId ?? null;
  const initialProducts = options.products ?? defaultFakeCatalog();
  let products = initialProducts;
  let faults: Array<FaultRule & { left: number }> = [];
  let latencyMs = 0;
  let inFlight = 0;
  let maxConcurrent = 0;
  let nextOrderId = 11_360_229;
  const requests: RecordedRequest[] = [];
  const orders: FakeOrder[] = [];

  function reset() {
    products = initialProducts;
    faults = [];
    latencyMs = 0;
    maxConcurrent = 0;
    requests.length = 0;
    orders.length = 0;
  }

  const fake = {
    requests,
    orders,
    token,
    get maxConcurrent() {
      return maxConcurrent;
    },
    setProducts: (next: FakeProduct[]) => {
      products = next;
    },
    fail: (rule: FaultRule) => void faults.push({ ...rule, left: rule.times ?? Number.POSITIVE_INFINITY }),
    heal: () => {
      faults = [];
    },
    setLatency: (ms: number) => {
      latencyMs = ms;
    },
    reset,
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`fake printful crashed: ${String(error)}`);
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const raw = await readBody(req);
    if (url.pathname.startsWith('/__fake/')) return handleControl(url.pathname, req.method ?? 'GET', raw, res);

    inFlight++;
    maxConcurrent = Math.max(maxConcurrent, inFlight);
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: req.headers.authorization ?? null,
      storeId: (req.headers['x-pf-store-id'] as string | undefined) ?? null,
      body: parseJson(raw),
      status: 0,
    };
    requests.push(recorded);
    try {
      if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
      const answer = answerFor(recorded, raw);
      recorded.status = answer.status;
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
    } finally {
      inFlight--;
    }
  }

  type Answer = { status: number; headers: Record<string, string>; body: string };
  const json = (status: number, payload: Record<string, unknown>, headers: Record<string, string> = {}): Answer => ({
    status,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ code: status, ...payload, extra: [] }),
  });
  const failure = (status: number, message: string, reason: string, headers: Record<string, string> = {}) =>
    json(status, { result: message, error: { reason, message } }, headers);

  function answerFor(request: RecordedRequest, raw: string): Answer {
    const fault = faults.find(
      (rule) => rule.left > 0 && (!rule.path || request.path.startsWith(rule.path)) && (!rule.method || rule.method === request.method),
    );
    if (fault) {
      fault.left--;
      if (fault.status === 429) {
        const seconds = fault.retryAfterSeconds ?? 60;
        const headerSeconds = typeof fault.retryAfterHeader === 'number' ? fault.retryAfterHeader : seconds;
        const headers: Record<string, string> =
          fault.retryAfterHeader === undefined || fault.retryAfterHeader === false
            ? {}
            : { 'retry-after': String(headerSeconds), 'x-ratelimit-policy': '120;w=60;' };
        return failure(
          429,
          `You've recently sent too many requests. Please try again after ${seconds} seconds.`,
          'TooManyRequests',
          headers,
        );
      }
      if (fault.status >= 500)
        return {
          status: fault.status,
          headers: { 'content-type': 'text/html' },
          body: '<html><body><h1>Internal Server Error</h1></body></html>',
        };
      return failure(fault.status, 'Forced failure', 'Forced');
    }
    if (request.authorization !== `Bearer ${token}`) {
      return failure(401, 'The access token provided is invalid.', 'Unauthorized');
    }
    try {
      if (request.path !== '/stores' && storeId !== null) {
        if (!request.storeId)
          throw new HttpError(400, 'This endpoint requires store_id. Provide it in X-PF-Store-Id header.', 'BadRequest');
        if (request.storeId !== storeId) throw new HttpError(404, 'Store not found', 'NotFound');
      }
      const result = route(request, raw);
      return json(200, result);
    } catch (error) {
      if (error instanceof HttpError) return failure(error.status, error.message, error.reason);
      throw error;
    }
  }

  function route(request: RecordedRequest, raw: string): Record<string, unknown> {
    const { method, path, query } = request;
    if (method === 'GET' && path === '/stores') {
      return {
        result: [{ id: STORE_ID, type: 'native', name: 'SchoolBox (fake)' }],
        paging: { total: 1, offset: 0, limit: DEFAULT_LIMIT },
      };
    }
    if (method === 'GET' && path === '/store/products') return listProducts(query);
    let match = /^\/store\/products\/([^/]+)$/.exec(path);
    if (method === 'GET' && match) {
      const product = findProduct(decodeURIComponent(match[1] as string));
      return { result: { sync_product: summary(product), sync_variants: product.variants } };
    }
    match = /^\/store\/variants\/([^/]+)$/.exec(path);
    if (method === 'GET' && match) return { result: findVariant(decodeURIComponent(match[1] as string)) };
    if (method === 'POST' && path === '/orders') return { result: createOrder(query, raw) };
    match = /^\/orders\/([^/]+)(\/confirm)?$/.exec(path);
    if (match) {
      const order = findOrder(decodeURIComponent(match[1] as string));
      if (method === 'GET' && !match[2]) return { result: order };
      if (method === 'POST' && match[2]) return { result: transition(order, 'draft', 'pending') };
      if (method === 'DELETE' && !match[2])
        return { result: transition(order, order.status === 'pending' ? 'pending' : 'draft', 'canceled') };
    }
    throw new HttpError(404, 'Not found', 'NotFound');
  }

  function listProducts(query: Record<string, string>) {
    if (query.status !== undefined && !STATUS_FILTERS.includes(query.status))
      throw new HttpError(400, 'Invalid status filter', 'BadRequest');
    const offset = Math.max(0, Number.parseInt(query.offset ?? '0', 10) || 0);
    // Printful's behaviour above 100 is unconfirmed; the fake clamps (reference §12.3).
    const limit = Math.min(MAX_LIMIT, Math.max(1, Number.parseInt(query.limit ?? String(DEFAULT_LIMIT), 10) || DEFAULT_LIMIT));
    return { result: products.slice(offset, offset + limit).map(summary), paging: { total: products.length, offset, limit } };
  }

  function summary(product: FakeProduct) {
    const { variants, ...rest } = product;
    return { ...rest, variants: variants.length, synced: variants.filter((v) => v.synced).length };
  }

  function findProduct(id: string): FakeProduct {
    const product = products.find((p) => (id.startsWith('@') ? p.external_id === id.slice(1) : String(p.id) === id));
    if (!product) throw new HttpError(404, 'Not found', 'NotFound');
    return product;
  }

  function findVariant(id: string): FakeVariant {
    const all = products.flatMap((p) => p.variants);
    const found = all.find((v) => (id.startsWith('@') ? v.external_id === id.slice(1) : String(v.id) === id));
    if (!found) throw new HttpError(404, 'Not found', 'NotFound');
    return found;
  }

  function findOrder(id: string): FakeOrder {
    const order = orders.find((o) => (id.startsWith('@') ? o.external_id === id.slice(1) : String(o.id) === id));
    if (!order) throw new HttpError(404, 'Not found', 'NotFound');
    return order;
  }

  function transition(order: FakeOrder, from: FakeOrder['status'], to: FakeOrder['status']): FakeOrder {
    if (order.status !== from) throw new HttpError(400, `Order in status ${order.status} cannot be changed`, 'BadRequest');
    order.status = to;
    order.updated = Math.floor(Date.now() / 1000);
    return order;
  }

  function createOrder(query: Record<string, string>, raw: string): FakeOrder {
    const body = parseJson(raw) as Record<string, unknown> | null;
    if (!body || typeof body !== 'object') throw new HttpError(400, 'Missing order element', 'BadRequest');
    const recipient = body.recipient as Record<string, unknown> | undefined;
    if (!recipient || typeof recipient !== 'object') throw new HttpError(400, 'Recipient is required', 'BadRequest');
    for (const field of ['address1', 'city', 'country_code']) {
      if (typeof recipient[field] !== 'string' || !(recipient[field] as string).trim())
        throw new HttpError(400, `Recipient: ${field} is required`, 'BadRequest');
    }
    if (['US', 'CA', 'AU'].includes(recipient.country_code as string) && !recipient.state_code) {
      throw new HttpError(400, 'Recipient: state_code is required for this country', 'BadRequest');
    }
    const items = body.items;
    if (!Array.isArray(items) || items.length === 0) throw new HttpError(400, 'Order must contain items', 'BadRequest');
    const lines = items.map((item: Record<string, unknown>, index) => {
      const sources = ['sync_variant_id', 'external_variant_id', 'variant_id', 'warehouse_product_variant_id'].filter(
        (key) => item[key] !== undefined,
      );
      if (sources.length !== 1) throw new HttpError(400, `Item ${index}: exactly one product source is required`, 'BadRequest');
      const variant = products
        .flatMap((p) => p.variants)
        .find((v) => (item.sync_variant_id !== undefined ? v.id === item.sync_variant_id : v.external_id === item.external_variant_id));
      if (!variant?.synced || variant.is_ignored) throw new HttpError(400, `Item ${index}: Variant not found`, 'BadRequest');
      const quantity = item.quantity;
      if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > 1000) {
        throw new HttpError(400, `Item ${index}: quantity must be between 1 and 1000`, 'BadRequest');
      }
      // What Printful charges the merchant: half the retail price, for the fake.
      const price = ((Number(variant.retail_price ?? '20') * 100) / 2 / 100).toFixed(2);
      return {
        ...item,
        quantity,
        id: 7_253_102 + index,
        variant_id: variant.variant_id,
        sync_variant_id: variant.id,
        price,
        product: variant.product,
        files: variant.files,
      };
    });
    const externalId = body.external_id === undefined || body.external_id === null ? null : String(body.external_id);
    if (externalId !== null && !/^[A-Za-z0-9_-]{1,32}$/.test(externalId)) throw new HttpError(400, 'Invalid external_id', 'BadRequest');
    const confirm = query.confirm === 'true' || query.confirm === '1';
    const now = Math.floor(Date.now() / 1000);
    const subtotal = lines.reduce((sum, line) => sum + Number(line.price) * line.quantity, 0);
    const given = (body.retail_costs ?? {}) as Record<string, string | undefined>;
    const fields = {
      status: confirm ? ('pending' as const) : ('draft' as const),
      shipping: typeof body.shipping === 'string' ? body.shipping : 'STANDARD',
      updated: now,
      recipient: { ...recipient, country_name: recipient.country_code },
      items: lines,
      costs: {
        currency: 'EUR',
        subtotal: subtotal.toFixed(2),
        discount: '0.00',
        shipping: '4.29',
        tax: '0.00',
        vat: '0.00',
        total: (subtotal + 4.29).toFixed(2),
      },
      retail_costs: Object.fromEntries(
        ['currency', 'subtotal', 'discount', 'shipping', 'tax', 'vat', 'total'].map((key) => [key, given[key] ?? null]),
      ),
    };
    const existing = externalId === null ? undefined : orders.find((o) => o.external_id === externalId);
    if (existing) {
      const updateExisting = query.update_existing === 'true' || query.update_existing === '1';
      if (!updateExisting) throw new HttpError(400, `Order with External ID ${externalId} already exists`, 'BadRequest');
      if (existing.status !== 'draft') throw new HttpError(400, 'Only draft orders can be updated', 'BadRequest');
      Object.assign(existing, fields);
      return existing;
    }
    const id = nextOrderId++;
    const order: FakeOrder = {
      id,
      external_id: externalId,
      store: STORE_ID,
      created: now,
      dashboard_url: `https://www.printful.com/dashboard?order_id=${id}`,
      ...fields,
    };
    orders.push(order);
    return order;
  }

  /** Steering for tests in another process: POST /__fake/faults {FaultRule}, /__fake/heal, … */
  function handleControl(path: string, method: string, raw: string, res: ServerResponse) {
    const body = (parseJson(raw) ?? {}) as Record<string, unknown>;
    const ok = (payload: unknown = { ok: true }) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (method === 'GET' && path === '/__fake/requests') return ok(requests);
    if (method === 'GET' && path === '/__fake/orders') return ok(orders);
    if (method === 'POST' && path === '/__fake/faults') return ok(fake.fail(body as FaultRule));
    if (method === 'POST' && path === '/__fake/heal') return ok(fake.heal());
    if (method === 'POST' && path === '/__fake/latency') return ok(fake.setLatency(Number(body.ms) || 0));
    if (method === 'POST' && path === '/__fake/reset') return ok(reset());
    if (method === 'POST' && path === '/__fake/products') {
      const fixture = body.fixture;
      if (fixture === 'empty') fake.setProducts([]);
      else if (fixture === 'many') fake.setProducts(manyFakeProducts(Number(body.count) || 150));
      else fake.setProducts(defaultFakeCatalog());
      return ok();
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: 'unknown control path' }));
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  });
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJson(raw: string): unknown {
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}
