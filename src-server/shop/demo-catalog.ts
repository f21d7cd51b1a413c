/**
 * The bundled demo catalog: SchoolBox merchandise with our own pictures (src-client/public/images/shop),
 * shown when no Printful token is configured, so `npm start` has a complete shop offline. Names and
 * colours are German, as the products of a German Printful store would be (they are data, not
 * interface text). Orders placed against it are stored and confirmed but sent nowhere.
 */
import type { ShopProduct, ShopVariant } from '@shared/schemas/shop';
import type { ShopProvider } from './provider';
import { uniqueValues } from './unique-values';

type Colour = { name: string; slug: string };
type DemoProduct = {
  id: string;
  name: string;
  /** File name stem under /images/shop/; a product with colours has one picture per colour. */
  picture: string;
  colors: Colour[];
  sizes: string[];
  priceCents: number;
  /** Sizes that cost more than `priceCents` (larger garments, larger bottles). */
  priceBySize?: Record<string, number>;
};

const BLACK = { name: 'Schwarz', slug: 'black' };
const NAVY = { name: 'Marineblau', slug: 'navy' };
const WHITE = { name: 'Weiß', slug: 'white' };
const CLOTHING_SIZES = ['S', 'M', 'L', 'XL', 'XXL'];

const DEMO_PRODUCTS: DemoProduct[] = [
  {
    id: 'sb-tshirt',
    name: 'SchoolBox T-Shirt',
    picture: 'tshirt',
    colors: [NAVY, BLACK, WHITE],
    sizes: CLOTHING_SIZES,
    priceCents: 2490,
    priceBySize: { XXL: 2690 },
  },
  {
    id: 'sb-hoodie',
    name: 'SchoolBox Hoodie',
    picture: 'hoodie',
    colors: [{ name: 'Anthrazit', slug: 'anthracite' }, NAVY],
    sizes: CLOTHING_SIZES,
    priceCents: 4490,
    priceBySize: { XXL: 4790 },
  },
  {
    id: 'sb-tote',
    name: 'Stoffbeutel „Bildung für alle“',
    picture: 'tote',
    colors: [{ name: 'Natur', slug: 'natural' }, BLACK],
    sizes: [],
    priceCents: 1490,
  },
  { id: 'sb-mug', name: 'SchoolBox Tasse', picture: 'mug', colors: [], sizes: [], priceCents: 1290 },
  { id: 'sb-cap', name: 'SchoolBox Cap', picture: 'cap', colors: [BLACK, { name: 'Khaki', slug: 'khaki' }], sizes: [], priceCents: 1990 },
  {
    id: 'sb-bottle',
    name: 'Trinkflasche aus Edelstahl',
    picture: 'bottle',
    colors: [],
    sizes: ['500 ml', '750 ml'],
    priceCents: 2490,
    priceBySize: { '750 ml': 2790 },
  },
  { id: 'sb-stickers', name: 'Sticker-Set (5 Stück)', picture: 'stickers', colors: [], sizes: [], priceCents: 490 },
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

export function createDemoProvider(): ShopProvider {
  return {
    kind: 'demo',
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
