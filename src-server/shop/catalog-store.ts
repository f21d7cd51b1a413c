/**
 * The last good catalog, kept in the database (app_state, under `shop_catalog:<source>`) beside the copy
 * in memory: a restart while Printful is down or refuses the token still has a shop, and several
 * processes on one PostgreSQL database share one copy (one of them refreshes it, the others take it).
 * A value this version cannot read (a future shape, a damaged row) counts as no copy.
 */
import { z } from 'zod';
import { shopProductSchema, type ShopProduct } from '@shared/schemas/shop';
import type { Db } from '../db/connect';

export type CatalogCopy = { products: ShopProduct[]; fetchedAt: number };

export type CatalogStore = {
  read(): Promise<CatalogCopy | null>;
  write(copy: CatalogCopy): Promise<void>;
};

const storedCatalogSchema = z.object({ fetchedAt: z.iso.datetime(), products: z.array(shopProductSchema) });

/** The app_state key of a source's copy: one per Printful store (a store id, or the token's own store). */
export function catalogStoreKey(source: string): string {
  return `shop_catalog:${source}`;
}

export function createCatalogStore(db: Db, source: string): CatalogStore {
  const key = catalogStoreKey(source);
  return {
    async read() {
      const row = await db.selectFrom('app_state').select('value').where('key', '=', key).executeTakeFirst();
      if (!row) return null;
      let value: unknown;
      try {
        value = JSON.parse(row.value);
      } catch {
        return null;
      }
      const parsed = storedCatalogSchema.safeParse(value);
      return parsed.success ? { products: parsed.data.products, fetchedAt: Date.parse(parsed.data.fetchedAt) } : null;
    },
    async write(copy) {
      const value = JSON.stringify({ fetchedAt: new Date(copy.fetchedAt).toISOString(), products: copy.products });
      await db
        .insertInto('app_state')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    },
  };
}
