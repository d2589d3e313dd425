import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminProductSummaryDto, BulkChangeResultDto, LowStockRowDto, StockMovementDto } from '@drop/shared';
import { expectSameLocaleKeys } from '../../../test/locales.ts';
import { Reply, mockApi, page, renderSection, setDesktop } from '../orders/test-utils.tsx';
import { parseAmount } from './bulk-change-dialog.tsx';
import CatalogSection from './catalog-section.tsx';
import { parseLowStockQuery } from './low-stock-page.tsx';
import { bulkFilterOf } from './stock-api.ts';
import ru from './locales/stock-ru.json';
import uk from './locales/stock-uk.json';

const summary = (id: number, over: Partial<AdminProductSummaryDto> = {}): AdminProductSummaryDto =>
  ({
    id,
    b2b_code_id: 1000 + id,
    code_id: id,
    vendor_code: `V-${id}`,
    name_uk: `Товар ${id}`,
    name_ru: `Товар ${id} ru`,
    category_id: 11,
    drop_price: 50,
    old_drop_price: null,
    retail_price: 100,
    qty: 3,
    reserved: 1,
    is_new: false,
    inet_pack: 1,
    in_pack: 1,
    archived_at: null,
    archived_from_category_id: null,
    thumb: null,
    updated_at: '2026-01-01T10:00:00Z',
    ...over,
  }) as AdminProductSummaryDto;

const result = (over: Partial<BulkChangeResultDto> = {}): BulkChangeResultDto => ({
  matched: 3,
  changed: 2,
  skipped: 1,
  skipped_by_reason: { retail_below_drop: 1 },
  sum_before: 200,
  sum_after: 220,
  sample: [
    { id: 2, b2b_code_id: 1002, vendor_code: 'V-2', name_uk: 'Товар 2', name_ru: 'Товар 2 ru', before: 100, after: 110, reason: null },
    { id: 1, b2b_code_id: 1001, vendor_code: 'V-1', name_uk: 'Товар 1', name_ru: 'Товар 1 ru', before: 100, after: 110, reason: null },
  ],
  skipped_sample: [
    { id: 3, b2b_code_id: 1003, vendor_code: 'V-3', name_uk: 'Товар 3', name_ru: 'Товар 3 ru', before: 40, after: 44, reason: 'retail_below_drop' },
  ],
  ...over,
});

const movement = (id: number, over: Partial<StockMovementDto> = {}): StockMovementDto => ({
  id,
  source: 'operator',
  qty_delta: 2,
  reserved_delta: 0,
  qty_after: 5,
  reserved_after: 1,
  order_id: null,
  order_number: null,
  actor_id: 1,
  actor_name: 'Адмін',
  note: null,
  created_at: '2026-11-20T10:00:00Z',
  ...over,
});

