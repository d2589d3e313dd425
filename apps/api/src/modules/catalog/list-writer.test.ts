import { describe, expect, it } from 'vitest';
import { kopToUah, productsResponse, type Locale } from '@drop/shared';
import { compileJsonSerializer } from '../../lib/serializer.ts';
import { BASE_ROW, type BaseProductRow, type ProductRow } from './catalog.repository.ts';
import { presentListPage, type PriceContext, type ProductListPage } from './catalog.presenter.ts';
import { uahJson, writeProductList } from './list-writer.ts';

const routeSerializer = compileJsonSerializer(productsResponse)!;
const hash = 'ab' + '0123456789abcdef'.repeat(4).slice(2);

function base(id: number, over: Partial<BaseProductRow> = {}): BaseProductRow {
  return {
    id,
    b2b_code_id: 100_000 + id,
    code_id: 7_000_000 + id,
    vendor_code: `VC-${id}`,
    name_uk: `Чохол ${id} для Samsung`,
    name_ru: `Чехол ${id} для Samsung`,
    brand: id % 2 ? 'Hoco' : null,
    category_id: 53,
    parent_id: id % 3 ? 11 : null,
    root_id: 1,
    drop_kop: 37_070 + id,
    old_drop_kop: id % 2 ? 40_000 : null,
    retail_kop: 46_500,
    qty: id * 37,
    reserved: id % 5,
    inet_pack: 1,
    in_pack: 2,
    is_new: id % 2 === 0,
    has_images: true,
    analogue_group_id: null,
    images: [[`pictures/ab/${hash}.jpg`, `pictures/ab/${hash}-m.webp`, `pictures/ab/${hash}-t.webp`]],
    analogues_count: id % 4,
    ...over,
  };
}

const marks = (b: BaseProductRow, flags: Partial<Pick<ProductRow, 'in_cart' | 'is_favorite' | 'is_subscribed'>> = {}, withBase = true): ProductRow => ({
  ...b,
  in_cart: false,
  is_favorite: false,
  is_subscribed: false,
  ...flags,
  ...(withBase ? { [BASE_ROW]: b } : {}),
});

const verified: PriceContext = { user: { discount: 0, isVerified: true, markup: 0, isDropMarkup: false, recommendedFloor: false }, market: null };
const vip: PriceContext = {
  user: { discount: 10, isVerified: true, markup: 20, isDropMarkup: true, recommendedFloor: false },
  market: { baseType: 1, baseMarkup: 15, categoryMarkups: new Map([[53, 7.5]]) },
};

function page(rows: ProductRow[], locale: Locale, prices: PriceContext): ProductListPage {
  return {
    rows,
    locale,
    prices,
    rest: {
      current_category: {
        id: 53,
        name: 'Чохли "для" смартфонів',
        name_uk: 'Чохли',
        name_ru: 'Чехлы',
        image_url: null,
        icon: null,
        icon_color: null,
        parent_id: 11,
        products_count: 3,
        child: [],
      },
      breadcrumbs: [{ title: 'Каталог', href: '/dashboard/catalog', disabled: false }],
      meta: { current_page: 1, per_page: 20, total: rows.length, last_page: 1 },
      pagination: { last_page: 1 },
    },
  };
}

/** What the route's own serializer writes, and what the writer writes without checking itself. */
const both = (p: ProductListPage) => ({ expected: routeSerializer(presentListPage(p)), written: writeProductList(p, false).toString('utf8') });

describe('list-writer: GET /products as bytes', () => {
  it('writes what the route serializer writes, in either language, from its kept pieces and anew', () => {
    const rows = [base(1), base(2), base(3, { images: [] })];
    for (const round of [1, 2]) {
      for (const locale of ['uk', 'ru'] as const) {
        const { expected, written } = both(
          page(
            rows.map((r) => marks(r)),
            locale,
            verified,
          ),
        );
        expect(written, `${locale}, round ${round}`).toBe(expected);
      }
    }
  });

  it("the personal fields follow the reseller while the kept pieces stay the row's", () => {
    const rows = [base(4), base(5)];
    const first = both(
      page(
        rows.map((r) => marks(r)),
        'uk',
        verified,
      ),
    );
    expect(first.written).toBe(first.expected);
    const other = both(
      page(
        rows.map((r) => marks(r, { in_cart: true, is_favorite: true, is_subscribed: true })),
        'uk',
        vip,
      ),
    );
    expect(other.written).toBe(other.expected);
    expect(other.written).not.toBe(first.written);
    expect(JSON.parse(other.written).data[0]).toMatchObject({ in_cart: true, is_favorite: true, is_subscribed: true });
  });

  it('a changed row (a new row object) is written anew; a row without its cached one is written each time', () => {
    const before = base(6);
    expect(both(page([marks(before)], 'uk', verified)).written).toContain('"qty":222');
    const after = { ...before, qty: 0, name_uk: 'Нова назва' };
    const { expected, written } = both(page([marks(after)], 'uk', verified));
    expect(written).toBe(expected);
    expect(JSON.parse(written).data[0]).toMatchObject({ qty: 0, name: 'Нова назва' });
    const loose = both(page([marks(base(7), {}, false)], 'ru', vip));
    expect(loose.written).toBe(loose.expected);
  });

  it('names that look like the JSON around them, escapes, emoji and lone surrogates are written as the serializer writes them', () => {
    const rows = [
      base(8, { name_uk: 'a,"qty":1,"category_id":2 \\" \n\t " кінець', vendor_code: ',"qty":', brand: '\\' }),
      base(9, { name_uk: 'емодзі 😀 і \ud800 самотній', name_ru: '\udfff' }),
      base(10, { images: [['products/4/old.jpg', 'products/4/old.jpg', 'products/4/old.jpg']] }),
    ];
    for (const locale of ['uk', 'ru'] as const) {
      const { expected, written } = both(
        page(
          rows.map((r) => marks(r)),
          locale,
          verified,
        ),
      );
      expect(written).toBe(expected);
      expect(JSON.parse(written).data.map((d: { qty: number }) => d.qty)).toEqual([296, 333, 370]);
    }
  });

  it('writes hryvnia from kopecks exactly as JSON writes kopToUah of them', () => {
    const samples = [
      0,
      -0,
      1,
      5,
      9,
      10,
      11,
      50,
      99,
      100,
      101,
      110,
      1_000,
      12_345,
      12_340,
      12_300,
      37_070.4,
      37_070.5,
      -1,
      -10,
      -12_345,
      2 ** 40 + 7,
      Number.MAX_SAFE_INTEGER,
    ];
    for (let i = 0; i < 20_000; i++) samples.push(Math.floor(Math.random() * 10 ** (1 + (i % 12))) * (i % 7 === 0 ? -1 : 1));
    for (const kop of samples) expect(uahJson(kop), String(kop)).toBe(JSON.stringify(kopToUah(kop)));
    expect(uahJson(1e300)).toBe(JSON.stringify(kopToUah(1e300)));
  });

  it('an empty page is the envelope alone', () => {
    const { expected, written } = both(page([], 'uk', verified));
    expect(written).toBe(expected);
    expect(JSON.parse(written).data).toEqual([]);
  });

  it('with the check on, an answer that breaks its contract is refused', () => {
    const p = page([marks(base(11), {}, false)], 'uk', verified);
    (p.rows[0] as { qty: unknown }).qty = 'many';
    expect(() => writeProductList(p, true)).toThrow();
  });
});
