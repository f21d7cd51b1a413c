/**
 * A fake Stripe API for tests (../shared/reference/stripe-api.md §8): the real `stripe` client talks to
 * it through STRIPE_API_URL (host/port/protocol), and it drives the webhook side the way Stripe does.
 *
 * - API: Checkout Sessions (create with per-mode validation, retrieve with expand[]=line_items,
 *   line_items, expire), billing portal sessions, refunds, and reads of the objects it made. Bodies are
 *   form-encoded with bracket keys; unknown parameters are refused with `parameter_unknown` and `param`
 *   (so `payment_method_types`, gone on the pinned API version, is refused). Only sk_test_ keys.
 * - Idempotency (§8.4): a key's first executed answer is replayed byte-for-byte; other parameters under
 *   the same key → 400 idempotency_error; a request refused by validation is not stored.
 * - The test hooks (§8.5): complete a session by card or SEPA (whose outcome arrives later, as Stripe's
 *   async events; the payer's full billing address only where the session requires it), expire it, cycle
 *   or cancel a subscription, refund, redeliver an event. Each emits the events Stripe would, with
 *   data.object a copy of the object at that moment, signed like Stripe
 *   (HMAC-SHA256 over "t.body", `Stripe-Signature: t=…,v1=…`), delivered inline (before the hook answers,
 *   as Checkout waits for the 2xx before redirecting) or queued until flush(); on request duplicated,
 *   out of order (each batch reversed), with a stale timestamp or signed with a wrong secret.
 * - Error and latency injection (§8.6) for the next n matching API requests.
 * - A hosted page at session.url with "Pay with card", "Pay by SEPA" and "Cancel" buttons for browser tests.
 *
 * Server tests start it in-process (startFakeStripe). Browser tests run the production server as a
 * separate process; fake-stripe-server.mjs starts this same file on a port, steered over HTTP under
 * /_fake/ (see handleControl). Self-contained: node:http and node:crypto only, no path aliases.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_fake';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_test_fake';
export const FAKE_STRIPE_API_VERSION = '2026-10-28.endive';

// biome-ignore lint/suspicious/noExplicitAny: Stripe objects are open JSON; the fake shapes them by hand.
type Obj = Record<string, any>;

export type FakeStripeConfig = {
  /** Where events are POSTed; unset: events are only recorded. */
  webhookUrl?: string | null;
  webhookSecret?: string;
  /** inline (default): each hook delivers its events before it returns; queued: they wait for flush(). */
  delivery?: 'inline' | 'queued';
  /** Every event is delivered twice (same id). */
  duplicate?: boolean;
  /** The events of each hook are delivered in reverse order (e.g. invoice.paid before checkout.session.completed). */
  shuffle?: boolean;
  /** false: billing portal sessions fail as on an account whose portal was never set up. */
  portalConfigured?: boolean;
  /** valid (default); stale: `t` is 10 minutes old; wrong_secret: signed with another secret. */
  signature?: 'valid' | 'stale' | 'wrong_secret';
  apiVersion?: string;
  /** Every API request waits this long first. */
  latencyMs?: number;
  /** The hosted page's SEPA buttons: later (default) leaves the payment processing until settle(); now settles at once. */
  hostedSepa?: 'later' | 'now';
};

export type CompleteOptions = (
  | { method: 'card' }
  | {
      method: 'sepa_debit';
      outcome: 'succeeded' | 'failed';
      /** now (default): the async outcome follows at once; later: it waits for settle() or advance(). */
      settle?: 'now' | 'later';
    }
) & {
  email?: string;
  name?: string;
  /**
   * The billing address the payer gives (`customer_details.address`). Default: a full address in Köln when
   * the session has `billing_address_collection: 'required'`, else only the country, as Checkout's `auto`
   * asks no more of a German card or IBAN. null: Stripe sends no address at all.
   */
  address?: Obj | null;
};

/** A forced answer for the next `times` API requests that match (path is a glob: * matches within a segment, ** anything). */
export type InjectRule = {
  path?: string;
  method?: string;
  times?: number;
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
  /** hang: never answer; reset: destroy the socket; html: a 503 page that is not JSON. */
  action?: 'hang' | 'reset' | 'html';
};

export type Delivery = { eventId: string; type: string; attempt: number; status: number | null; ok: boolean; error?: string; at: string };
export type RecordedStripeRequest = {
  method: string;
  path: string;
  params: Obj;
  idempotencyKey: string | null;
  stripeVersion: string | null;
  status: number;
};

export type FakeStripe = {
  url: string;
  port: number;
  secretKey: string;
  close(): Promise<void>;
  configure(config: FakeStripeConfig): void;
  complete(sessionId: string, options: CompleteOptions): Promise<Obj>;
  /** Settles a SEPA payment left processing by complete(…, { settle: 'later' }) or the hosted page. */
  settle(sessionId: string): Promise<Obj>;
  /** Settles every processing SEPA payment (as time passing would). */
  advance(): Promise<void>;
  expire(sessionId: string): Promise<Obj>;
  /** The next month's invoice: paid ('succeeded' means the same) or failed. */
  cycle(subscriptionId: string, outcome: 'paid' | 'succeeded' | 'failed'): Promise<Obj>;
  cancelSubscription(subscriptionId: string, options?: { atPeriodEnd?: boolean }): Promise<Obj>;
  refund(paymentIntentId: string, amount?: number): Promise<Obj>;
  /**
   * A refund that failed after it was made (stripe-api.md §5: test card 4000000000005126, or a closed
   * account): `failed` with its reason, its amount back on the charge as not refunded, and the events
   * Stripe sends for it (charge.refund.updated, refund.updated, refund.failed).
   */
  failRefund(refundId: string, reason?: string): Promise<Obj>;
  redeliver(eventId: string): Promise<void>;
  /** Delivers the queued events (delivery: 'queued'). */
  flush(): Promise<void>;
  /** Waits until the events of API calls (expire, refunds), which go out after the API's answer, are delivered. */
  idle(): Promise<void>;
  deliveries(): Delivery[];
  inject(rule: InjectRule): void;
  /** Ends every injected rule. */
  heal(): void;
  sessions(): Obj[];
  events(): Obj[];
  requests(): RecordedStripeRequest[];
  object(id: string): Obj | undefined;
  /** Back to the start: no objects, events, deliveries, rules or recorded requests (the config stays). */
  reset(): void;
};

export type FakeStripeOptions = { port?: number; host?: string; secretKey?: string } & FakeStripeConfig;

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: Obj,
    /** Validation failures are not stored under an idempotency key (§8.4). */
    readonly validation = false,
  ) {
    super(String(error.message));
  }
}

const invalid = (message: string, param?: string, code = 'parameter_invalid') =>
  new StripeHttpError(400, { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) }, true);
const missing = (param: string) => invalid(`Missing required param: ${param}.`, param, 'parameter_missing');
const notFound = (kind: string, id: string) =>
  new StripeHttpError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, param: 'id' });
const stateError = (message: string) => new StripeHttpError(400, { type: 'invalid_request_error', message });

