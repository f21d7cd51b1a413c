/**
 * The last good catalog, kept in the database (app_state, under `shop_catalog:<source>`) beside the copy
 * in memory: a restart while Printful is down or refuses the token still has a shop, and several
 * processes on one PostgreSQL database share one copy (one of them refreshes it, the others take it).
 * A value this version cannot read (a future shape, a damaged row) counts as no copy.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import { shopProductSchema, type ShopProduct } from '@shared/schemas/shop';
import { getAppState, putAppState } from '../db/app-state';
import type { Db } from '../db/connect';

export type CatalogCopy = { products: ShopProduct[]; fetchedAt: number };

export type CatalogStore = {
  read(): Promise<CatalogCopy | null>;
  write(copy: CatalogCopy): Promise<void>;
};

const storedCatalogSchema = z.object({ fetchedAt: z.iso.datetime(), products: z.array(shopProductSchema) });

const KEY_PREFIX = 'shop_catalog:';

/** The app_state key of a source's copy: one per Printful store (printfulCatalogSource). */
export function catalogStoreKey(source: string): string {
  return `${KEY_PREFIX}${source}`;
}

/**
 * Which Printful store a copy is of: PRINTFUL_STORE_ID when set, else the store the token itself belongs
 * to, named by a digest of the token. Not "printful" alone: an operator who puts another store's token
 * into PRINTFUL_API_TOKEN would get the old store's products from the stored copy (for good while the new
 * store's Printful fails). The token itself never goes into the database (nor into a backup of it); 64
 * bits of its SHA-256 tell stores apart and give nothing of it away.
 */
export function printfulCatalogSource(apiToken: string, storeId: string): string {
  if (storeId) return `printful:${storeId}`;
  return `printful:token-${createHash('sha256').update(apiToken).digest('hex').slice(0, 16)}`;
}

export function createCatalogStore(db: Db, source: string): CatalogStore {
  const key = catalogStoreKey(source);
  return {
    async read() {
      const stored = await getAppState(db, key);
      if (stored === null) return null;
      let value: unknown;
      try {
        value = JSON.parse(stored);
      } catch {
        return null;
      }
      const parsed = storedCatalogSchema.safeParse(value);
      return parsed.success ? { products: parsed.data.products, fetchedAt: Date.parse(parsed.data.fetchedAt) } : null;
    },
    async write(copy) {
      await putAppState(db, key, JSON.stringify({ fetchedAt: new Date(copy.fetchedAt).toISOString(), products: copy.products }));
      // The copies of any store the site used before (another token or store id) are read by no one any more:
      // a whole catalog each, gone with the first good copy of this one. (While processes with the old and
      // the new setting share the database, each deletes the other's; each still has its copy in memory.)
      await db
        .deleteFrom('app_state')
        .where(sql<string>`substr(${sql.ref('key')}, 1, ${sql.lit(KEY_PREFIX.length)})`, '=', KEY_PREFIX)
        .where('key', '!=', key)
        .execute();
    },
  };
}
