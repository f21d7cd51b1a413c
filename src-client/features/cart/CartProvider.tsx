import { useDisclosure } from '@mantine/hooks';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { cartCount, cartSubtotalCents, removeLine, setLineQuantity, type CartLine, type CartLineKey } from '@shared/cart';
import { readStoredCart, storeCart } from './cart-storage';

type CartContextValue = {
  lines: CartLine[];
  count: number;
  subtotalCents: number;
  isOpen: boolean;
  open(): void;
  close(): void;
  setQuantity(key: CartLineKey, quantity: number): void;
  remove(key: CartLineKey): void;
  clear(): void;
};

const CartContext = createContext<CartContextValue | null>(null);

/**
 * The visitor's cart. Kept in localStorage as well as memory (DESIGN §7: checkout is a full page load).
 * Adding products comes with the shop; until then the cart can only be empty or restored.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const [lines, setLines] = useState<CartLine[]>(readStoredCart);
  const [isOpen, { open, close }] = useDisclosure(false);

  useEffect(() => storeCart(lines), [lines]);

  const setQuantity = useCallback((key: CartLineKey, quantity: number) => setLines((current) => setLineQuantity(current, key, quantity)), []);
  const remove = useCallback((key: CartLineKey) => setLines((current) => removeLine(current, key)), []);
  const clear = useCallback(() => setLines([]), []);

  const value = useMemo(
    () => ({ lines, count: cartCount(lines), subtotalCents: cartSubtotalCents(lines), isOpen, open, close, setQuantity, remove, clear }),
    [lines, isOpen, open, close, setQuantity, remove, clear],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart must be used within a CartProvider');
  return value;
}
