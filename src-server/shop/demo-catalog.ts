/**
 * The bundled demo catalog: SchoolBox merchandise with our own pictures (src-client/public/images/shop),
 * shown when no Printful token is configured, so `npm start` has a complete shop offline. Names and
 * colours are German, as the products of a German Printful store would be (they are data, not
 * interface text); their English and French names come along here (DEMO_TRANSLATIONS, applied by
 * product-texts.ts; the admins' translation table still overrides them). Orders placed against it are
 * stored and confirmed but sent nowhere.
 */
import type { ShopProduct, ShopVariant } from '@shared/schemas/shop';
import type { CatalogTranslations } from './product-texts';
import type { ShopProvider } from './provider';
import { uniqueValues } from './unique-values';

/** A name in the store's language (German) and its English and French ones. */
type Names = { name: string; en: string; fr: string };
type Colour = Names & { slug: string };
type DemoProduct = Names & {
  id: string;
  /** File name stem under /images/shop/; a product with colours has one picture per colour. */
  picture: string;
  colors: Colour[];
  sizes: string[];
  priceCents: number;
  /** Sizes that cost more than `priceCents` (larger garments, larger bottles). */
  priceBySize?: Record<string, number>;
};

const BLACK: Colour = { name: 'Schwarz', en: 'Black', fr: 'Noir', slug: 'black' };
const NAVY: Colour = { name: 'Marineblau', en: 'Navy', fr: 'Bleu marine', slug: 'navy' };
const WHITE: Colour = { name: 'Weiß', en: 'White', fr: 'Blanc', slug: 'white' };
const ANTHRACITE: Colour = { name: 'Anthrazit', en: 'Charcoal', fr: 'Anthracite', slug: 'anthracite' };
const NATURAL: Colour = { name: 'Natur', en: 'Natural', fr: 'Écru', slug: 'natural' };
const KHAKI: Colour = { name: 'Khaki', en: 'Khaki', fr: 'Kaki', slug: 'khaki' };
const CLOTHING_SIZES = ['S', 'M', 'L', 'XL', 'XXL'];

const DEMO_PRODUCTS: DemoProduct[] = [
  {
    id: 'sb-tshirt',
    name: 'SchoolBox T-Shirt',
    en: 'SchoolBox T-Shirt',
    fr: 'T-shirt SchoolBox',
    picture: 'tshirt',
    colors: [NAVY, BLACK, WHITE],
    sizes: CLOTHING_SIZES,
    priceCents: 2490,
    priceBySize: { XXL: 2690 },
  },
  {
    id: 'sb-hoodie',
    name: 'SchoolBox Hoodie',
    en: 'SchoolBox Hoodie',
    fr: 'Sweat à capuche SchoolBox',
    picture: 'hoodie',
    colors: [ANTHRACITE, NAVY],
    sizes: CLOTHING_SIZES,
    priceCents: 4490,
    priceBySize: { XXL: 4790 },
  },
  {
    id: 'sb-tote',
    name: 'Stoffbeutel „Bildung für alle“',
    en: 'Tote bag “Education for All”',
    fr: 'Sac en toile « L’éducation pour tous »',
    picture: 'tote',
    colors: [NATURAL, BLACK],
    sizes: [],
    priceCents: 1490,
  },
  {
    id: 'sb-mug',
    name: 'SchoolBox Tasse',
    en: 'SchoolBox Mug',
    fr: 'Mug SchoolBox',
    picture: 'mug',
    colors: [],
    sizes: [],
    priceCents: 1290,
  },
  {
    id: 'sb-cap',
    name: 'SchoolBox Cap',
    en: 'SchoolBox Cap',
    fr: 'Casquette SchoolBox',
    picture: 'cap',
    colors: [BLACK, KHAKI],
    sizes: [],
    priceCents: 1990,
  },
  {
    id: 'sb-bottle',
    name: 'Trinkflasche aus Edelstahl',
    en: 'Stainless steel water bottle',
    fr: 'Gourde en inox',
    picture: 'bottle',
    colors: [],
    sizes: ['500 ml', '750 ml'],
    priceCents: 2490,
    priceBySize: { '750 ml': 2790 },
  },
  {
    id: 'sb-stickers',
    name: 'Sticker-Set (5 Stück)',
    en: 'Sticker set (5 stickers)',
    fr: 'Lot de 5 autocollants',
    picture: 'stickers',
    colors: [],
    sizes: [],
    priceCents: 490,
  },
];

const slug = (value: string) => value.toLowerCase().replace(/[^a-z0-9]+/g, '');

function toShopProduct(product: DemoProduct): ShopProduct {
  const colors: Array<Colour | null> = product.colors.length > 0 ? product.colors : [null];
  const sizes: Array<string | null> = product.sizes.length > 0 ? product.sizes : [null];
  const variants: ShopVariant[] = colors.flatMap((colour) =>
    sizes.map((size) => {
      const options = [colour?.name, size].filter(Boolean).join(' / ');
      return {
        id: [product.id, colour?.slug, size ? slug(size) : undefined].filter(Boolean).join('-'),
        name: options ? `${product.name} - ${options}` : product.name,
        color: colour?.name ?? null,
        size,
        priceCents: (size && product.priceBySize?.[size]) || product.priceCents,
        image: `/images/shop/${product.picture}${colour ? `-${colour.slug}` : ''}.svg`,
      };
    }),
  );
  return {
    id: product.id,
    name: product.name,
    thumbnail: variants[0]?.image ?? null,
    variants,
    colors: uniqueValues(variants.map((variant) => variant.color)),
    sizes: uniqueValues(variants.map((variant) => variant.size)),
  };
}

export const DEMO_CATALOG: readonly ShopProduct[] = DEMO_PRODUCTS.map(toShopProduct);

const otherLanguages = ({ en, fr }: Names) => ({ en, fr });

/** The demo catalog's English and French names of its products and colours. */
export const DEMO_TRANSLATIONS: CatalogTranslations = {
  products: Object.fromEntries(DEMO_PRODUCTS.map((product) => [product.id, otherLanguages(product)])),
  colors: Object.fromEntries(DEMO_PRODUCTS.flatMap((product) => product.colors.map((colour) => [colour.name, otherLanguages(colour)]))),
};

export function createDemoProvider(): ShopProvider {
  return {
    kind: 'demo',
    translations: DEMO_TRANSLATIONS,
    fetchCatalog: async () => structuredClone([...DEMO_CATALOG]),
    async createDraftOrder() {
      throw new Error('the demo catalog sends orders nowhere');
    },
    async placeConfirmedOrder() {
      throw new Error('the demo catalog sends orders nowhere');
    },
    async cancelOrder() {
      throw new Error('the demo catalog sends orders nowhere');
    },
  };
}
