import { productDetailDto, productListItemDto, productsResponse } from '@drop/shared';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './serializer.ts';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });
const serializer = (schema: z.ZodType, check: boolean) => responseSerializerCompiler(check)(route(schema));
/** What fastify-type-provider-zod's serializer writes: the contract's fields, encoded. */
const zodJson = (schema: z.ZodType, data: unknown) => JSON.stringify(z.encode(schema, data));

const tricky = 'Кросівки "Air" \\ 50%\n\t<b>&</b> 😀 \u2028 \ud800 end';
const item = (i: number, extra = false) => ({
  id: 900_000 + i,
  b2b_code_id: 1_900_000 + i,
  code_id: 500_000 + i,
  vendor_code: `VC-${i}`,
  name: i === 0 ? tricky : `Товар ${i}`,
  brand: i % 2 ? null : 'Nike',
  images: i % 3 ? [{ type: 'thumb', path: `/storage/p/${i}-t.webp` }] : [],
  has_images: i % 3 !== 0,
  inet_pack: 1,
  in_pack: 6,
  drop_price: 1234.56 + i / 100,
  old_drop_price: i % 2 ? 1500.1 : null,
  retail_price: 1999,
  markup_price: 2199.99,
  profit: -0.01,
  qty: 0,
  quantity: '0',
  reserved: 2,
  is_new: i % 2 === 0,
  analogues_count: 0,
  in_cart: true,
  is_favorite: false,
  is_subscribed: i % 2 === 1,
  category_id: 59,
  parent_id: i % 2 ? null : 12,
  root_id: 3,
  ...(extra ? { name_uk: 'не для списку', description: 'опис', secret: 'x' } : {}),
});
const category = (id: number, child: unknown[] = []) => ({
  id,
  name: `Категорія ${id}`,
  name_uk: `Категорія ${id}`,
  name_ru: `Категория ${id}`,
  image_url: null,
  icon: 'mdi-tag',
  icon_color: null,
  parent_id: id === 1 ? null : id - 1,
  products_count: 5,
  child,
});
const listBody = (extra = false) => ({
  data: Array.from({ length: 6 }, (_, i) => item(i, extra)),
  current_category: null,
  breadcrumbs: [{ title: 'Каталог', href: '/dashboard/catalog', disabled: false }],
  meta: { current_page: 1, per_page: 20, total: 6, last_page: 1 },
  pagination: { last_page: 1 },
});

describe('the response serializer (fast-json-stringify from the zod contract)', () => {
  test('writes what zod writes: escapes, nulls, floats, empty arrays, unicode', () => {
    for (const check of [true, false]) {
      const body = listBody();
      expect(serializer(productsResponse, check)(body)).toBe(zodJson(productsResponse, body));
    }
  });

  test('a recursive category tree (a $ref cycle) comes out whole', () => {
    const cat = z.toJSONSchema(productsResponse.shape.current_category, { io: 'output', cycles: 'ref' });
    expect(JSON.stringify(cat)).toContain('$ref');
    const tree = { ...listBody(), current_category: { ...category(1, [category(2, [category(3)])]), extra: 1 } };
    const out = serializer(productsResponse, false)(tree);
    expect(JSON.parse(out).current_category.child[0].child[0].id).toBe(3);
    expect(out).toBe(zodJson(productsResponse, tree));
  });

  test('only the contract leaves the server: fields the presenter added are dropped, checked or not', () => {
    for (const check of [true, false]) {
      const out = JSON.parse(serializer(productsResponse, check)(listBody(true))) as { data: Record<string, unknown>[] };
      // The contract's fields, in its order (the presenter's order does not matter).
      expect(Object.keys(out.data[0]!)).toEqual(Object.keys(productListItemDto.shape));
      expect(Object.keys(out.data[0]!).sort()).toEqual(Object.keys(item(0)).sort());
      expect(out.data[0]).not.toHaveProperty('secret');
      expect(out.data[0]).not.toHaveProperty('description');
    }
  });

  test('with check (development, tests) an answer outside its contract is a ResponseSerializationError', () => {
    const bad = listBody();
    (bad.data[1] as Record<string, unknown>).drop_price = '12.50';
    let caught: unknown;
    try {
      serializer(productsResponse, true)(bad);
    } catch (err) {
      caught = err;
    }
    expect(isResponseSerializationError(caught)).toBe(true);
  });

  test('the product page (nested properties) matches zod too', () => {
    const detail = {
      ...item(0),
      name_uk: 'Назва',
      name_ru: 'Название',
      description: tricky,
      relation_properties: [{ id: 7, property_type: { id: 2, name: 'Колір' }, property_value: { id: 7, value: 'сірий' } }],
      properties: [{ name: 'Колір', value: 'сірий' }],
    };
    expect(serializer(productDetailDto, false)(detail)).toBe(zodJson(productDetailDto, detail));
  });

  test('schemas JSON Schema cannot stand for keep zod: dates, codecs, defaults', () => {
    const dated = z.object({ at: z.date() });
    expect(serializer(dated, false)({ at: new Date('2026-11-28T10:00:00Z') })).toBe('{"at":"2026-11-28T10:00:00.000Z"}');
    const codec = z.object({ n: z.codec(z.string(), z.number(), { decode: Number, encode: String }) });
    expect(serializer(codec, false)({ n: 5 })).toBe('{"n":"5"}');
    const defaulted = z.object({ page: z.number().default(1) });
    expect(serializer(defaulted, false)({ page: 3 })).toBe('{"page":3}');
  });
});
