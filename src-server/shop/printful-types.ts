/**
 * The parts of Printful's v1 API the shop uses (../shared/reference/printful-api.md §3–§5, §11).
 * Fields Printful documents as nullable or sometimes missing are typed so; money is a decimal string.
 */
export type PfMoney = string;

export interface PfPaging {
  total: number;
  offset: number;
  limit: number;
}

/** The success envelope: `code` mirrors the HTTP status, the payload is in `result`. */
export interface PfEnvelope<T> {
  code: number;
  result: T;
  extra?: unknown[];
  paging?: PfPaging;
}

/** The error envelope: `result` is the message; `reason` is a string or (in one example) a number. */
export interface PfErrorBody {
  code?: number;
  result?: unknown;
  error?: { reason?: string | number; message?: string };
}

export interface PfSyncProductSummary {
  id: number;
  external_id: string | null;
  name: string;
  variants: number;
  synced: number;
  thumbnail_url: string | null;
  is_ignored?: boolean;
}

export interface PfFile {
  type?: string;
  status?: 'ok' | 'waiting' | 'failed';
  thumbnail_url?: string | null;
  preview_url?: string | null;
}

export type PfAvailability = 'active' | 'discontinued' | 'out_of_stock' | 'temporary_out_of_stock';

export interface PfSyncVariant {
  id: number;
  external_id: string | null;
  sync_product_id: number;
  name: string;
  synced: boolean;
  variant_id: number;
  retail_price: PfMoney | null;
  currency: string;
  is_ignored?: boolean;
  sku?: string | null;
  product?: { variant_id: number; product_id: number; image: string | null; name: string } | null;
  files?: PfFile[];
  options?: Array<{ id: string; value: unknown }>;
  size?: string | null;
  color?: string | null;
  availability_status?: PfAvailability;
}

export interface PfSyncProductDetail {
  sync_product: PfSyncProductSummary;
  sync_variants: PfSyncVariant[];
}

export interface PfRecipient {
  name: string;
  address1: string;
  city: string;
  country_code: string;
  zip: string;
  email: string;
  phone?: string;
}

export interface PfOrderItemInput {
  sync_variant_id: number;
  quantity: number;
  retail_price: PfMoney;
  name: string;
}

export interface PfCreateOrderInput {
  external_id: string;
  shipping: string;
  recipient: PfRecipient;
  items: PfOrderItemInput[];
  retail_costs: { currency: string; subtotal: PfMoney; discount: PfMoney; shipping: PfMoney; tax: PfMoney };
}

export interface PfOrder {
  id: number;
  external_id: string | null;
  status: string;
  dashboard_url?: string;
  [extra: string]: unknown;
}
