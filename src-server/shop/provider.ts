import type { ShopProduct } from '@shared/schemas/shop';
import type { CatalogTranslations } from './product-texts';

/**
 * Where the shop's products come from and where its orders go. Two implementations: Printful
 * (printful-provider.ts) when a token is configured, and the bundled demo catalog (demo-provider.ts),
 * which makes the shop complete offline and sends orders nowhere.
 */
export interface ShopProvider {
  readonly kind: 'printful' | 'demo';
  /** Its own names in other languages (the demo catalog's); none for Printful, which has one language. */
  readonly translations?: CatalogTranslations;
  /** The whole catalog, fresh from the source (catalog.ts caches it). */
  fetchCatalog(): Promise<ShopProduct[]>;
  /**
   * Creates the order as a draft the team confirms after payment. Safe to call again for the same
   * order number: the provider updates its draft instead of making a second one.
   */
  createDraftOrder(order: ProviderOrder): Promise<ProviderOrderResult>;
  /**
   * Places a paid order for production (confirmed, charged at the provider). Safe to call again for the
   * same order number: an order that already arrived is looked up and confirmed at most once.
   */
  placeConfirmedOrder(order: ProviderOrder): Promise<ProviderOrderResult>;
  /** Cancels an order that has not gone into production; a provider refusal (already in production) throws. */
  cancelOrder(providerOrderId: string): Promise<ProviderOrderResult>;
}

/** An order as a provider needs it: every price already computed by us, in cents. */
export type ProviderOrder = {
  orderNumber: string;
  recipient: {
    name: string;
    email: string;
    phone: string | null;
    address: string;
    city: string;
    postalCode: string;
    country: string;
  };
  items: Array<{ variantId: string; name: string; quantity: number; unitPriceCents: number }>;
  currency: string;
  subtotalCents: number;
  shippingCents: number;
};

export type ProviderOrderResult = { providerOrderId: string; providerStatus: string };
