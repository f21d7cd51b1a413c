import type { ShopProduct } from '@shared/schemas/shop';
import { publicProcedure, router } from '../trpc';

export const shopRouter = router({
  /** The catalog (Printful's, or the bundled demo); cached, see catalog.ts. */
  products: publicProcedure.query(({ ctx }): Promise<ShopProduct[]> => ctx.shop.catalog.products()),
});