const LOCALES = new Set(
  'auto bg cs da de el en en-GB es es-419 et fi fil fr fr-CA hi-IN hr hu id it ja ko lt lv ms mt nb nl pl pt pt-BR ro ru sk sl sv th tr vi zh zh-HK zh-TW'.split(
    ' ',
  ),
);
const SUBMIT_TYPES = new Set(['auto', 'book', 'donate', 'pay', 'subscribe']);
const BILLING_ADDRESS_COLLECTIONS = new Set(['auto', 'required']);
/** The payer's address when Checkout asked for a full one (a billing address required, or a shipping address). */
const FULL_ADDRESS = { city: 'Köln', country: 'DE', line1: 'Musterstraße 1', line2: null, postal_code: '50667', state: null };
/** What Checkout's `auto` billing address collection leaves for a German card or IBAN: the country. */
const COUNTRY_ONLY_ADDRESS = { city: null, country: 'DE', line1: null, line2: null, postal_code: null, state: null };
const PAYMENT_METHOD_TYPES = new Set(['card', 'sepa_debit', 'paypal', 'link', 'giropay', 'sofort', 'klarna', 'bancontact', 'eps', 'ideal']);
const INTERVALS = new Set(['day', 'week', 'month', 'year']);

// The parameters the fake knows, as a tree: true = a value, 'map' = metadata (any string keys), [tree] = an array of it.
type Spec = true | 'map' | { [key: string]: Spec } | [Spec];
const PRODUCT_DATA: Spec = { name: true, description: true, images: [true], metadata: 'map', tax_code: true, unit_label: true };
const SESSION_CREATE: Spec = {
  mode: true,
  line_items: [
    {
      quantity: true,
      price: true,
      price_data: {
        currency: true,
        unit_amount: true,
        unit_amount_decimal: true,
        product: true,
        product_data: PRODUCT_DATA,
        recurring: { interval: true, interval_count: true },
        tax_behavior: true,
      },
    },
  ],
  success_url: true,
  cancel_url: true,
  customer_email: true,
  customer: true,
  customer_creation: true,
  client_reference_id: true,
  metadata: 'map',
  locale: true,
  submit_type: true,
  expires_at: true,
  allowed_payment_method_types: [true],
  excluded_payment_method_types: [true],
  payment_intent_data: {
    description: true,
    metadata: 'map',
    receipt_email: true,
    statement_descriptor: true,
    statement_descriptor_suffix: true,
    setup_future_usage: true,
  },
  subscription_data: { description: true, metadata: 'map', billing_cycle_anchor: true, trial_period_days: true, proration_behavior: true },
  shipping_address_collection: { allowed_countries: [true] },
  shipping_options: [
    {
      shipping_rate: true,
      shipping_rate_data: {
        type: true,
        display_name: true,
        fixed_amount: { amount: true, currency: true },
        delivery_estimate: { minimum: { unit: true, value: true }, maximum: { unit: true, value: true } },
        tax_behavior: true,
        tax_code: true,
        metadata: 'map',
      },
    },
  ],
  billing_address_collection: true,
  phone_number_collection: { enabled: true },
  invoice_creation: { enabled: true },
  ui_mode: true,
  expand: [true],
};
const PORTAL_CREATE: Spec = { customer: true, return_url: true, locale: true, configuration: true, expand: [true] };
const REFUND_CREATE: Spec = { payment_intent: true, charge: true, amount: true, reason: true, metadata: 'map', expand: [true] };
const EXPAND_ONLY: Spec = { expand: [true] };
const LIST_PARAMS: Spec = { expand: [true], limit: true, starting_after: true, ending_before: true };

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? FAKE_STRIPE_SECRET_KEY;
  if (!secretKey.startsWith('sk_test_')) throw new Error('the fake Stripe takes test keys only');
  const host = options.host ?? '127.0.0.1';
  const config: Required<FakeStripeConfig> = {
    webhookUrl: null,
    webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
    delivery: 'inline',
    duplicate: false,
    shuffle: false,
    portalConfigured: true,
    signature: 'valid',
    apiVersion: FAKE_STRIPE_API_VERSION,
    latencyMs: 0,
    hostedSepa: 'later',
  };
  const configure = (next: FakeStripeConfig) => {
    for (const [key, value] of Object.entries(next)) if (value !== undefined) (config as Obj)[key] = value;
  };
  configure(options);

  let baseUrl = '';
  const objects = new Map<string, Obj>();
  const sessionIds: string[] = [];
  const events: Obj[] = [];
  const eventBodies = new Map<string, Obj>();
  let queue: Obj[] = [];
  const deliveries: Delivery[] = [];
  let rules: Array<InjectRule & { left: number }> = [];
  const requests: RecordedStripeRequest[] = [];
  const idempotency = new Map<string, { fingerprint: string; status: number; body: string } | 'in_flight'>();
  /** SEPA payments still processing: session id → outcome. */
  const processing = new Map<string, 'succeeded' | 'failed'>();

  const now = () => Math.floor(Date.now() / 1000);
  const newId = (prefix: string) => `${prefix}${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
  const copy = <T>(value: T): T => structuredClone(value);
  const get = (id: string, kind: string) => {
    const found = objects.get(id);
    if (!found || found.object !== kind) throw notFound(kind, id);
    return found;
  };

  // ---------------------------------------------------------------------------------------------
  // Events and their delivery.

  function event(type: string, object: Obj, previous?: Obj): Obj {
    const created: Obj = {
      id: newId('evt_'),
      object: 'event',
      api_version: config.apiVersion,
      created: now(),
      data: { object: copy(object), ...(previous ? { previous_attributes: copy(previous) } : {}) },
      livemode: false,
      pending_webhooks: config.webhookUrl ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    };
    events.push(created);
    eventBodies.set(created.id, created);
    return created;
  }

  /** Deliveries started by API calls (after their answer), for idle(). */
  const inFlight = new Set<Promise<void>>();
  function track(delivery: Promise<void>) {
    inFlight.add(delivery);
    void delivery.finally(() => inFlight.delete(delivery));
  }
  async function idle(): Promise<void> {
    while (inFlight.size > 0) await Promise.all([...inFlight]);
  }

  /** Hands one action's events to the webhook, as configured. */
  async function dispatch(batch: Obj[]): Promise<void> {
    let ordered = config.shuffle ? [...batch].reverse() : batch;
    if (config.duplicate) ordered = ordered.flatMap((e) => [e, e]);
    if (config.delivery === 'queued') {
      queue.push(...ordered);
      return;
    }
    for (const e of ordered) await deliver(e);
  }

  function signatureHeader(payload: string): string {
    const t = config.signature === 'stale' ? now() - 600 : now();
    const secret = config.signature === 'wrong_secret' ? 'whsec_not_the_endpoints_secret' : config.webhookSecret;
    const v1 = createHmac('sha256', secret).update(`${t}.${payload}`, 'utf8').digest('hex');
    // Test-mode deliveries also carry a v0 signature, which verifiers must ignore.
    const v0 = createHmac('sha256', 'v0').update(`${t}.${payload}`, 'utf8').digest('hex');
    return `t=${t},v1=${v1},v0=${v0}`;
  }

  async function deliver(e: Obj): Promise<void> {
    if (!config.webhookUrl) return;
    // Serialised once; exactly these bytes are signed and sent.
    const payload = JSON.stringify(e, null, 2);
    const attempt = deliveries.filter((d) => d.eventId === e.id).length + 1;
    const record: Delivery = { eventId: e.id, type: e.type, attempt, status: null, ok: false, at: new Date().toISOString() };
    deliveries.push(record);
    try {
      const response = await fetch(config.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signatureHeader(payload),
        },
        body: payload,
        redirect: 'manual',
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      record.status = response.status;
      record.ok = response.status >= 200 && response.status < 300;
    } catch (error) {
      record.error = String(error);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // The objects and what the hooks do to them.

  function createCustomer(email: string | null, name: string | null): Obj {
    const customer = { id: newId('cus_'), object: 'customer', email, name, created: now(), livemode: false, metadata: {} };
    objects.set(customer.id, customer);
    return customer;
  }

  function createPaymentIntent(session: Obj, method: string, status: string, customer: string | null, metadata: Obj): Obj {
    const intent = {
      id: newId('pi_'),
      object: 'payment_intent',
      amount: session.amount_total,
      amount_received: status === 'succeeded' ? session.amount_total : 0,
      currency: session.currency,
      customer,
      status,
      latest_charge: null as string | null,
      metadata: copy(metadata),
      payment_method_types: [method],
      created: now(),
      livemode: false,
    };
    objects.set(intent.id, intent);
    return intent;
  }

  function chargeFor(intent: Obj): Obj {
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    const charge = {
      id: newId('ch_'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: 0,
      refunded: false,
      captured: true,
      paid: true,
      status: 'succeeded',
      currency: intent.currency,
      customer: intent.customer,
      payment_intent: intent.id,
      payment_method_details: { type: intent.payment_method_types[0] },
      metadata: copy(intent.metadata),
      created: now(),
      livemode: false,
    };
    objects.set(charge.id, charge);
    intent.latest_charge = charge.id;
    return charge;
  }

  function createInvoice(subscription: Obj, amount: number, reason: string, intent: Obj): Obj {
    const invoice: Obj = {
      id: newId('in_'),
      object: 'invoice',
      customer: subscription.customer,
      customer_email: (objects.get(subscription.customer) as Obj | undefined)?.email ?? null,
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      currency: subscription.currency,
      status: 'open',
      billing_reason: reason,
      attempt_count: 0,
      next_payment_attempt: null,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: copy(subscription.metadata) },
      },
      // As if expanded (`expand: ['payments']`): the way from an invoice to its PaymentIntent on this API version.
      payments: {
        object: 'list',
        data: [
          {
            id: newId('inpay_'),
            object: 'invoice_payment',
            amount_paid: null,
            amount_requested: amount,
            currency: subscription.currency,
            is_default: true,
            livemode: false,
            payment: { type: 'payment_intent', payment_intent: intent.id },
            status: 'open',
            status_transitions: { paid_at: null, canceled_at: null },
            created: now(),
          },
        ],
        has_more: false,
        url: '/v1/invoice_payments',
      },
      status_transitions: { paid_at: null, finalized_at: now() },
      lines: { object: 'list', data: [], has_more: false, url: '' },
      livemode: false,
      created: now(),
    };
    invoice.payments.data[0].invoice = invoice.id;
    objects.set(invoice.id, invoice);
    subscription.latest_invoice = invoice.id;
    return invoice;
  }

  function payInvoice(invoice: Obj, intent: Obj) {
    const charge = chargeFor(intent);
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.attempt_count += 1;
    invoice.status_transitions.paid_at = now();
    const payment = invoice.payments.data[0];
    payment.status = 'paid';
    payment.amount_paid = invoice.amount_due;
    payment.status_transitions.paid_at = now();
    return charge;
  }

  function failInvoice(invoice: Obj, intent: Obj) {
    intent.status = 'requires_payment_method';
    invoice.attempt_count += 1;
    invoice.next_payment_attempt = now() + 3 * 86_400;
    invoice.payments.data[0].status = 'failed';
  }

  async function complete(sessionId: string, opts: CompleteOptions): Promise<Obj> {
    const session = get(sessionId, 'checkout.session');
    if (session.status !== 'open') throw stateError(`This Checkout Session is not open (status: ${session.status}).`);
    const method = opts.method;
    const email = opts.email ?? session.customer_email ?? 'spender@example.org';
    const name = opts.name ?? 'Erika Mustermann';
    const batch: Obj[] = [];
    session.status = 'complete';
    session.url = null;
    const billingAddress =
      opts.address !== undefined ? opts.address : session.billing_address_collection === 'required' ? FULL_ADDRESS : COUNTRY_ONLY_ADDRESS;
    session.customer_details = {
      email,
      name,
      phone: null,
      address: billingAddress === null ? null : copy(billingAddress),
      tax_exempt: 'none',
      tax_ids: [],
      business_name: null,
      individual_name: null,
    };
    if (session.shipping_address_collection) {
      session.collected_information = {
        shipping_details: { name, address: copy(FULL_ADDRESS) },
        business_name: null,
        individual_name: null,
      };
    }
    const card = method === 'card';
    if (session.mode === 'payment') {
      const customer = session.customer ?? (session.customer_creation === 'always' ? createCustomer(email, name).id : null);
      session.customer = customer;
      const intent = createPaymentIntent(
        session,
        method,
        card ? 'succeeded' : 'processing',
        customer,
        session._payment_intent_metadata ?? {},
      );
      session.payment_intent = intent.id;
      if (card) chargeFor(intent);
      session.payment_status = card ? 'paid' : 'unpaid';
      batch.push(event('checkout.session.completed', session));
    } else {
      const customer = session.customer ? get(session.customer, 'customer') : createCustomer(email, name);
      session.customer = customer.id;
      const recurring = session._line_items.find((item: Obj) => item.price.recurring);
      const subscription: Obj = {
        id: newId('sub_'),
        object: 'subscription',
        customer: customer.id,
        status: card ? 'active' : 'incomplete',
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        cancellation_details: { reason: null, feedback: null, comment: null },
        currency: session.currency,
        items: {
          object: 'list',
          data: [
            {
              id: newId('si_'),
              object: 'subscription_item',
              quantity: recurring.quantity,
              price: copy(recurring.price),
              current_period_start: now(),
              current_period_end: now() + 30 * 86_400,
            },
          ],
          has_more: false,
          url: '/v1/subscription_items',
        },
        latest_invoice: null,
        metadata: copy(session._subscription_metadata ?? {}),
        livemode: false,
        created: now(),
      };
      objects.set(subscription.id, subscription);
      const intent = createPaymentIntent(session, method, 'processing', customer.id, {});
      const invoice = createInvoice(subscription, session.amount_total, 'subscription_create', intent);
      session.subscription = subscription.id;
      session.invoice = invoice.id;
      if (card) payInvoice(invoice, intent);
      session.payment_status = card ? 'paid' : 'unpaid';
      batch.push(event('checkout.session.completed', session));
      if (card) batch.push(event('invoice.paid', invoice));
    }
    if (opts.method === 'sepa_debit') {
      processing.set(session.id, opts.outcome);
      if ((opts.settle ?? 'now') === 'now') batch.push(...settleEvents(session));
    }
    await dispatch(batch);
    return copy(session);
  }

  /** The async outcome of a processing SEPA payment, as events (not yet dispatched). */
  function settleEvents(session: Obj): Obj[] {
    const outcome = processing.get(session.id);
    if (!outcome) throw stateError(`No processing payment for ${session.id}.`);
    processing.delete(session.id);
    const batch: Obj[] = [];
    if (session.mode === 'payment') {
      const intent = get(session.payment_intent, 'payment_intent');
      if (outcome === 'succeeded') {
        chargeFor(intent);
        session.payment_status = 'paid';
        batch.push(event('checkout.session.async_payment_succeeded', session));
      } else {
        intent.status = 'requires_payment_method';
        batch.push(event('checkout.session.async_payment_failed', session));
      }
      return batch;
    }
    const subscription = get(session.subscription, 'subscription');
    const invoice = get(session.invoice, 'invoice');
    const intent = get(invoice.payments.data[0].payment.payment_intent, 'payment_intent');
    if (outcome === 'succeeded') {
      payInvoice(invoice, intent);
      subscription.status = 'active';
      session.payment_status = 'paid';
      batch.push(event('invoice.paid', invoice), event('checkout.session.async_payment_succeeded', session));
    } else {
      failInvoice(invoice, intent);
      subscription.status = 'incomplete_expired';
      batch.push(event('invoice.payment_failed', invoice), event('checkout.session.async_payment_failed', session));
    }
    return batch;
  }

  async function settle(sessionId: string): Promise<Obj> {
    const session = get(sessionId, 'checkout.session');
    await dispatch(settleEvents(session));
    return copy(session);
  }

  async function expire(sessionId: string): Promise<Obj> {
    const session = expireSession(sessionId);
    await dispatch([event('checkout.session.expired', session)]);
    return copy(session);
  }

  function expireSession(sessionId: string): Obj {
    const session = get(sessionId, 'checkout.session');
    if (session.status !== 'open') throw stateError(`Only Checkout Sessions with a status in ["open"] can be expired.`);
    session.status = 'expired';
    session.url = null;
    return session;
  }

  async function cycle(subscriptionId: string, outcome: 'paid' | 'succeeded' | 'failed'): Promise<Obj> {
    const subscription = get(subscriptionId, 'subscription');
    if (subscription.status === 'canceled') throw stateError('This subscription is canceled.');
    const item = subscription.items.data[0];
    const amount = item.price.unit_amount * item.quantity;
    const method = 'card';
    const intent = createPaymentIntent(
      { amount_total: amount, currency: subscription.currency },
      method,
      'processing',
      subscription.customer,
      {},
    );
    const invoice = createInvoice(subscription, amount, 'subscription_cycle', intent);
    item.current_period_start = now();
    item.current_period_end = now() + 30 * 86_400;
    if (outcome !== 'failed') {
      payInvoice(invoice, intent);
      subscription.status = 'active';
      await dispatch([event('invoice.paid', invoice)]);
    } else {
      failInvoice(invoice, intent);
      subscription.status = 'past_due';
      await dispatch([event('invoice.payment_failed', invoice)]);
    }
    return copy(invoice);
  }

  async function cancelSubscription(subscriptionId: string, opts: { atPeriodEnd?: boolean } = {}): Promise<Obj> {
    const subscription = get(subscriptionId, 'subscription');
    if (subscription.status === 'canceled') throw stateError('This subscription is already canceled.');
    if (opts.atPeriodEnd) {
      subscription.cancel_at_period_end = true;
      subscription.cancel_at = subscription.items.data[0].current_period_end;
      await dispatch([event('customer.subscription.updated', subscription, { cancel_at_period_end: false, cancel_at: null })]);
      return copy(subscription);
    }
    subscription.status = 'canceled';
    subscription.canceled_at = now();
    subscription.ended_at = now();
    subscription.cancellation_details = { reason: 'cancellation_requested', feedback: null, comment: null };
    await dispatch([event('customer.subscription.deleted', subscription)]);
    return copy(subscription);
  }

  function createRefund(params: Obj): { refund: Obj; batch: Obj[] } {
    if ((params.payment_intent === undefined) === (params.charge === undefined)) {
      throw invalid('You must pass exactly one of payment_intent or charge.', 'payment_intent');
    }
    let charge: Obj;
    if (params.payment_intent !== undefined) {
      const intent = get(String(params.payment_intent), 'payment_intent');
      if (intent.status !== 'succeeded' || !intent.latest_charge) {
        throw stateError(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`);
      }
      charge = get(intent.latest_charge, 'charge');
    } else {
      charge = get(String(params.charge), 'charge');
    }
    const remaining = charge.amount - charge.amount_refunded;
    if (remaining <= 0) {
      throw new StripeHttpError(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${charge.id} has already been refunded.`,
      });
    }
    const amount = params.amount === undefined ? remaining : integer(params.amount, 'amount', 1);
    if (amount > remaining) {
      throw new StripeHttpError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount',
        message: `Refund amount (€${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (€${(remaining / 100).toFixed(2)})`,
      });
    }
    if (params.reason !== undefined && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(params.reason)) {
      throw invalid(`Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer`, 'reason');
    }
    const refund = {
      id: newId('re_'),
      object: 'refund',
      amount,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      status: charge.payment_method_details?.type === 'sepa_debit' ? 'pending' : 'succeeded',
      reason: params.reason ?? null,
      metadata: params.metadata ?? {},
      created: now(),
    };
    objects.set(refund.id, refund);
    const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    return { refund, batch: [event('refund.created', refund), event('charge.refunded', charge, previous)] };
  }

  async function refund(paymentIntentId: string, amount?: number): Promise<Obj> {
    const { refund: created, batch } = createRefund({ payment_intent: paymentIntentId, ...(amount === undefined ? {} : { amount }) });
    await dispatch(batch);
    return copy(created);
  }

  async function failRefund(refundId: string, reason = 'expired_or_canceled_card'): Promise<Obj> {
    const refund = get(refundId, 'refund');
    if (refund.status === 'failed' || refund.status === 'canceled') throw stateError(`Refund ${refund.id} has already ${refund.status}.`);
    const charge = get(refund.charge, 'charge');
    const previousRefund = { status: refund.status, failure_reason: null };
    refund.status = 'failed';
    refund.failure_reason = reason;
    charge.amount_refunded -= refund.amount;
    charge.refunded = false;
    await dispatch([
      event('charge.refund.updated', refund, previousRefund),
      event('refund.updated', refund, previousRefund),
      event('refund.failed', refund, previousRefund),
    ]);
    return copy(refund);
  }

  async function redeliver(eventId: string): Promise<void> {
    const e = eventBodies.get(eventId);
    if (!e) throw notFound('event', eventId);
    await deliver(e);
  }

  async function flush(): Promise<void> {
    const pending = queue;
    queue = [];
    for (const e of pending) await deliver(e);
  }

  // ---------------------------------------------------------------------------------------------
  // Checkout Session creation: the validation of §8.3.

  function createSession(params: Obj): Obj {
    const mode = params.mode;
    if (mode === undefined) throw missing('mode');
    if (!['payment', 'subscription'].includes(mode)) {
      throw invalid(`Invalid mode: must be one of payment, setup, or subscription`, 'mode', 'parameter_invalid');
    }
    const items = params.line_items;
    if (!Array.isArray(items) || items.length === 0) throw missing('line_items');
    if (mode === 'payment' && items.length > 100) throw invalid('You may only specify up to 100 line items.', 'line_items');
    const lineItems = items.map((item: Obj, index: number) => lineItem(item, index));
    const recurring = lineItems.filter((item: Obj) => item.price.recurring);
    if (mode === 'subscription' && recurring.length === 0) {
      throw invalid('You must provide at least one recurring price in `subscription` mode when using prices.', 'line_items');
    }
    if (mode === 'payment' && recurring.length > 0) {
      throw invalid(
        'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
        'line_items',
      );
    }
    const currencies = new Set(lineItems.map((item: Obj) => item.currency));
    if (currencies.size > 1) throw invalid('All line items must use the same currency.', 'line_items');
    for (const key of ['success_url', 'cancel_url'] as const) {
      if (params[key] !== undefined && !isAbsoluteUrl(params[key])) throw invalid(`Not a valid URL`, key, 'url_invalid');
    }
    if (params.success_url === undefined) throw missing('success_url');
    if (params.locale !== undefined && !LOCALES.has(params.locale)) {
      throw invalid(`Invalid locale: must be one of ${[...LOCALES].join(', ')}`, 'locale');
    }
    if (params.billing_address_collection !== undefined && !BILLING_ADDRESS_COLLECTIONS.has(params.billing_address_collection)) {
      throw invalid(`Invalid billing_address_collection: must be one of auto or required`, 'billing_address_collection');
    }
    if (params.submit_type !== undefined && !SUBMIT_TYPES.has(params.submit_type)) {
      throw invalid(`Invalid submit_type: must be one of auto, book, donate, pay, or subscribe`, 'submit_type');
    }
    (params.allowed_payment_method_types ?? []).forEach((type: string, index: number) => {
      if (!PAYMENT_METHOD_TYPES.has(type)) throw invalid(`Invalid payment method type: ${type}`, `allowed_payment_method_types[${index}]`);
    });
    for (const key of ['payment_intent_data', 'invoice_creation'] as const) {
      if (params[key] !== undefined && mode !== 'payment') throw invalid(`\`${key}\` can only be used in \`payment\` mode.`, key);
    }
    if (params.subscription_data !== undefined && mode !== 'subscription') {
      throw invalid('`subscription_data` can only be used in `subscription` mode.', 'subscription_data');
    }
    if (params.customer_creation !== undefined && mode === 'subscription') {
      throw invalid('`customer_creation` can only be used in `payment` and `setup` mode.', 'customer_creation');
    }
    if (params.customer !== undefined && params.customer_email !== undefined) {
      throw invalid('You may only specify one of these parameters: customer, customer_email.', 'customer_email');
    }
    if (params.customer !== undefined) get(String(params.customer), 'customer');
    if (params.customer_email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(params.customer_email)) {
      throw invalid(`Invalid email address: ${params.customer_email}`, 'customer_email', 'email_invalid');
    }
    metadataOf(params.metadata, 'metadata');
    metadataOf(params.payment_intent_data?.metadata, 'payment_intent_data[metadata]');
    metadataOf(params.subscription_data?.metadata, 'subscription_data[metadata]');
    const created = now();
    const expiresAt = params.expires_at === undefined ? created + 86_400 : integer(params.expires_at, 'expires_at', 0);
    if (expiresAt < created + 1800 || expiresAt > created + 86_400) {
      throw invalid('The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', 'expires_at');
    }
    const shippingOptions = params.shipping_options ?? [];
    if (shippingOptions.length > 5) throw invalid('You may only specify up to 5 shipping options.', 'shipping_options');
    const subtotal = lineItems.reduce((sum: number, item: Obj) => sum + item.amount_total, 0);
    const shipping = shippingOptions[0]?.shipping_rate_data?.fixed_amount
      ? integer(
          shippingOptions[0].shipping_rate_data.fixed_amount.amount,
          'shipping_options[0][shipping_rate_data][fixed_amount][amount]',
          0,
        )
      : 0;
    const currency = lineItems[0]?.currency ?? 'eur';
    if (subtotal + shipping < 50) {
      throw invalid("The Checkout Session's total amount due must add up to at least €0.50 eur", undefined, 'amount_too_small');
    }
    const id = newId('cs_test_');
    const session: Obj = {
      id,
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: 'unpaid',
      url: `${baseUrl}/pay/${id}`,
      amount_subtotal: subtotal,
      amount_total: subtotal + shipping,
      currency,
      customer: params.customer ?? null,
      customer_creation: mode === 'payment' ? (params.customer_creation ?? 'if_required') : null,
      customer_email: params.customer_email ?? null,
      customer_details: null,
      client_reference_id: params.client_reference_id ?? null,
      metadata: params.metadata ?? {},
      locale: params.locale ?? null,
      submit_type: params.submit_type ?? null,
      payment_intent: null,
      subscription: null,
      invoice: null,
      payment_method_types: params.allowed_payment_method_types ?? ['card', 'sepa_debit'],
      allowed_payment_method_types: params.allowed_payment_method_types ?? null,
      success_url: params.success_url ?? null,
      cancel_url: params.cancel_url ?? null,
      billing_address_collection: params.billing_address_collection ?? null,
      shipping_address_collection: params.shipping_address_collection ?? null,
      shipping_cost: shipping ? { amount_subtotal: shipping, amount_tax: 0, amount_total: shipping, shipping_rate: newId('shr_') } : null,
      collected_information: null,
      total_details: { amount_discount: 0, amount_shipping: shipping, amount_tax: 0 },
      ui_mode: params.ui_mode ?? 'hosted_page',
      livemode: false,
      created,
      expires_at: expiresAt,
    };
    // Kept beside the session (not part of Stripe's Session object), for what completion creates.
    Object.defineProperties(session, {
      _line_items: { value: lineItems, enumerable: false, writable: true },
      _payment_intent_metadata: { value: params.payment_intent_data?.metadata ?? {}, enumerable: false, writable: true },
      _subscription_metadata: { value: params.subscription_data?.metadata ?? {}, enumerable: false, writable: true },
    });
    objects.set(id, session);
    sessionIds.push(id);
    return session;
  }

  function lineItem(item: Obj, index: number): Obj {
    const at = `line_items[${index}]`;
    if ((item.price === undefined) === (item.price_data === undefined)) {
      throw invalid(`You must specify either \`price\` or \`price_data\` in ${at}.`, `${at}[price_data]`, 'parameter_missing');
    }
    if (item.price !== undefined) throw notFound('price', String(item.price));
    if (item.quantity === undefined) throw missing(`${at}[quantity]`);
    const quantity = integer(item.quantity, `${at}[quantity]`, 1);
    const data = item.price_data;
    if (data.currency === undefined) throw missing(`${at}[price_data][currency]`);
    if (data.currency !== 'eur') throw invalid(`Invalid currency: ${data.currency}. The fake supports eur.`, `${at}[price_data][currency]`);
    if (data.unit_amount === undefined) throw missing(`${at}[price_data][unit_amount]`);
    const unitAmount = integer(data.unit_amount, `${at}[price_data][unit_amount]`, 0);
    if (data.product === undefined && data.product_data === undefined) throw missing(`${at}[price_data][product_data]`);
    if (data.product_data !== undefined && !String(data.product_data.name ?? '').trim()) {
      throw missing(`${at}[price_data][product_data][name]`);
    }
    let recurring = null;
    if (data.recurring !== undefined) {
      if (!INTERVALS.has(data.recurring.interval)) {
        throw invalid('Invalid interval: must be one of day, month, week, or year', `${at}[price_data][recurring][interval]`);
      }
      const count =
        data.recurring.interval_count === undefined
          ? 1
          : integer(data.recurring.interval_count, `${at}[price_data][recurring][interval_count]`, 1);
      recurring = { interval: data.recurring.interval, interval_count: count };
    }
    metadataOf(data.product_data?.metadata, `${at}[price_data][product_data][metadata]`);
    const product = data.product ?? newId('prod_');
    return {
      id: newId('li_'),
      object: 'item',
      description: data.product_data?.name ?? null,
      quantity,
      amount_subtotal: unitAmount * quantity,
      amount_total: unitAmount * quantity,
      amount_discount: 0,
      amount_tax: 0,
      currency: data.currency,
      price: {
        id: newId('price_'),
        object: 'price',
        active: false,
        currency: data.currency,
        unit_amount: unitAmount,
        unit_amount_decimal: String(unitAmount),
        type: recurring ? 'recurring' : 'one_time',
        recurring,
        product,
        livemode: false,
      },
    };
  }

  function publicSession(session: Obj, expand: string[]): Obj {
    const out = copy(session);
    if (expand.includes('line_items')) out.line_items = lineItemList(session);
    return out;
  }

  function lineItemList(session: Obj): Obj {
    return { object: 'list', data: copy(session._line_items), has_more: false, url: `/v1/checkout/sessions/${session.id}/line_items` };
  }

  // ---------------------------------------------------------------------------------------------
  // HTTP: the API, the hosted page and the control surface.

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`fake stripe crashed: ${String(error)}`);
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const raw = await readBody(req);
    const method = req.method ?? 'GET';
    if (url.pathname.startsWith('/_fake/')) return handleControl(url.pathname, method, raw, res);
    if (url.pathname.startsWith('/pay/')) return handleHostedPage(url.pathname.slice('/pay/'.length), method, raw, res);
    return handleApi(req, res, url, method, raw);
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, method: string, raw: string) {
    const idempotencyKey = header(req, 'idempotency-key');
    const recorded: RecordedStripeRequest = {
      method,
      path: url.pathname,
      params: {},
      idempotencyKey,
      stripeVersion: header(req, 'stripe-version'),
      status: 0,
    };
    requests.push(recorded);
    const send = (status: number, body: string, extra: Record<string, string> = {}) => {
      recorded.status = status;
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': newId('req_'),
        'stripe-version': config.apiVersion,
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        ...extra,
      });
      res.end(body);
    };
    const sendError = (error: StripeHttpError) => send(error.status, JSON.stringify({ error: error.error }, null, 2));

    const rule = rules.find(
      (r) => r.left > 0 && (!r.method || r.method.toUpperCase() === method) && (!r.path || globMatch(r.path, url.pathname)),
    );
    if (rule) {
      rule.left--;
      if (rule.delayMs) await sleep(rule.delayMs);
      if (rule.action === 'hang') return; // closed when the server closes
      if (rule.action === 'reset') return void req.socket.destroy();
      if (rule.action === 'html') {
        recorded.status = 503;
        res.writeHead(503, { 'content-type': 'text/html' });
        return void res.end('<html><body><h1>503 Service Unavailable</h1></body></html>');
      }
      if (rule.status) {
        const body = rule.body ?? cannedError(rule.status);
        return send(rule.status, typeof body === 'string' ? body : JSON.stringify(body), rule.headers ?? {});
      }
    }
    if (config.latencyMs > 0) await sleep(config.latencyMs);

    const auth = header(req, 'authorization');
    const key = auth?.startsWith('Bearer ') ? auth.slice('Bearer '.length) : null;
    if (!key) {
      return send(
        401,
        JSON.stringify({
          error: {
            type: 'invalid_request_error',
            message:
              "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
          },
        }),
      );
    }
    if (key !== secretKey) {
      return send(401, JSON.stringify({ error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${maskKey(key)}` } }));
    }

    let params: Obj;
    try {
      params = parseForm(method === 'GET' || method === 'DELETE' ? url.search.slice(1) : raw);
    } catch (error) {
      if (error instanceof StripeHttpError) return sendError(error);
      throw error;
    }
    recorded.params = params;

    const storeKey = method === 'POST' && idempotencyKey ? `${secretKey}:${idempotencyKey}` : null;
    const fingerprint = `${method} ${url.pathname} ${canonical(params)}`;
    if (storeKey) {
      const stored = idempotency.get(storeKey);
      if (stored === 'in_flight') {
        return sendError(
          new StripeHttpError(409, {
            type: 'idempotency_error',
            code: 'idempotency_key_in_use',
            message:
              'There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through).',
          }),
        );
      }
      if (stored) {
        if (stored.fingerprint !== fingerprint) {
          return sendError(
            new StripeHttpError(400, {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            }),
          );
        }
        return send(stored.status, stored.body, { 'idempotent-replayed': 'true' });
      }
      idempotency.set(storeKey, 'in_flight');
    }
    try {
      const { result, batch } = route(method, url.pathname, params);
      const body = JSON.stringify(result, null, 2);
      if (storeKey) idempotency.set(storeKey, { fingerprint, status: 200, body });
      send(200, body);
      // Events go out after the answer, as Stripe sends them asynchronously; idle() waits for them.
      if (batch.length > 0) track(dispatch(batch));
    } catch (error) {
      if (!(error instanceof StripeHttpError)) {
        if (storeKey) idempotency.delete(storeKey);
        throw error;
      }
      if (storeKey) {
        // A refusal before execution may be retried with the same key; one after execution is replayed.
        if (error.validation) idempotency.delete(storeKey);
        else idempotency.set(storeKey, { fingerprint, status: error.status, body: JSON.stringify({ error: error.error }, null, 2) });
      }
      sendError(error);
    }
  }

  function route(method: string, path: string, params: Obj): { result: Obj; batch: Obj[] } {
    const expand: string[] = params.expand ?? [];
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      checkKnown(params, SESSION_CREATE);
      return { result: publicSession(createSession(params), expand), batch: [] };
    }
    let match = /^\/v1\/checkout\/sessions\/([^/]+)(\/line_items|\/expire)?$/.exec(path);
    if (match) {
      const id = decodeURIComponent(match[1] as string);
      if (method === 'GET' && !match[2]) {
        checkKnown(params, EXPAND_ONLY);
        return { result: publicSession(get(id, 'checkout.session'), expand), batch: [] };
      }
      if (method === 'GET' && match[2] === '/line_items') {
        checkKnown(params, LIST_PARAMS);
        return { result: lineItemList(get(id, 'checkout.session')), batch: [] };
      }
      if (method === 'POST' && match[2] === '/expire') {
        checkKnown(params, EXPAND_ONLY);
        const session = expireSession(id);
        return { result: publicSession(session, expand), batch: [event('checkout.session.expired', session)] };
      }
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      checkKnown(params, PORTAL_CREATE);
      if (params.customer === undefined) throw missing('customer');
      const customer = get(String(params.customer), 'customer');
      if (params.return_url !== undefined && !isAbsoluteUrl(params.return_url))
        throw invalid('Not a valid URL', 'return_url', 'url_invalid');
      if (!config.portalConfigured) {
        throw invalid(
          'No configuration provided and your test mode default configuration has not been created. Provide a configuration or create your default by saving your customer portal settings in test mode at https://dashboard.stripe.com/test/settings/billing/portal.',
        );
      }
      const portal = {
        id: newId('bps_'),
        object: 'billing_portal.session',
        configuration: 'bpc_fake_default',
        created: now(),
        customer: customer.id,
        customer_account: null,
        flow: null,
        livemode: false,
        locale: params.locale ?? null,
        on_behalf_of: null,
        return_url: params.return_url ?? null,
        url: `${baseUrl}/portal/${customer.id}`,
      };
      return { result: portal, batch: [] };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      checkKnown(params, REFUND_CREATE);
      const { refund: created, batch } = createRefund(params);
      return { result: created, batch };
    }
    match = /^\/v1\/(subscriptions|invoices|payment_intents|charges|customers|refunds|events)\/([^/]+)$/.exec(path);
    if (method === 'GET' && match) {
      checkKnown(params, EXPAND_ONLY);
      const kind = {
        subscriptions: 'subscription',
        invoices: 'invoice',
        payment_intents: 'payment_intent',
        charges: 'charge',
        customers: 'customer',
        refunds: 'refund',
        events: 'event',
      }[match[1] as string] as string;
      const id = decodeURIComponent(match[2] as string);
      if (kind === 'event') {
        const e = eventBodies.get(id);
        if (!e) throw notFound('event', id);
        return { result: copy(e), batch: [] };
      }
      return { result: copy(get(id, kind)), batch: [] };
    }
    throw new StripeHttpError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    });
  }

  // The hosted Checkout page, reduced to what a browser test needs.
  async function handleHostedPage(rest: string, method: string, raw: string, res: ServerResponse) {
    const id = decodeURIComponent(rest.split('/')[0] ?? '');
    const session = objects.get(id);
    if (session?.object !== 'checkout.session') {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end('<!doctype html><title>Not found</title><h1>This Checkout page does not exist</h1>');
    }
    if (method === 'POST') {
      const action = new URLSearchParams(raw).get('action');
      if (action === 'cancel') return redirect(res, session.cancel_url ?? `${baseUrl}/pay/${id}`);
      if (session.status !== 'open') return page(res, session, 'This Checkout Session is no longer open.');
      const settle = config.hostedSepa;
      if (action === 'card') await complete(id, { method: 'card' });
      else if (action === 'sepa_succeeded') await complete(id, { method: 'sepa_debit', outcome: 'succeeded', settle });
      else if (action === 'sepa_failed') await complete(id, { method: 'sepa_debit', outcome: 'failed', settle });
      else return page(res, session, 'Unknown action.');
      return redirect(res, String(session.success_url).replaceAll('{CHECKOUT_SESSION_ID}', id));
    }
    return page(res, session, session.status === 'open' ? '' : 'This Checkout Session is no longer open.');
  }

  function page(res: ServerResponse, session: Obj, notice: string) {
    const items = (session._line_items as Obj[])
      .map(
        (item) =>
          `<li>${escapeHtml(item.description ?? '')} × ${item.quantity}: ${(item.amount_total / 100).toFixed(2)} ${item.currency.toUpperCase()}${item.price.recurring ? ` / ${item.price.recurring.interval}` : ''}</li>`,
      )
      .join('');
    const open = session.status === 'open';
    const button = (action: string, label: string) =>
      `<button type="submit" name="action" value="${action}"${open || action === 'cancel' ? '' : ' disabled'}>${label}</button>`;
    res.writeHead(notice && !open ? 410 : 200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html>
<html lang="${escapeHtml(session.locale ?? 'en')}"><head><meta charset="utf-8"><title>Fake Stripe Checkout</title></head>
<body>
<main>
<h1>Fake Stripe Checkout</h1>
<p data-testid="total">Total: ${(session.amount_total / 100).toFixed(2)} ${String(session.currency).toUpperCase()}</p>
<ul>${items}</ul>
<p>Mode: ${escapeHtml(session.mode)}${session.customer_email ? ` · ${escapeHtml(session.customer_email)}` : ''}</p>
${notice ? `<p role="alert">${escapeHtml(notice)}</p>` : ''}
<form method="post">
${button('card', 'Pay with card')}
${button('sepa_succeeded', 'Pay by SEPA')}
${button('sepa_failed', 'Pay by SEPA (fails)')}
${button('cancel', 'Cancel')}
</form>
</main>
</body></html>`);
  }

  function redirect(res: ServerResponse, location: string) {
    res.writeHead(303, { location });
    res.end();
  }

  /** Steering for tests in another process, under /_fake/ (stripe-api.md §8.5). */
  async function handleControl(path: string, method: string, raw: string, res: ServerResponse) {
    const body = (parseJson(raw) ?? {}) as Obj;
    const ok = (payload: unknown = { ok: true }) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    try {
      if (method === 'GET' && path === '/_fake/sessions') return ok(fake.sessions());
      if (method === 'GET' && path === '/_fake/events') return ok(fake.events());
      if (method === 'GET' && path === '/_fake/requests') return ok(requests);
      if (method === 'GET' && path === '/_fake/webhooks/deliveries') return ok(deliveries);
      if (method === 'GET' && path === '/_fake/config') return ok(config);
      if (method === 'POST' && path === '/_fake/config') return ok(configure(body));
      if (method === 'POST' && path === '/_fake/inject') return ok(fake.inject(body as InjectRule));
      if (method === 'POST' && path === '/_fake/heal') return ok(fake.heal());
      if (method === 'POST' && path === '/_fake/reset') return ok(fake.reset());
      if (method === 'POST' && path === '/_fake/webhooks/flush') return ok(await flush());
      if (method === 'POST' && path === '/_fake/webhooks/idle') return ok(await idle());
      if (method === 'POST' && path === '/_fake/clock/advance') return ok(await advance());
      if (method === 'POST' && path === '/_fake/refunds') return ok(await refund(String(body.payment_intent), body.amount));
      let match = /^\/_fake\/refunds\/([^/]+)\/fail$/.exec(path);
      if (method === 'POST' && match) return ok(await failRefund(decodeURIComponent(match[1] as string), body.reason));
      match = /^\/_fake\/checkout\/([^/]+)\/(complete|expire|settle)$/.exec(path);
      if (method === 'POST' && match) {
        const id = decodeURIComponent(match[1] as string);
        if (match[2] === 'complete') return ok(await complete(id, body as CompleteOptions));
        if (match[2] === 'settle') return ok(await settle(id));
        return ok(await expire(id));
      }
      match = /^\/_fake\/subscriptions\/([^/]+)\/(cycle|cancel)$/.exec(path);
      if (method === 'POST' && match) {
        const id = decodeURIComponent(match[1] as string);
        if (match[2] === 'cycle') return ok(await cycle(id, body.outcome === 'failed' ? 'failed' : 'paid'));
        return ok(await cancelSubscription(id, { atPeriodEnd: body.atPeriodEnd === true }));
      }
      match = /^\/_fake\/webhooks\/redeliver\/([^/]+)$/.exec(path);
      if (method === 'POST' && match) return ok(await redeliver(decodeURIComponent(match[1] as string)));
    } catch (error) {
      if (error instanceof StripeHttpError) {
        res.writeHead(error.status, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ error: error.error }));
      }
      throw error;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: 'unknown control path' }));
  }

  async function advance(): Promise<void> {
    for (const id of [...processing.keys()]) await settle(id);
  }

  const fake = {
    secretKey,
    configure,
    complete,
    settle,
    advance,
    expire,
    cycle,
    cancelSubscription,
    refund,
    failRefund,
    redeliver,
    flush,
    idle,
    deliveries: () => copy(deliveries),
    inject: (rule: InjectRule) => void rules.push({ ...rule, left: rule.times ?? 1 }),
    heal: () => {
      rules = [];
    },
    sessions: () => sessionIds.map((id) => publicSession(objects.get(id) as Obj, ['line_items'])),
    events: () => copy(events),
    requests: () => copy(requests),
    object: (id: string) => {
      const found = objects.get(id);
      return found ? copy(found) : undefined;
    },
    reset: () => {
      objects.clear();
      sessionIds.length = 0;
      events.length = 0;
      eventBodies.clear();
      queue = [];
      deliveries.length = 0;
      rules = [];
      requests.length = 0;
      idempotency.clear();
      processing.clear();
    },
  };

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://${host}:${port}`;
  return Object.assign(fake, {
    url: baseUrl,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  });
}

