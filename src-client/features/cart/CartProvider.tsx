import { useLingui } from '@lingui/react/macro';
import { useDisclosure } from '@mantine/hooks';
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  addToCart,
  cartCount,
  cartSubtotalCents,
  isSameCart,
  isSameLine,
  mergeLines,
  recheckCart,
  removeLine,
  setLineQuantity,
  type CartItem,
  type CartLine,
  type CartLineKey,
} from '@shared/cart';
import { ORDER_LINE_MAX_QUANTITY } from '@shared/constants';
import type { ShopProduct } from '@shared/schemas/shop';
import { CART_STORAGE_KEY, readStoredCart, storeCart } from './cart-storage';
import { showToast } from '@client/components/feedback/toast';

type CartContextValue = {
  lines: CartLine[];
  count: number;
  subtotalCents: number;
  /** False while the server renders and until the stored cart has been read in the browser. */
  isRestored: boolean;
  isOpen: boolean;
  open(): void;
  close(): void;
  /** One more of this item (spec §4): a toast, and the sheet opens. */
  add(item: CartItem): void;
  /** Zero or less removes the line (with the removal toast). */
  setQuantity(key: CartLineKey, quantity: number): void;
  remove(key: CartLineKey): void;
  /** Empties the cart and says so. */
  clear(): void;
  /** Empties the cart without a word (after an order was placed). */
  reset(): void;
  /** Brings the lines up to date with the catalog; tells the visitor what changed. */
  recheck(products: readonly ShopProduct[]): void;
};

const CartContext = createContext<CartContextValue | null>(null);

/**
 * The visitor's cart. Kept in localStorage as well as memory (DESIGN §7: checkout is a full page load).
 * The server renders every page with an empty cart; the stored one is restored once the page runs.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const [lines, setLines] = useState<CartLine[]>([]);
  const [isRestored, setRestored] = useState(false);
  const [isOpen, { open, close }] = useDisclosure(false);
  // The lines as of the last change, for actions that decide on a toast: a state updater must not
  // have side effects (React may call it twice).
  const current = useRef<CartLine[]>([]);
  const commit = useCallback((next: CartLine[]) => {
    current.current = next;
    setLines(next);
  }, []);

  // Lines just read from the stored cart are not written back: the restore's state lands a few frames
  // after it read the storage (a transition), and writing it back then would put the cart as it was over
  // one stored in the meantime (by another tab, or a test).
  const readFromStorage = useRef<CartLine[] | null>(null);
  const adopt = useCallback(
    (stored: CartLine[]) => {
      readFromStorage.current = stored;
      commit(stored);
    },
    [commit],
  );

  useEffect(() => {
    // A transition (ADR 049): it runs right after hydration, and an update of default priority there is
    // rendered at once, with every other effect's, in one long task; this one re-renders the header.
    startTransition(() => {
      // Lines added before this ran (a tap while the page was hydrating) join the stored ones, and that is new.
      const added = current.current;
      const stored = readStoredCart();
      if (added.length === 0) adopt(mergeLines(stored));
      else commit(mergeLines([...stored, ...added]));
      setRestored(true);
    });
    // Another tab changed the cart (added something, placed the order): follow it.
    const onStorage = (event: StorageEvent) => {
      if (event.key === CART_STORAGE_KEY || event.key === null) adopt(readStoredCart());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [commit, adopt]);

  useEffect(() => {
    if (isRestored && lines !== readFromStorage.current) storeCart(lines);
  }, [lines, isRestored]);

  const add = useCallback(
    (item: CartItem) => {
      const { lines: next, outcome } = addToCart(current.current, item);
      const name = item.name;
      if (outcome === 'atLimit') {
        // The line is full: say so rather than "Menge erhöht" (the sheet shows the quantity as it is).
        const max = ORDER_LINE_MAX_QUANTITY;
        showToast({ color: 'yellow', title: t`Höchstmenge erreicht`, message: t`${name}: höchstens ${max} Stück pro Bestellung.` });
      } else {
        commit(next);
        showToast({ color: 'green', message: outcome === 'increased' ? t`${name} Menge erhöht` : t`${name} zum Warenkorb hinzugefügt` });
      }
      open();
    },
    [commit, open, t],
  );

  const remove = useCallback(
    (key: CartLineKey) => {
      const line = current.current.find((candidate) => isSameLine(candidate, key));
      if (!line) return;
      commit(removeLine(current.current, key));
      showToast({ color: 'blue', title: t`Produkt entfernt`, message: line.name });
    },
    [commit, t],
  );

  const setQuantity = useCallback(
    (key: CartLineKey, quantity: number) => {
      if (quantity <= 0) remove(key);
      else commit(setLineQuantity(current.current, key, quantity));
    },
    [commit, remove],
  );

  const clear = useCallback(() => {
    commit([]);
    showToast({ color: 'blue', message: t`Warenkorb geleert` });
  }, [commit, t]);

  const reset = useCallback(() => commit([]), [commit]);

  const recheck = useCallback(
    (products: readonly ShopProduct[]) => {
      const result = recheckCart(current.current, products);
      if (isSameCart(result.lines, current.current)) return;
      commit(result.lines);
      const messages: string[] = [];
      if (result.updated.length > 0) {
        const names = result.updated.map((line) => line.name).join(', ');
        messages.push(t`Preise oder Angaben haben sich geändert: ${names}.`);
      }
      if (result.removed.length > 0) {
        const names = result.removed.map((line) => line.name).join(', ');
        messages.push(t`Nicht mehr erhältlich und entfernt: ${names}.`);
      }
      if (messages.length > 0) showToast({ color: 'yellow', title: t`Warenkorb aktualisiert`, message: messages.join(' ') });
    },
    [commit, t],
  );

  const value = useMemo(
    () => ({
      lines,
      count: cartCount(lines),
      subtotalCents: cartSubtotalCents(lines),
      isRestored,
      isOpen,
      open,
      close,
      add,
      setQuantity,
      remove,
      clear,
      reset,
      recheck,
    }),
    [lines, isRestored, isOpen, open, close, add, setQuantity, remove, clear, reset, recheck],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart must be used within a CartProvider');
  return value;
}
