import type { ShopProduct } from '@shared/schemas/shop';
import { publicProcedure, router } from '../trpc';
import { shopServicesFor } from './services';

export const shopRouter = router({
  /** The catalog (Printful's, or the bundled demo); cached, see catalog.ts. */
  products: publicProcedure.query(({ ctx }): Promise<ShopProduct[]> => shopServicesFor(ctx.config, ctx).catalog.products()),
});