// ---------------------------------------------------------------------------------------------
// Helpers without state.

/** Stripe's form encoding back into structure: `a[b][0][c]=v`; numeric segments make arrays without gaps. */
export function parseForm(encoded: string): Obj {
  const root: Obj = {};
  if (!encoded) return root;
  for (const pair of encoded.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const decode = (text: string) => decodeURIComponent(text.replace(/\+/g, ' '));
    const rawKey = decode(eq === -1 ? pair : pair.slice(0, eq));
    const value = decode(eq === -1 ? '' : pair.slice(eq + 1));
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!match) throw invalid(`Invalid parameter name: ${rawKey}`, rawKey);
    const segments = [match[1] as string, ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] as string)];
    if (segments.some((segment) => segment === '')) throw invalid(`Invalid array syntax in ${rawKey}: use indexes (a[0]).`, rawKey);
    let node = root;
    segments.forEach((segment, index) => {
      if (index === segments.length - 1) {
        if (segment in node && typeof node[segment] === 'object') throw invalid(`Conflicting values for ${rawKey}`, rawKey);
        node[segment] = value;
        return;
      }
      if (!(segment in node)) node[segment] = {};
      if (typeof node[segment] !== 'object') throw invalid(`Conflicting values for ${rawKey}`, rawKey);
      node = node[segment];
    });
  }
  return arraysOf(root, '') as Obj;
}

