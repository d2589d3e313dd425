import type { ProductDto, ProductsResponse } from '@drop/shared';

export function makeProduct(over: Partial<ProductDto> = {}): ProductDto {
  const id = over.id ?? 1;
  return {
    id,
    b2b_code_id: 100000 + id,
    code_id: 500 + id,
    vendor_code: `VC-${id}`,
    name: `Чохол-книжка ${id}`,
    name_uk: `Чохол-книжка ${id}`,
    name_ru: `Чехол-книжка ${id}`,
    brand: null,
    description: 'Опис',
    images: [
      { type: 'medium_centered', path: `p/${id}-m.svg` },
      { type: 'thumb', path: `p/${id}-t.svg` },
    ],
    has_images: true,
    inet_pack: 1,
    in_pack: 1,
    drop_price: 100,
    old_drop_price: null,
    retail_price: 150,
    markup_price: 140,
    profit: 40,
    qty: 25,
    quantity: '< 100',
    reserved: 0,
    is_new: false,
    analogues_count: 0,
    in_cart: false,
    is_favorite: false,
    is_subscribed: false,
    category_id: 3,
    parent_id: 2,
    root_id: 1,
    ...over,
  };
}

export function makeList(products: ProductDto[], over: Partial<ProductsResponse['meta']> = {}): ProductsResponse {
  const meta = { current_page: 1, per_page: 10, total: products.length, last_page: 1, ...over };
  return { data: products, current_category: null, breadcrumbs: [], meta, pagination: { last_page: meta.last_page } };
}

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A 64-hex-digit picture hash made of `seed` (tests: distinct pictures). */
export const pictureHash = (seed: number) => seed.toString(16).padStart(2, '0').repeat(32);

/**
 * The images of pictures in the picture store (issue 30) as the API lists them: per picture its
 * medium (`-m.webp`), original (`.jpg`) and thumb (`-t.webp`).
 */
export function storedImages(...hashes: string[]): ProductDto['images'] {
  return hashes.flatMap((h) => {
    const base = `pictures/${h.slice(0, 2)}/${h}`;
    return [
      { type: 'medium_centered' as const, path: `${base}-m.webp` },
      { type: 'original' as const, path: `${base}.jpg` },
      { type: 'thumb' as const, path: `${base}-t.webp` },
    ];
  });
}

/** A picture stored before issue 30: the same raw upload three times. */
export const legacyImages = (path: string): ProductDto['images'] => [
  { type: 'medium_centered', path },
  { type: 'original', path },
  { type: 'thumb', path },
];
