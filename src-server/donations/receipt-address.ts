import type Stripe from 'stripe';
import type { ReceiptAddress } from '@shared/receipt-address';
import type { DonationRow } from '../db/schema';

/**
 * The donation's columns for the formal receipt's name and address (migration 0022), and the way from a
 * Checkout session's `customer_details` to them. The webhook stores them only for a payment above
 * SIMPLIFIED_RECEIPT_LIMIT_CENTS, the only one for which Checkout asked for the address.
 */
export type ReceiptColumns = Pick<
  DonationRow,
  'receipt_name' | 'receipt_line1' | 'receipt_line2' | 'receipt_postal_code' | 'receipt_city' | 'receipt_country'
>;

export const RECEIPT_COLUMN_NAMES = [
  'receipt_name',
  'receipt_line1',
  'receipt_line2',
  'receipt_postal_code',
  'receipt_city',
  'receipt_country',
] as const satisfies ReadonlyArray<keyof ReceiptColumns>;

/** Every receipt column empty: what the retention job leaves. */
export const NO_RECEIPT_ADDRESS: ReceiptColumns = {
  receipt_name: null,
  receipt_line1: null,
  receipt_line2: null,
  receipt_postal_code: null,
  receipt_city: null,
  receipt_country: null,
};

/** Trimmed text, or null for nothing (Stripe sends null or "" for a part it did not collect). */
const part = (value: string | null | undefined): string | null => value?.trim() || null;

/** What Stripe's session says of the payer's name and billing address; null when it has neither. */
export function receiptColumnsFrom(details: Stripe.Checkout.Session.CustomerDetails | null | undefined): ReceiptColumns | null {
  const address = details?.address;
  const columns: ReceiptColumns = {
    receipt_name: part(details?.name),
    receipt_line1: part(address?.line1),
    receipt_line2: part(address?.line2),
    receipt_postal_code: part(address?.postal_code),
    receipt_city: part(address?.city),
    receipt_country: part(address?.country),
  };
  return Object.values(columns).some((value) => value !== null) ? columns : null;
}

/** The stored name and address, or null when none was stored (below the limit, not paid yet, or anonymized). */
export function receiptAddressOf(row: ReceiptColumns): ReceiptAddress | null {
  if (RECEIPT_COLUMN_NAMES.every((column) => row[column] === null)) return null;
  return {
    name: row.receipt_name,
    line1: row.receipt_line1,
    line2: row.receipt_line2,
    postalCode: row.receipt_postal_code,
    city: row.receipt_city,
    country: row.receipt_country,
  };
}
