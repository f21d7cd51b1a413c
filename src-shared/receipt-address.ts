/**
 * The name and postal address a formal donation receipt (Zuwendungsbestätigung, § 50 Abs. 1 EStDV) is made
 * out to, as the donor gave them on Stripe's payment page for a payment above SIMPLIFIED_RECEIPT_LIMIT_CENTS.
 * Any part may be missing: Stripe fills what it collected. `country` is ISO 3166-1 alpha-2 ("DE").
 */
export type ReceiptAddress = {
  name: string | null;
  line1: string | null;
  line2: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
};

/** Enough to post the receipt: a name (Stripe's, else the one from the form), a street, a postal code and a town. */
export function isCompleteReceiptAddress(address: ReceiptAddress | null, fallbackName: string | null = null): boolean {
  return Boolean(address && (address.name || fallbackName) && address.line1 && address.postalCode && address.city);
}

/** The address as it goes on an envelope, one line each, the country named in `intlLocale` ("Deutschland"). */
export function receiptAddressLines(address: ReceiptAddress, intlLocale: string): string[] {
  const town = [address.postalCode, address.city].filter(Boolean).join(' ');
  return [address.name, address.line1, address.line2, town, address.country ? countryName(address.country, intlLocale) : null].filter(
    (line): line is string => Boolean(line),
  );
}

function countryName(code: string, intlLocale: string): string {
  // A malformed code would throw in Intl.DisplayNames: shown as it came.
  if (!/^[A-Z]{2}$/.test(code)) return code;
  return new Intl.DisplayNames([intlLocale], { type: 'region' }).of(code) ?? code;
}
