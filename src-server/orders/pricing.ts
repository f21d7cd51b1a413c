import { ORDER_LINE_MAX_QUANTITY, SHIPPING_FEE_CENTS } from '@shared/constants';
import type { ShopProduct } from '@shared/schemas/shop';
import { AppError } from '../app-error';

/** One order line as we charge it: everything from the catalog, only the quantity from the buyer. */
export type PricedLine = {
  productId: string;
  variantId: string;
  name: string;
  color: string | null;
  size: string | null;
  image: string | null;
  unitPriceCents: number;
  quantity: number;
};

export type PricedOrder = { lines: PricedLine[]; subtotalCents: number; shippingCents: number; totalCents: number };

/**
 * Prices a cart from the catalog. The client's lines name a variant and a quantity; everything else
 * it may have sent (price, name, picture) was dropped by the input schema. Lines of the same variant
 * are added up. An unknown variant refuses the whole order: the buyer must see what they pay for.
 */
export function priceOrderLines(
  products: readonly ShopProduct[],
  lines: ReadonlyArray<{ variantId: string; quantity: number }>,
): PricedOrder {
  const index = new Map(products.flatMap((product) => product.variants.map((variant) => [variant.id, { product, variant }] as const)));
  const priced = new Map<string, PricedLine>();
  for (const { variantId, quantity } of lines) {
    const found = index.get(variantId);
    if (!found) throw new AppError('PRODUCT_UNAVAILABLE', `unknown variant ${variantId}`, { variantId });
    const existing = priced.get(variantId);
    if (existing) {
      existing.quantity += quantity;
      if (existing.quantity > ORDER_LINE_MAX_QUANTITY)
        throw new AppError('VALIDATION_FAILED', `more than ${ORDER_LINE_MAX_QUANTITY} of ${variantId}`);
      continue;
    }
    const { product, variant } = found;
    priced.set(variantId, {
      productId: product.id,
      variantId,
      name: product.name,
      color: variant.color,
      size: variant.size,
      image: variant.image ?? product.thumbnail,
      unitPriceCents: variant.priceCents,
      quantity,
    });
  }
  const pricedLines = [...priced.values()];
  const subtotalCents = pricedLines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  return { lines: pricedLines, subtotalCents, shippingCents: SHIPPING_FEE_CENTS, totalCents: subtotalCents + SHIPPING_FEE_CENTS };
}

/** "SchoolBox T-Shirt (Marineblau, M)": a line as a person reads it. */
export function describeLine(line: Pick<PricedLine, 'name' | 'color' | 'size'>): string {
  const options = [line.color, line.size].filter(Boolean).join(', ');
  return options ? `${line.name} (${options})` : line.name;
}
