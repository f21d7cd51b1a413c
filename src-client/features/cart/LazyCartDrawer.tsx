import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useCart } from './CartProvider';

const CartDrawer = lazy(() => import('./CartDrawer').then((module) => ({ default: module.CartDrawer })));

/**
 * The cart side sheet, loaded the first time it opens: most visitors never open it, and its dialog
 * machinery (focus trap, scroll lock, transitions) need not load with every page.
 */
export function LazyCartDrawer() {
  const { t } = useLingui();
  const { isOpen } = useCart();
  const [isNeeded, setNeeded] = useState(false);
  useEffect(() => {
    if (isOpen) setNeeded(true);
  }, [isOpen]);
  if (!isNeeded) return null;
  // Its own landmark, rendered in place rather than at the end of <body>: an open sheet is then inside
  // a labelled region, and its header is not taken for a second banner of the page.
  return (
    <aside aria-label={t`Warenkorb`}>
      <Suspense fallback={null}>
        <CartDrawer />
      </Suspense>
    </aside>
  );
}
