/**
 * Colour and size of a Printful sync variant. The variant's `color` and `size` fields are the source;
 * older stores and examples lack them, so the name is read as a fallback: a sync variant is usually
 * named "Product - Colour / Size", and its catalog product "Blank product (Colour / Size)".
 * Names are free text, so the fallback only takes what clearly looks like a colour or a size.
 */
export type VariantOptions = { color: string | null; size: string | null };

type VariantLike = {
  name?: string | null;
  color?: string | null;
  size?: string | null;
  product?: { name?: string | null } | null;
};

// Clothing sizes, numeric sizes with a unit, dimensions ("10″×10″", "18x24") and "One size".
const SIZE =
  /^(?:XXS|XS|S|M|L|XL|XXL|XXXL|[2-6]XL|one size|einheitsgröße|\d+(?:[.,]\d+)?\s?(?:oz|ml|l|cl|cm|mm|in|″|"|')|\d+(?:[.,]\d+)?\s?(?:″|"|cm|in)?\s?[x×]\s?\d+(?:[.,]\d+)?\s?(?:″|"|cm|in)?)$/i;

export function looksLikeSize(value: string): boolean {
  return SIZE.test(value.trim());
}

const clean = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** "Colour / Size", "Colour" or "Size" → the options it names. */
function readOptionPart(part: string): VariantOptions | null {
  const pieces = part
    .split('/')
    .map((piece) => piece.trim())
    .filter(Boolean);
  if (pieces.length === 2) return { color: pieces[0] ?? null, size: pieces[1] ?? null };
  if (pieces.length === 1) {
    const only = pieces[0] as string;
    return looksLikeSize(only) ? { color: null, size: only } : { color: only, size: null };
  }
  return null;
}

/** The options in a sync variant name: the part after the last " - ". */
export function optionsFromVariantName(name: string): VariantOptions | null {
  const at = name.lastIndexOf(' - ');
  if (at < 0) return null;
  return readOptionPart(name.slice(at + 3));
}

/** The options in a catalog product name: the last "( … )" group. */
export function optionsFromProductName(name: string): VariantOptions | null {
  const match = /\(([^()]+)\)\s*$/.exec(name);
  return match?.[1] ? readOptionPart(match[1]) : null;
}

export function variantOptions(variant: VariantLike): VariantOptions {
  const color = clean(variant.color);
  const size = clean(variant.size);
  if (color !== null || size !== null) return { color, size };
  const parsed =
    (variant.name ? optionsFromVariantName(variant.name) : null) ??
    (variant.product?.name ? optionsFromProductName(variant.product.name) : null);
  return { color: clean(parsed?.color), size: clean(parsed?.size) };
}