function arraysOf(node: unknown, path: string): unknown {
  if (typeof node !== 'object' || node === null) return node;
  const entries = Object.entries(node as Obj);
  const numeric = entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key));
  const child = (key: string) => (path ? `${path}[${key}]` : key);
  if (!numeric) return Object.fromEntries(entries.map(([key, value]) => [key, arraysOf(value, child(key))]));
  const indexes = entries.map(([key]) => Number(key)).sort((a, b) => a - b);
  indexes.forEach((index, position) => {
    if (index !== position) throw invalid(`Invalid array: ${path} must have consecutive indexes starting at 0.`, path);
  });
  return indexes.map((index) => arraysOf((node as Obj)[String(index)], child(String(index))));
}

/** Refuses any parameter the spec does not name, with its full bracket path (as Stripe does). */
function checkKnown(params: Obj, spec: Spec, path = ''): void {
  if (spec === true) {
    if (typeof params === 'object' && params !== null) throw unknownParam(`${path}[${Object.keys(params)[0]}]`);
    return;
  }
  if (spec === 'map') {
    if (typeof params !== 'object' || params === null || Array.isArray(params)) {
      if ((params as unknown) === '') return; // "unset"
      throw invalid(`Invalid object`, path);
    }
    return;
  }
  if (Array.isArray(spec)) {
    if (!Array.isArray(params)) throw invalid(`Invalid array`, path);
    for (const [index, item] of params.entries()) checkKnown(item, spec[0], `${path}[${index}]`);
    return;
  }
  if (typeof params !== 'object' || params === null || Array.isArray(params)) throw invalid('Invalid object', path);
  for (const [key, value] of Object.entries(params)) {
    const at = path ? `${path}[${key}]` : key;
    const child = spec[key];
    if (child === undefined) throw unknownParam(at);
    checkKnown(value, child, at);
  }
}

