import { productsResponse } from '@drop/shared';
import { responseSerializerCompiler } from './src/lib/serializer.ts';
const item = (i: number) => ({ id: 900000 + i, b2b_code_id: 1900000 + i, code_id: 500000 + i, vendor_code: `VC-${i}-XL`, name: `Кросівки спортивні чоловічі Nike Air Zoom ${i} сірі`, brand: 'Nike', images: [{ type: 'original', path: `/storage/p/${i}.jpg` }, { type: 'medium_centered', path: `/storage/p/${i}-m.webp` }, { type: 'thumb', path: `/storage/p/${i}-t.webp` }], has_images: true, inet_pack: 1, in_pack: 1, drop_price: 1234.56, old_drop_price: null, retail_price: 1999, markup_price: 1999, profit: 764.44, qty: 12, quantity: '10+', reserved: 0, is_new: false, analogues_count: 3, in_cart: false, is_favorite: i % 3 === 0, is_subscribed: false, category_id: 59, parent_id: 12, root_id: 3 });
const cat = { id: 59, name: 'Кросівки', name_uk: 'Кросівки', name_ru: 'Кроссовки', image_url: null, icon: null, icon_color: null, parent_id: 12, products_count: 20472, child: [] };
for (const cc of [null, cat]) {
  const body = { data: Array.from({ length: 20 }, (_, i) => item(i)), current_category: cc, breadcrumbs: [{ title: 'Каталог', href: '/dashboard/catalog', disabled: false }], meta: { current_page: 1, per_page: 20, total: 2289, last_page: 115 }, pagination: { last_page: 115 } };
  const f = responseSerializerCompiler(false)({ schema: productsResponse, method: 'GET', url: '/x', httpStatus: '200' } as never);
  for (let i = 0; i < 3000; i++) f(body);
  const t = process.hrtime.bigint(); for (let i = 0; i < 20000; i++) f(body); console.log(cc ? 'with category' : 'null category', Number(process.hrtime.bigint() - t) / 20000 / 1000, 'µs');
}
