/**
 * Store data for the fake Printful server, shaped like Printful's v1 answers
 * (../shared/reference/printful-api.md §3–§4). The default store holds the awkward cases the
 * reference lists (§12.9): a product without thumbnail, a variant without price, variants without
 * colour/size fields (so names must be read), a discontinued and an ignored variant, a file still
 * "waiting" without previews, option values that are arrays, an ignored product, an unsynced one.
 */
export type FakeVariant = {
  id: number;
  external_id: string | null;
  sync_product_id: number;
  name: string;
  synced: boolean;
  variant_id: number;
  retail_price: string | null;
  currency: string;
  is_ignored: boolean;
  sku: string | null;
  product: { variant_id: number; product_id: number; image: string | null; name: string };
  files: Array<Record<string, unknown>>;
  options: Array<{ id: string; value: unknown }>;
  main_category_id: number | null;
  warehouse_product_id: null;
  warehouse_product_variant_id: null;
  size?: string | null;
  color?: string | null;
  availability_status: 'active' | 'discontinued' | 'out_of_stock' | 'temporary_out_of_stock';
};

export type FakeProduct = {
  id: number;
  external_id: string | null;
  name: string;
  thumbnail_url: string | null;
  is_ignored: boolean;
  variants: FakeVariant[];
};

const CDN = 'https://files.cdn.printful.example';

function variant(
  product: { id: number; name: string },
  id: number,
  fields: Partial<FakeVariant> & { retail_price: string | null },
): FakeVariant {
  return {
    id,
    external_id: `ext-${id}`,
    sync_product_id: product.id,
    name: `${product.name} - Variant ${id}`,
    synced: true,
    variant_id: 4000 + id,
    currency: 'EUR',
    is_ignored: false,
    sku: null,
    product: {
      variant_id: 4000 + id,
      product_id: 71,
      image: `${CDN}/products/71/${id}_blank.jpg`,
      name: 'Bella + Canvas 3001 Unisex Short Sleeve Jersey T-Shirt',
    },
    files: [
      {
        id: id * 10,
        type: 'default',
        status: 'ok',
        url: `${CDN}/art/${id}.png`,
        thumbnail_url: `${CDN}/art/${id}_thumb.png`,
        preview_url: `${CDN}/art/${id}_preview.png`,
        visible: true,
      },
      {
        id: id * 10 + 1,
        type: 'preview',
        status: 'ok',
        url: null,
        thumbnail_url: `${CDN}/mockup/${id}_thumb.png`,
        preview_url: `${CDN}/mockup/${id}.png`,
        visible: false,
      },
    ],
    options: [
      { id: 'embroidery_type', value: 'flat' },
      { id: 'thread_colors', value: [] },
    ],
    main_category_id: 24,
    warehouse_product_id: null,
    warehouse_product_variant_id: null,
    availability_status: 'active',
    ...fields,
  };
}

export function defaultFakeCatalog(): FakeProduct[] {
  const tee = { id: 1001, name: 'SchoolBox Tee' };
  const mug = { id: 1002, name: 'SchoolBox Mug' };
  const poster = { id: 1003, name: 'SchoolBox Poster' };
  const ignored = { id: 1004, name: 'Old Tote' };
  const unsynced = { id: 1005, name: 'Unfinished Hoodie' };
  return [
    {
      ...tee,
      external_id: 'tee-001',
      thumbnail_url: `${CDN}/tee_thumb.png`,
      is_ignored: false,
      variants: [
        variant(tee, 5001, { name: 'SchoolBox Tee - Navy / S', color: 'Navy', size: 'S', retail_price: '24.90' }),
        variant(tee, 5002, { name: 'SchoolBox Tee - Navy / M', color: 'Navy', size: 'M', retail_price: '24.90' }),
        variant(tee, 5003, { name: 'SchoolBox Tee - Black / M', color: 'Black', size: 'M', retail_price: '26.50' }),
        variant(tee, 5004, { name: 'SchoolBox Tee - White / L', color: 'White', size: 'L', retail_price: '24.90', is_ignored: true }),
        variant(tee, 5005, {
          name: 'SchoolBox Tee - Black / XL',
          color: 'Black',
          size: 'XL',
          retail_price: '24.90',
          availability_status: 'discontinued',
        }),
        variant(tee, 5006, { name: 'SchoolBox Tee - Navy / XL', color: 'Navy', size: 'XL', retail_price: null }),
      ],
    },
    {
      ...mug,
      external_id: '6308d1498007d7',
      thumbnail_url: null,
      is_ignored: false,
      variants: [
        // No colour/size fields (older stores): the name says "White / 11oz".
        variant(mug, 5101, {
          name: 'SchoolBox Mug - White / 11oz',
          retail_price: '12.90',
          currency: '',
          product: { variant_id: 1320, product_id: 19, image: `${CDN}/products/19/1320_blank.jpg`, name: 'White Glossy Mug (11oz)' },
          files: [
            {
              id: 99,
              type: 'default',
              status: 'waiting',
              url: `${CDN}/art/mug.png`,
              thumbnail_url: null,
              preview_url: null,
              visible: true,
            },
          ],
        }),
        variant(mug, 5102, {
          name: 'SchoolBox Mug - White / 15oz',
          retail_price: '14.90',
          currency: '',
          product: { variant_id: 4830, product_id: 19, image: `${CDN}/products/19/4830_blank.jpg`, name: 'White Glossy Mug (15oz)' },
          files: [],
        }),
      ],
    },
    {
      ...poster,
      external_id: 'poster-1',
      thumbnail_url: `${CDN}/poster_thumb.png`,
      is_ignored: false,
      variants: [
        // A custom variant name: only the catalog product's "(…)" tells the size.
        variant(poster, 5201, {
          name: 'Classroom poster',
          retail_price: '19',
          product: {
            variant_id: 3876,
            product_id: 1,
            image: `${CDN}/products/1/3876_blank.jpg`,
            name: 'Enhanced Matte Paper Poster (in) (18″×24″)',
          },
        }),
      ],
    },
    {
      ...ignored,
      external_id: 'tote-old',
      thumbnail_url: null,
      is_ignored: true,
      variants: [variant(ignored, 5301, { retail_price: '9.90', color: 'Natural', size: null })],
    },
    {
      ...unsynced,
      external_id: null,
      thumbnail_url: null,
      is_ignored: false,
      variants: [variant(unsynced, 5401, { retail_price: '39.90', synced: false, color: 'Grey', size: 'M' })],
    },
  ];
}

/** `count` plain products with one variant each (ids 20000…, variants 60000…), to exercise paging. */
export function manyFakeProducts(count: number): FakeProduct[] {
  return Array.from({ length: count }, (_, i) => {
    const product = { id: 20_000 + i, name: `Product ${i + 1}` };
    return {
      ...product,
      external_id: `many-${i + 1}`,
      thumbnail_url: `${CDN}/many/${i + 1}.png`,
      is_ignored: false,
      variants: [variant(product, 60_000 + i, { name: `${product.name} - Black / M`, color: 'Black', size: 'M', retail_price: '10.00' })],
    };
  });
}