describe('stock and bulk changes', () => {
  beforeEach(() => setDesktop(true));
  afterEach(() => vi.unstubAllGlobals());

  it('locales: uk and ru have the same keys, none empty', () => {
    expectSameLocaleKeys(uk, ru);
  });

  it('parses the amount as the API takes it', () => {
    expect(parseAmount('10', 'retail_price', 'percent')).toBe(10);
    expect(parseAmount('-12,5', 'retail_price', 'percent')).toBe(-12.5);
    expect(parseAmount('1.005', 'retail_price', 'value')).toBeNull();
    expect(parseAmount('0', 'retail_price', 'value')).toBeNull();
    expect(parseAmount('0', 'qty', 'set')).toBe(0);
    expect(parseAmount('-1', 'qty', 'set')).toBeNull();
    expect(parseAmount('1.5', 'qty', 'value')).toBeNull();
    expect(parseAmount('abc', 'qty', 'value')).toBeNull();
    expect(bulkFilterOf({ search: 'a', category_id: 3, in_stock: false, page: 2, per_page: 20 })).toEqual({ search: 'a', category_id: 3, in_stock: false });
    expect(parseLowStockQuery(new URLSearchParams('threshold=x&category_id=-1'))).toEqual({ threshold: 3, category_id: undefined, in_stock_only: undefined });
    expect(parseLowStockQuery(new URLSearchParams('threshold=10&in_stock_only=true'))).toMatchObject({ threshold: 10, in_stock_only: true });
  });

  it('bulk change: the list filter goes to the preview, the preview table shows before -> after and skipped rows, apply asks and sends the same body with a key', async () => {
    const api = mockApi((c) => {
      if (c.path === '/admin/catalog/categories') return { data: [] };
      if (c.path === '/admin/catalog/products') return page([summary(2), summary(1), summary(3)]);
      if (c.path === '/admin/catalog/products/bulk-change/preview') return { data: result() };
      if (c.path === '/admin/catalog/products/bulk-change') return { data: result({ sample: [], skipped_sample: [] }) };
      return undefined;
    });
    renderSection(<CatalogSection />, 'catalog', '/admin/catalog/products?search=%D1%87%D0%BE%D1%85%D0%BE%D0%BB&in_stock=true');
    fireEvent.click(await screen.findByTestId('products-bulk-change'));
    const dialog = await screen.findByTestId('bulk-change-dialog');
    expect(within(dialog).getByTestId('bulk-target').textContent).toBe('Усі товари за поточним фільтром списку');
    // Nothing to preview without an amount.
    fireEvent.click(within(dialog).getByTestId('bulk-preview'));
    expect(await within(dialog).findByText('Введіть число (ціни — до 2 знаків після коми, кількість — ціле)')).toBeTruthy();
    expect(api.find('POST', '/admin/catalog/products/bulk-change/preview')).toHaveLength(0);
    expect((within(dialog).getByTestId('bulk-apply') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByTestId('bulk-amount'), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByTestId('bulk-preview'));
    await waitFor(() => expect(within(dialog).getByTestId('bulk-summary').textContent).toContain('Знайдено: 3 · Зміниться: 2 · Пропущено: 1'));
    expect(api.find('POST', '/admin/catalog/products/bulk-change/preview')[0]!.body).toEqual({
      filter: { search: 'чохол', in_stock: true },
      field: 'retail_price',
      mode: 'percent',
      amount: 10,
      rounding: 'kop',
    });
    const rows = within(within(dialog).getByTestId('bulk-sample')).getAllByTestId('bulk-row');
    expect(rows.map((r) => r.dataset.productId)).toEqual(['2', '1']);
    expect(within(rows[0]!).getByTestId('bulk-before').textContent).toBe('100.00 грн.');
    expect(within(rows[0]!).getByTestId('bulk-after').textContent).toBe('110.00 грн.');
    expect(within(within(dialog).getByTestId('bulk-skipped')).getByText('Роздрібна ціна стала б нижчою за дроп-ціну')).toBeTruthy();
    // Changing the form makes the preview stale: apply waits for a new one.
    fireEvent.change(within(dialog).getByTestId('bulk-amount'), { target: { value: '11' } });
    expect((within(dialog).getByTestId('bulk-apply') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByTestId('bulk-amount'), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByTestId('bulk-preview'));
    await waitFor(() => expect((within(dialog).getByTestId('bulk-apply') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(within(dialog).getByTestId('bulk-apply'));
    fireEvent.click(await screen.findByTestId('bulk-confirm-confirm'));
    await waitFor(() => expect(api.find('POST', '/admin/catalog/products/bulk-change')).toHaveLength(1));
    const applied = api.find('POST', '/admin/catalog/products/bulk-change')[0]!;
    expect(applied.body).toEqual(api.find('POST', '/admin/catalog/products/bulk-change/preview').at(-1)!.body);
    expect(applied.idempotencyKey).toMatch(/^[\x20-\x7e]{8,255}$/);
    expect(await screen.findByText('Змінено 2 товари')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('bulk-change-dialog')).toBeNull());
  }, 20_000);

  it('bulk change of the selection; a server refusal is shown', async () => {
    mockApi((c) => {
      if (c.path === '/admin/catalog/categories') return { data: [] };
      if (c.path === '/admin/catalog/products') return page([summary(2), summary(1)]);
      if (c.path === '/admin/catalog/products/bulk-change/preview')
        return new Reply(422, { message: 'Забагато рядків', errors: { filter: ['Забагато рядків: не більше 50000 за раз, звузьте фільтр'] } });
      return undefined;
    });
    renderSection(<CatalogSection />, 'catalog', '/admin/catalog/products');
    fireEvent.click(await screen.findByTestId('products-select-1'));
    fireEvent.click(screen.getByTestId('products-bulk-change'));
    const dialog = await screen.findByTestId('bulk-change-dialog');
    expect(within(dialog).getByTestId('bulk-target').textContent).toBe('Вибраний 1 товар');
    fireEvent.change(within(dialog).getByTestId('bulk-amount'), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByTestId('bulk-preview'));
    expect((await within(dialog).findByTestId('bulk-error')).textContent).toContain('не більше 50000');
  });

  it('stock history on the product editor: levels, source chips, an order link, more pages', async () => {
    const product = { ...summary(5, { qty: 4, reserved: 2 }), description_uk: '', description_ru: '', brand: null, images: [], properties: [] };
    const api = mockApi((c) => {
      if (c.path === '/admin/catalog/categories') return { data: [] };
      if (c.path === '/admin/catalog/properties') return { data: [] };
      if (c.path === '/admin/catalog/products/5') return { data: product };
      if (c.path === '/admin/catalog/products/5/stock-history' && !c.query.get('before'))
        return {
          data: [
            movement(9, { source: 'order', qty_delta: -2, reserved_delta: 2, order_id: 77, order_number: '100077' }),
            movement(8, { source: 'onec', actor_id: null, actor_name: null, note: 'offers.xml' }),
          ],
          stock: { free: 4, reserved: 2, on_hand: 6 },
          next_before: 8,
        };
      if (c.path === '/admin/catalog/products/5/stock-history')
        return {
          data: [movement(3, { source: 'return', qty_delta: 1 }), movement(2, { note: 'bulk' })],
          stock: { free: 4, reserved: 2, on_hand: 6 },
          next_before: null,
        };
      return undefined;
    });
    renderSection(<CatalogSection />, 'catalog', '/admin/catalog/products/5');
    const card = await screen.findByTestId('stock-history');
    await waitFor(() => expect(within(card).getAllByTestId('stock-row')).toHaveLength(2));
    expect(within(card).getByTestId('stock-on-hand').textContent).toBe('6');
    expect(within(card).getByTestId('stock-reserved').textContent).toBe('2');
    expect(within(card).getByTestId('stock-free').textContent).toBe('4');
    expect(
      within(card)
        .getAllByTestId('stock-source')
        .map((c) => c.textContent),
    ).toEqual(['Замовлення', '1С']);
    expect(within(card).getByTestId('stock-order').getAttribute('href')).toBe('/admin/orders/77');
    expect(within(card).getByTestId('stock-order').textContent).toBe('№ 100077');
    fireEvent.click(within(card).getByTestId('stock-history-more'));
    await waitFor(() => expect(within(card).getAllByTestId('stock-row')).toHaveLength(4));
    expect(api.find('GET', '/admin/catalog/products/5/stock-history').at(-1)!.query.get('before')).toBe('8');
    expect(
      within(card)
        .getAllByTestId('stock-source')
        .map((c) => c.textContent),
    ).toEqual(['Замовлення', '1С', 'Повернення', 'Оператор']);
    expect(within(card).getByText('Масова зміна')).toBeTruthy();
    expect(within(card).queryByTestId('stock-history-more')).toBeNull();
  });

  it('stock history: an empty history says so; mobile shows cards', async () => {
    setDesktop(false);
    const product = { ...summary(6), description_uk: '', description_ru: '', brand: null, images: [], properties: [] };
    mockApi((c) => {
      if (c.path === '/admin/catalog/categories') return { data: [] };
      if (c.path === '/admin/catalog/properties') return { data: [] };
      if (c.path === '/admin/catalog/products/6') return { data: product };
      if (c.path === '/admin/catalog/products/6/stock-history') return { data: [], stock: { free: 3, reserved: 1, on_hand: 4 }, next_before: null };
      return undefined;
    });
    renderSection(<CatalogSection />, 'catalog', '/admin/catalog/products/6');
    expect((await screen.findByTestId('stock-history-empty', {}, { timeout: 4000 })).textContent).toBe('Змін залишку ще не було');
  });

  it('low stock: a tab of the catalogue with the threshold in the URL, on hand / reserved / free, empty state', async () => {
    const rows: LowStockRowDto[] = [
      { id: 7, b2b_code_id: 1007, vendor_code: 'V-7', name_uk: 'Дриль', name_ru: 'Дрель', category_id: 11, free: 0, reserved: 2, on_hand: 2 },
      { id: 6, b2b_code_id: 1006, vendor_code: 'V-6', name_uk: 'Шуруповерт', name_ru: 'Шуруповерт', category_id: 11, free: 1, reserved: 0, on_hand: 1 },
    ];
    const api = mockApi((c) => {
      if (c.path === '/admin/catalog/categories') return { data: [] };
      if (c.path === '/admin/catalog/low-stock') return c.query.get('threshold') === '0' ? { data: [], next_after: null } : { data: rows, next_after: null };
      return undefined;
    });
    renderSection(<CatalogSection />, 'catalog', '/admin/catalog/low-stock');
    expect((await screen.findByTestId('catalog-tab-low-stock')).textContent).toBe('Мало на складі');
    await waitFor(() => expect(screen.getAllByTestId('low-stock-row')).toHaveLength(2));
    expect(api.find('GET', '/admin/catalog/low-stock')[0]!.query.get('threshold')).toBe('3');
    const first = screen.getAllByTestId('low-stock-row')[0]!;
    expect([
      within(first).getByTestId('low-stock-on-hand').textContent,
      within(first).getByTestId('low-stock-reserved').textContent,
      within(first).getByTestId('low-stock-free').textContent,
    ]).toEqual(['2', '2', '0']);
    const threshold = screen.getByTestId('low-stock-threshold');
    fireEvent.change(threshold, { target: { value: '0' } });
    fireEvent.keyDown(threshold, { key: 'Enter' });
    expect((await screen.findByTestId('low-stock-empty')).textContent).toContain('Немає товарів із вільним залишком до 0 шт.');
  });
});