const unknownParam = (param: string) => invalid(`Received unknown parameter: ${param}`, param, 'parameter_unknown');

function metadataOf(metadata: unknown, path: string): void {
  if (metadata === undefined || metadata === '') return;
  const entries = Object.entries(metadata as Obj);
  if (entries.length > 50) throw invalid('Metadata can have up to 50 keys.', path);
  for (const [key, value] of entries) {
    if (key.length > 40) throw invalid(`Metadata keys can be up to 40 characters long: ${key}`, `${path}[${key}]`);
    if (typeof value !== 'string') throw invalid('Metadata values must be strings.', `${path}[${key}]`);
    if (value.length > 500) throw invalid('Metadata values can be up to 500 characters long.', `${path}[${key}]`);
  }
}

function integer(value: unknown, param: string, min: number): number {
  const text = String(value);
  if (!/^-?\d+$/.test(text)) throw invalid(`Invalid integer: ${text}`, param, 'parameter_invalid_integer');
  const number = Number(text);
  if (number < min) throw invalid(`This value must be greater than or equal to ${min}.`, param, 'parameter_invalid_integer');
  return number;
}

function isAbsoluteUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Obj)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

function cannedError(status: number): Obj {
  if (status === 401) return { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****fake' } };
  if (status === 404) return { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such object' } };
  if (status === 429) return { error: { type: 'invalid_request_error', code: 'rate_limit', message: 'Request rate limit exceeded.' } };
  if (status >= 500) return { error: { type: 'api_error', message: 'An unknown error occurred' } };
  return { error: { type: 'invalid_request_error', message: 'Injected failure' } };
}

function globMatch(glob: string, path: string): boolean {
  const pattern = glob
    .split('**')
    .map((part) =>
      part
        .split('*')
        .map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]*'),
    )
    .join('.*');
  return new RegExp(`^${pattern}$`).test(path);
}

function maskKey(key: string): string {
  const prefix = /^(sk|rk|pk)_(test|live)_/.exec(key)?.[0] ?? '';
  return `${prefix}****${key.slice(-4)}`;
}

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
