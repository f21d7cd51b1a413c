/**
 * The admins' product names in English and French (product_translations, migration 0017), by product
 * id. An empty field means "no translation": its row is deleted, and the shop falls back to the
 * provider's own name (product-texts.ts).
 */
import type { Locale } from '@shared/locales';
import { PRODUCT_TRANSLATION_LOCALES, type ProductTranslationLocale } from '@shared/schemas/shop';
import type { Db } from '../db/connect';
import type { ProductNameOverrides } from './product-texts';

export async function readProductTranslations(db: Db): Promise<ProductNameOverrides> {
  const rows = await db.selectFrom('product_translations').select(['product_id', 'locale', 'name']).execute();
  const overrides = new Map<string, Partial<Record<Locale, string>>>();
  for (const row of rows) {
    const names = overrides.get(row.product_id) ?? {};
    names[row.locale as Locale] = row.name;
    overrides.set(row.product_id, names);
  }
  return overrides;
}

/** Replaces one product's translations: a name is stored, an empty one removed. */
export async function saveProductTranslation(
  db: Db,
  productId: string,
  names: Record<ProductTranslationLocale, string>,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const locale of PRODUCT_TRANSLATION_LOCALES) {
      const name = names[locale];
      if (!name) {
        await trx.deleteFrom('product_translations').where('product_id', '=', productId).where('locale', '=', locale).execute();
        continue;
      }
      await trx
        .insertInto('product_translations')
        .values({ product_id: productId, locale, name, updated_at: now.toISOString() })
        .onConflict((oc) => oc.columns(['product_id', 'locale']).doUpdateSet({ name, updated_at: now.toISOString() }))
        .execute();
    }
  });
}
