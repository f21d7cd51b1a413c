import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { shopProductsQuery } from '@client/features/shop/shop-queries';
import { useLocale } from '@client/i18n/LocaleProvider';
import { useTRPC } from '@client/trpc';
import { useCart } from './CartProvider';

/**
 * Checks the cart against the catalog while `isActive` (the sheet is open, the checkout page is shown):
 * a cart stored days ago may name products or prices that changed since. Changed lines are updated,
 * vanished ones removed, and the visitor is told (CartProvider.recheck).
 */
export function useCartRecheck(isActive: boolean) {
  const trpc = useTRPC();
  const { lines, isRestored, recheck } = useCart();
  const { locale } = useLocale();
  const products = useQuery({ ...shopProductsQuery(trpc, locale), enabled: isActive && isRestored && lines.length > 0 });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a line added while the sheet is open is checked too
  useEffect(() => {
    if (isActive && products.data) recheck(products.data);
  }, [isActive, products.data, lines, recheck]);
  return products;
}
