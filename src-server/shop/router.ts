import { productTranslationInputSchema, shopProductsInputSchema, type ShopProduct } from '@shared/schemas/shop';
import { adminProcedure, publicProcedure, router } from '../trpc';
import { localizedProducts } from './localized-catalog';
import { listProductTranslations, saveTranslation } from './translation-admin';

export const shopRouter = router({
  /** The catalog (Printful's, or the bundled demo) in the page's language; cached, see catalog.ts. */
  products: publicProcedure
    .input(shopProductsInputSchema)
    .query(({ ctx, input }): Promise<ShopProduct[]> => localizedProducts(ctx, input.lang)),

  /** The admins' table of product names in English and French. */
  translations: adminProcedure.query(({ ctx }) => listProductTranslations(ctx)),

  /** Saves one product's English and French names; cached pages (the shop in every language) are retired. */
  saveTranslation: adminProcedure.input(productTranslationInputSchema).mutation(async ({ ctx, input }) => {
    const row = await saveTranslation(ctx, input);
    await ctx.content.bump();
    return row;
  }),
});
