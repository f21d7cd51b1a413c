import type { CartLineKey } from '@shared/cart';

/** "Navy · M": a line's colour and size as the sheet and checkout show them; empty when it has neither. */
export function lineOptions(line: Pick<CartLineKey, 'color' | 'size'>): string {
  return [line.color, line.size].filter(Boolean).join(' · ');
}
