import type { Logger } from '../lib/logger';
import { CATALOG_REQUESTS_PER_MINUTE, fetchPrintfulCatalog } from './printful-catalog';
import { PrintfulError, type PrintfulClient, realSleep } from './printful-client';
import type { PfCreateOrderInput, PfOrder } from './printful-types';
import { formatPriceForPrintful } from './price';
import type { ProviderOrder, ShopProvider } from './provider';
import { createRequestPacer } from './request-pacer';

/** Printful as the shop's provider: store products for the catalog, draft orders for checkout. */
export function createPrintfulProvider(
  client: PrintfulClient,
  logger: Logger,
  /** How the catalog's pacer waits; tests make it return at once. */
  options: { sleep?: (ms: number) => Promise<void> } = {},
): ShopProvider {
  // One pacer for every catalog load of this process: its minute spans one load and the next.
  const sleep = options.sleep ?? realSleep;
  const pacer = createRequestPacer({ perWindow: CATALOG_REQUESTS_PER_MINUTE, windowMs: 60_000, sleep });
  return {
    kind: 'printful',
    fetchCatalog: () => fetchPrintfulCatalog(client, logger, pacer),
    async createDraftOrder(order) {
      // Without `confirm` Printful keeps the order as a draft and charges nothing (reference §5.1);
      // `update_existing` makes a retry of an attempt that did arrive update that draft, not fail.
      const { result } = await client.post<PfOrder>('/orders', toPrintfulOrder(order), { update_existing: true });
      if (typeof result?.id !== 'number' && typeof result?.id !== 'string') {
        throw new PrintfulError('unavailable', 'Printful POST /orders: answer without an order id');
      }
      return { providerOrderId: String(result.id), providerStatus: String(result.status ?? 'draft') };
    },
    async placeConfirmedOrder(order) {
      // Retry-safe in three steps (reference §5.1, §5.4): an earlier attempt may have stopped after any
      // of them. Look the order up by our number (external_id); create it as a draft only when it is not
      // there (`update_existing` refuses to touch a confirmed one); confirm it only while it is a draft.
      let existing: PfOrder | null = null;
      try {
        existing = (await client.get<PfOrder>(`/orders/@${encodeURIComponent(order.orderNumber)}`)).result;
      } catch (error) {
        if (!(error instanceof PrintfulError && error.kind === 'not_found')) throw error;
      }
      const draft = existing ?? (await client.post<PfOrder>('/orders', toPrintfulOrder(order), { update_existing: true })).result;
      if (typeof draft?.id !== 'number' && typeof draft?.id !== 'string') {
        throw new PrintfulError('unavailable', 'Printful POST /orders: answer without an order id');
      }
      if (draft.status !== 'draft') return { providerOrderId: String(draft.id), providerStatus: String(draft.status) };
      const { result } = await client.post<PfOrder>(`/orders/${draft.id}/confirm`, undefined);
      return { providerOrderId: String(draft.id), providerStatus: String(result?.status ?? 'pending') };
    },
    async cancelOrder(providerOrderId) {
      // Printful cancels draft and pending orders only; one in production answers with a refusal.
      const { result } = await client.delete<PfOrder>(`/orders/${encodeURIComponent(providerOrderId)}`);
      return { providerOrderId, providerStatus: String(result?.status ?? 'canceled') };
    },
  };
}

export function toPrintfulOrder(order: ProviderOrder): PfCreateOrderInput {
  const { recipient } = order;
  return {
    external_id: order.orderNumber,
    shipping: 'STANDARD',
    recipient: {
      name: recipient.name,
      address1: recipient.address,
      city: recipient.city,
      zip: recipient.postalCode,
      country_code: recipient.country,
      email: recipient.email,
      ...(recipient.phone ? { phone: recipient.phone } : {}),
    },
    items: order.items.map((item) => ({
      sync_variant_id: syncVariantId(item.variantId),
      quantity: item.quantity,
      retail_price: formatPriceForPrintful(item.unitPriceCents),
      name: item.name,
    })),
    // What the buyer paid us, for the packing slip (Printful's own costs are separate).
    retail_costs: {
      currency: order.currency,
      subtotal: formatPriceForPrintful(order.subtotalCents),
      discount: '0.00',
      shipping: formatPriceForPrintful(order.shippingCents),
      tax: '0.00',
    },
  };
}

function syncVariantId(variantId: string): number {
  const id = Number(variantId);
  if (!/^\d+$/.test(variantId) || !Number.isSafeInteger(id)) {
    throw new PrintfulError('rejected', `not a Printful sync variant id: ${variantId}`);
  }
  return id;
}
